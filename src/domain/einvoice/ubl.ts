/**
 * Domain (pure): EN 16931 in OASIS UBL 2.1 syntax (an `Invoice`, or a `CreditNote` with positive amounts), from the
 * semantic model (document.ts). Elements in the schema's order; the business term each one carries is named beside it.
 */
import type { InvoiceParty } from '../invoices/invoice';
import type { EInvoiceDocument, EInvoiceLine, EInvoiceVatGroup } from './document';
import { amountOf, percentOf, vatIdsOf } from './format';
import { profileIdentifiers, type EInvoiceProfile } from './profiles';
import { group, groupWith, leaf, xmlDocument, type XmlElement } from './xml';

const COMMON = {
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const vatScheme = () => group('cac:TaxScheme', leaf('cbc:ID', 'VAT'));

function party(p: InvoiceParty, vatId: string | undefined, seller: boolean): XmlElement | undefined {
  const contact = seller ? p.contact : undefined;
  return group(
    'cac:Party',
    p.electronic_address && leaf('cbc:EndpointID', p.electronic_address.value, { schemeID: p.electronic_address.scheme }), // BT-34 / BT-49
    group(
      'cac:PostalAddress',
      leaf('cbc:StreetName', p.address.line1), // BT-35 / BT-50
      leaf('cbc:AdditionalStreetName', p.address.line2), // BT-36 / BT-51
      leaf('cbc:CityName', p.address.city), // BT-37 / BT-52
      leaf('cbc:PostalZone', p.address.postal_code), // BT-38 / BT-53
      leaf('cbc:CountrySubentity', p.address.state), // BT-39 / BT-54
      group('cac:Country', leaf('cbc:IdentificationCode', p.address.country)), // BT-40 / BT-55
    ),
    vatId && group('cac:PartyTaxScheme', leaf('cbc:CompanyID', vatId), vatScheme()), // BT-31 / BT-48
    group(
      'cac:PartyLegalEntity',
      leaf('cbc:RegistrationName', p.name), // BT-27 / BT-44
      seller && leaf('cbc:CompanyID', p.legal_registration_id), // BT-30
    ),
    contact &&
      group(
        'cac:Contact', // BG-6
        leaf('cbc:Name', contact.name), // BT-41
        leaf('cbc:Telephone', contact.phone), // BT-42
        leaf('cbc:ElectronicMail', contact.email), // BT-43
      ),
  );
}

const taxSubtotal = (doc: EInvoiceDocument, g: EInvoiceVatGroup) =>
  group(
    'cac:TaxSubtotal', // BG-23
    leaf('cbc:TaxableAmount', amountOf(g.taxable, doc), { currencyID: doc.currency }), // BT-116
    leaf('cbc:TaxAmount', amountOf(g.tax, doc), { currencyID: doc.currency }), // BT-117
    group(
      'cac:TaxCategory',
      leaf('cbc:ID', g.category), // BT-118
      leaf('cbc:Percent', percentOf(g.rate)), // BT-119
      leaf('cbc:TaxExemptionReasonCode', g.exemption?.code), // BT-121
      leaf('cbc:TaxExemptionReason', g.exemption?.text), // BT-120
      vatScheme(),
    ),
  );

function line(doc: EInvoiceDocument, l: EInvoiceLine): XmlElement | undefined {
  const credit = doc.kind === 'credit_note';
  return group(
    credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
    leaf('cbc:ID', l.id), // BT-126
    leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', l.quantity, { unitCode: 'C62' }), // BT-129, BT-130
    leaf('cbc:LineExtensionAmount', amountOf(l.net, doc), { currencyID: doc.currency }), // BT-131
    group(
      'cac:Item',
      leaf('cbc:Name', l.name), // BT-153
      group(
        'cac:ClassifiedTaxCategory',
        leaf('cbc:ID', l.category), // BT-151
        l.category !== 'O' && leaf('cbc:Percent', percentOf(l.rate)), // BT-152 (none for O: BR-O-05)
        vatScheme(),
      ),
    ),
    group(
      'cac:Price',
      leaf('cbc:PriceAmount', amountOf(l.price, doc), { currencyID: doc.currency }), // BT-146
      leaf('cbc:BaseQuantity', l.baseQuantity, { unitCode: 'C62' }), // BT-149, BT-150
    ),
  );
}

function payment(doc: EInvoiceDocument): (XmlElement | undefined)[] {
  const p = doc.payment;
  if (!p) return [];
  return [
    group(
      'cac:PaymentMeans', // BG-16
      leaf('cbc:PaymentMeansCode', p.means_code), // BT-81
      p.iban && group('cac:PayeeFinancialAccount', leaf('cbc:ID', p.iban), group('cac:FinancialInstitutionBranch', leaf('cbc:ID', p.bic))), // BT-84, BT-86
    ),
    group('cac:PaymentTerms', leaf('cbc:Note', p.terms)), // BT-20
  ];
}

/** The UBL XML of an EN 16931 document in the given profile (its completeness is checked by the caller: index.ts). */
export function ublXml(doc: EInvoiceDocument, profile: EInvoiceProfile): string {
  const ids = profileIdentifiers[profile];
  const vatIds = vatIdsOf(doc);
  const credit = doc.kind === 'credit_note';
  const root = credit ? 'CreditNote' : 'Invoice';
  const element = groupWith(
    root,
    { xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`, ...COMMON },
    leaf('cbc:CustomizationID', ids.customizationId), // BT-24
    leaf('cbc:ProfileID', ids.profileId), // BT-23
    leaf('cbc:ID', doc.number), // BT-1
    leaf('cbc:IssueDate', doc.issueDate), // BT-2
    !credit && leaf('cbc:DueDate', doc.payment?.due_date), // BT-9
    leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', doc.typeCode), // BT-3
    leaf('cbc:Note', doc.note), // BT-22
    leaf('cbc:DocumentCurrencyCode', doc.currency), // BT-5
    leaf('cbc:BuyerReference', doc.buyerReference), // BT-10
    group('cac:OrderReference', leaf('cbc:ID', doc.purchaseOrder)), // BT-13
    doc.precedingInvoice &&
      group(
        'cac:BillingReference', // BG-3
        group('cac:InvoiceDocumentReference', leaf('cbc:ID', doc.precedingInvoice.number), leaf('cbc:IssueDate', doc.precedingInvoice.issueDate)), // BT-25, BT-26
      ),
    group('cac:AccountingSupplierParty', party(doc.seller, vatIds.seller, true)), // BG-4
    group('cac:AccountingCustomerParty', party(doc.buyer, vatIds.buyer, false)), // BG-7
    group(
      'cac:Delivery', // BG-13
      leaf('cbc:ActualDeliveryDate', doc.deliveryDate), // BT-72
      doc.deliverToCountry && group('cac:DeliveryLocation', group('cac:Address', group('cac:Country', leaf('cbc:IdentificationCode', doc.deliverToCountry)))), // BT-80
    ),
    payment(doc),
    group(
      'cac:TaxTotal',
      leaf('cbc:TaxAmount', amountOf(doc.taxTotal, doc), { currencyID: doc.currency }), // BT-110
      doc.vat.map((g) => taxSubtotal(doc, g)),
    ),
    group(
      'cac:LegalMonetaryTotal', // BG-22
      leaf('cbc:LineExtensionAmount', amountOf(doc.lineTotal, doc), { currencyID: doc.currency }), // BT-106
      leaf('cbc:TaxExclusiveAmount', amountOf(doc.lineTotal, doc), { currencyID: doc.currency }), // BT-109
      leaf('cbc:TaxInclusiveAmount', amountOf(doc.total, doc), { currencyID: doc.currency }), // BT-112
      leaf('cbc:PayableAmount', amountOf(doc.total, doc), { currencyID: doc.currency }), // BT-115
    ),
    doc.lines.map((l) => line(doc, l)),
  );
  return xmlDocument(element!);
}
