/**
 * The e-invoice builders (src/domain/einvoice): what the documents say (line ids in order, amounts from the invoice's
 * minor units, categories, the credit note's type and reference, names as UTF-8 characters, the same bytes each time)
 * and what a profile refuses (422 einvoice_incomplete naming every missing term with its field path and rule).
 */
import { ciiCreditNoteXml, ciiInvoiceXml, missingTerms, invoiceDocument, ublCreditNoteXml, ublInvoiceXml } from '../../../src/domain/einvoice';
import { isGln, isLeitwegId } from '../../../src/domain/einvoice/profiles';
import { vatCategoryOf } from '../../../src/domain/einvoice/vat-category';
import type { Invoice } from '../../../src/domain/invoices/invoice';
import { creditNoteOf, einvoiceCases, germanSeller } from '../../support/einvoice-cases';

const domestic = einvoiceCases['DE domestic 19 % + 7 %']!;
const refusal = (write: () => unknown) => {
  try {
    write();
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error('no refusal');
};

describe('e-invoice content', () => {
  it('writes the invoice lines with their ids in order, amounts in decimals of the currency, and the VAT breakdown per rate', () => {
    const ubl = ublInvoiceXml(domestic);
    expect([...ubl.matchAll(/<cac:InvoiceLine>\s*<cbc:ID>([^<]+)</g)].map((m) => m[1])).toEqual(['seats', 'books']);
    expect(ubl).toContain('<cbc:LineExtensionAmount currencyID="EUR">100.01</cbc:LineExtensionAmount>');
    // 100.01 for 3 handbooks does not divide into cents: the price is stated for the 3 (BT-149), so quantity x price = net.
    expect(ubl).toMatch(/<cbc:PriceAmount currencyID="EUR">100.01<\/cbc:PriceAmount>\s*<cbc:BaseQuantity unitCode="C62">3<\/cbc:BaseQuantity>/);
    expect(ubl).toMatch(/<cbc:PriceAmount currencyID="EUR">100.00<\/cbc:PriceAmount>\s*<cbc:BaseQuantity unitCode="C62">1<\/cbc:BaseQuantity>/);
    expect(ubl).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">464.01</cbc:TaxInclusiveAmount>');
    const cii = ciiInvoiceXml(domestic);
    expect([...cii.matchAll(/<ram:LineID>([^<]+)</g)].map((m) => m[1])).toEqual(['seats', 'books']);
    expect(cii).toMatch(/<ram:CalculatedAmount>57.00<\/ram:CalculatedAmount>[\s\S]*<ram:RateApplicablePercent>19<\/ram:RateApplicablePercent>/);
    expect(cii).toMatch(/<ram:CalculatedAmount>7.00<\/ram:CalculatedAmount>[\s\S]*<ram:RateApplicablePercent>7<\/ram:RateApplicablePercent>/);
    expect(ciiInvoiceXml(domestic)).toBe(cii);
  });

  it('writes amounts with the currency digits (JPY none)', () => {
    const yen = { ...domestic, currency: 'JPY' };
    expect(ublInvoiceXml(yen)).toContain('<cbc:PayableAmount currencyID="JPY">46401</cbc:PayableAmount>');
    expect(refusal(() => ublInvoiceXml({ ...domestic, currency: 'KWD' })).message).toContain('BT-5 (currency; BR-DEC-09');
  });

  it('gives each line the category of the engine answer: AE with the buyer VAT id, K with delivery date and country, O without VAT ids, G', () => {
    const rc = ublInvoiceXml(einvoiceCases['DE -> FR business, reverse charge']!);
    expect(rc).toContain('<cbc:ID>AE</cbc:ID>');
    expect(rc).toContain('<cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason>');
    expect(rc).toContain('<cbc:CompanyID>FR40303265045</cbc:CompanyID>');
    const k = ciiInvoiceXml(einvoiceCases['goods DE -> AT business (K)']!);
    expect(k).toContain('<ram:CategoryCode>K</ram:CategoryCode>');
    expect(k).toMatch(/<ram:ShipToTradeParty>\s*<ram:PostalTradeAddress>\s*<ram:CountryID>AT<\/ram:CountryID>/);
    expect(k).toContain('<udt:DateTimeString format="102">20260930</udt:DateTimeString>');
    const o = ublInvoiceXml(einvoiceCases['DE -> US services (O)']!);
    expect(o).toContain('<cbc:ID>O</cbc:ID>');
    expect(o).not.toContain('PartyTaxScheme');
    expect(o).toContain('<cbc:CompanyID>HRB 123456 B</cbc:CompanyID>');
    expect(ublInvoiceXml(einvoiceCases['DE -> US goods (G)']!)).toContain('<cbc:ID>G</cbc:ID>');
  });

  it('maps the engine answers to categories', () => {
    const base = { tax_amount: 0, tax_rate: 0, goods: false, sellerCountry: 'DE', buyerCountry: 'DE' };
    expect(vatCategoryOf({ ...base, taxability_reason: 'taxable', tax_amount: 190, tax_rate: 0.19 })).toBe('S');
    expect(vatCategoryOf({ ...base, taxability_reason: 'zero_rated' })).toBe('Z');
    expect(vatCategoryOf({ ...base, taxability_reason: 'customer_exempt' })).toBe('E');
    expect(vatCategoryOf({ ...base, taxability_reason: 'reverse_charge', buyerCountry: 'FR' })).toBe('AE');
    expect(vatCategoryOf({ ...base, taxability_reason: 'reverse_charge', buyerCountry: 'AT', goods: true })).toBe('K');
    expect(vatCategoryOf({ ...base, taxability_reason: 'not_taxable_in_jurisdiction', buyerCountry: 'US', goods: true })).toBe('G');
    expect(vatCategoryOf({ ...base, taxability_reason: 'not_taxable_in_jurisdiction', buyerCountry: 'US' })).toBe('O');
    expect(vatCategoryOf({ ...base, taxability_reason: 'reverse_charge', buyerCountry: 'CH' })).toBe('O');
  });

  it('writes names as UTF-8 characters, escaping only the XML markup', () => {
    const xml = ciiInvoiceXml(einvoiceCases['names in Polish, Czech, Greek and Cyrillic']!);
    expect(xml).toContain('<ram:Name>Łódź Sp. z o.o. — Żółć &amp; Ćma &lt;Zespołowy&gt;</ram:Name>');
    expect(xml).toContain('Příliš žluťoučký kůň s.r.o. · Ελληνική Εταιρεία Α.Ε. · ООО «Ромашка»');
    expect(xml).toContain('<ram:LineID>ř1</ram:LineID>');
    expect(xml).not.toMatch(/&#/);
  });

  it('writes a credit note: UBL CreditNote / CII 381 with positive amounts, referring to the invoice (BT-25, BT-26)', () => {
    const note = creditNoteOf(domestic, [{ id: 'seats', net_amount: 20_000, tax_amount: 3_800 }]);
    const ubl = ublCreditNoteXml(note, domestic);
    expect(ubl).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(ubl).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(ubl).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>DE-0001<\/cbc:ID>\s*<cbc:IssueDate>2026-10-05<\/cbc:IssueDate>/);
    expect(ubl).toContain('<cbc:CreditedQuantity unitCode="C62">1</cbc:CreditedQuantity>');
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">238.00</cbc:PayableAmount>');
    const cii = ciiCreditNoteXml(note, domestic);
    expect(cii).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(cii).toMatch(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>DE-0001<\/ram:IssuerAssignedID>/);
    expect(cii).not.toMatch(/>-\d/);
  });
});

describe('profiles', () => {
  const bare: Invoice = {
    ...domestic,
    buyer_reference: undefined,
    payment: undefined,
    seller: { ...germanSeller, contact: undefined, electronic_address: undefined },
    buyer: { ...domestic.buyer!, electronic_address: undefined },
  };

  it('writes the specification identifiers of each profile', () => {
    expect(ublInvoiceXml(domestic)).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>');
    expect(ublInvoiceXml(domestic, 'xrechnung')).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(ublInvoiceXml(domestic, 'peppol')).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>\n  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>',
    );
  });

  it('writes EN 16931 without the XRechnung and Peppol data', () => {
    expect(() => ublInvoiceXml(bare)).not.toThrow();
  });

  it('refuses an XRechnung that lacks data with 422 einvoice_incomplete, naming every term, its path and the rule', () => {
    const error = refusal(() => ciiInvoiceXml(bare, 'xrechnung'));
    expect(error).toMatchObject({ status: 422, code: 'einvoice_incomplete' });
    for (const part of [
      'BT-10 (buyer_reference; BR-DE-15)',
      'BG-16 (payment; BR-DE-1)',
      'BG-6 (seller.contact; BR-DE-2)',
      'BT-34 (seller.electronic_address',
      'BT-49 (customer.electronic_address',
    ]) {
      expect(error.message).toContain(part);
    }
  });

  it('refuses a Peppol invoice without endpoints or references (PEPPOL-EN16931-R003, R010, R020) and German rules between German parties', () => {
    const paths = missingTerms(invoiceDocument(bare), 'peppol').map((m) => `${m.term} ${m.path} ${m.rule}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'BT-10 buyer_reference (or purchase_order, BT-13) PEPPOL-EN16931-R003',
        'BT-34 seller.electronic_address PEPPOL-EN16931-R020',
        'BT-49 customer.electronic_address PEPPOL-EN16931-R010',
        'BG-16 payment DE-R-001',
        'BG-6 seller.contact DE-R-002',
      ]),
    );
    const email = { ...domestic, seller: { ...germanSeller, electronic_address: { scheme: 'EM', value: 'a@b.example' } } };
    expect(missingTerms(invoiceDocument(email), 'peppol')).toEqual([
      { term: 'BT-34', path: 'seller.electronic_address.scheme', rule: 'PEPPOL-EN16931-CL008 (an ICD-based EAS code)' },
    ]);
  });

  it('never guesses BT-10: a purchase order does not stand in for it in XRechnung', () => {
    const withOrder = { ...domestic, buyer_reference: undefined, purchase_order: 'PO-1' };
    expect(missingTerms(invoiceDocument(withOrder), 'xrechnung').map((m) => m.term)).toEqual(['BT-10']);
    expect(missingTerms(invoiceDocument(withOrder), 'peppol').map((m) => m.rule)).toEqual(['DE-R-015']);
  });

  it('names the VAT ids the categories need, and the legal registration id of a supply outside the scope of VAT', () => {
    const rc = einvoiceCases['DE -> FR business, reverse charge']!;
    expect(missingTerms(invoiceDocument({ ...rc, buyer: { ...rc.buyer!, tax_id: null } }), 'en16931')).toEqual([
      { term: 'BT-48', path: 'customer.tax_id', rule: 'BR-AE-02' },
    ]);
    const us = einvoiceCases['DE -> US services (O)']!;
    expect(missingTerms(invoiceDocument({ ...us, seller: { ...germanSeller, legal_registration_id: undefined } }), 'en16931')).toEqual([
      { term: 'BT-30', path: 'seller.legal_registration_id', rule: 'BR-CO-26 (category O carries no VAT id)' },
    ]);
    expect(missingTerms(invoiceDocument({ ...domestic, payment: { means_code: '58' } }), 'en16931')).toEqual([
      { term: 'BT-84', path: 'payment.iban', rule: 'BR-61' },
    ]);
  });

  it('checks a Leitweg-ID and a GLN', () => {
    expect(isLeitwegId('991-33333TEST-33')).toBe(true);
    expect(isLeitwegId('991-33333TEST-34')).toBe(false);
    expect(isGln('4000001000005')).toBe(true);
    expect(isGln('4000001000006')).toBe(false);
    const wrong = { ...domestic, buyer: { ...domestic.buyer!, electronic_address: { scheme: '0204', value: '991-33333TEST-33' } }, buyer_reference: 'ABC' };
    expect(missingTerms(invoiceDocument(wrong), 'xrechnung').map((m) => `${m.term} ${m.path}`)).toEqual(['BT-10 buyer_reference']);
  });
});
