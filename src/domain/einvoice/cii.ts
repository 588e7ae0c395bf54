/**
 * Domain (pure): EN 16931 in UN/CEFACT Cross Industry Invoice D16B syntax (the CII of Factur-X / ZUGFeRD and
 * XRechnung), from the semantic model (document.ts). Elements in the schema's order; the business term each one
 * carries is named beside it.
 */
import type { InvoiceParty } from '../invoices/invoice';
import type { EInvoiceDocument, EInvoiceLine, EInvoiceVatGroup } from './document';
import { amountOf, date102, percentOf, vatIdsOf } from './format';
import { profileIdentifiers, type EInvoiceProfile } from './profiles';
import { group, groupWith, leaf, xmlDocument, type XmlElement } from './xml';

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

const dateTime = (name: string, isoDate: string, prefix = 'udt') => group(name, leaf(`${prefix}:DateTimeString`, date102(isoDate), { format: '102' }));

function line(doc: EInvoiceDocument, l: EInvoiceLine): XmlElement | undefined {
  return group(
    'ram:IncludedSupplyChainTradeLineItem',
    group('ram:AssociatedDocumentLineDocument', leaf('ram:LineID', l.id)), // BT-126
    group('ram:SpecifiedTradeProduct', leaf('ram:Name', l.name)), // BT-153
    group(
      'ram:SpecifiedLineTradeAgreement',
      group(
        'ram:NetPriceProductTradePrice',
        leaf('ram:ChargeAmount', amountOf(l.price, doc)), // BT-146
        leaf('ram:BasisQuantity', l.baseQuantity, { unitCode: 'C62' }), // BT-149, BT-150
      ),
    ),
    group('ram:SpecifiedLineTradeDelivery', leaf('ram:BilledQuantity', l.quantity, { unitCode: 'C62' })), // BT-129, BT-130
    group(
      'ram:SpecifiedLineTradeSettlement',
      group(
        'ram:ApplicableTradeTax',
        leaf('ram:TypeCode', 'VAT'),
        leaf('ram:CategoryCode', l.category), // BT-151
        l.category !== 'O' && leaf('ram:RateApplicablePercent', percentOf(l.rate)), // BT-152 (none for O: BR-O-05)
      ),
      group('ram:SpecifiedTradeSettlementLineMonetarySummation', leaf('ram:LineTotalAmount', amountOf(l.net, doc))), // BT-131
    ),
  );
}

function party(name: string, p: InvoiceParty, vatId: string | undefined, seller: boolean): XmlElement | undefined {
  const contact = seller ? p.contact : undefined;
  return group(
    name,
    leaf('ram:Name', p.name), // BT-27 / BT-44
    seller && group('ram:SpecifiedLegalOrganization', leaf('ram:ID', p.legal_registration_id)), // BT-30
    contact &&
      group(
        'ram:DefinedTradeContact', // BG-6
        leaf('ram:PersonName', contact.name), // BT-41
        group('ram:TelephoneUniversalCommunication', leaf('ram:CompleteNumber', contact.phone)), // BT-42
        group('ram:EmailURIUniversalCommunication', leaf('ram:URIID', contact.email)), // BT-43
      ),
    group(
      'ram:PostalTradeAddress',
      leaf('ram:PostcodeCode', p.address.postal_code), // BT-38 / BT-53
      leaf('ram:LineOne', p.address.line1), // BT-35 / BT-50
      leaf('ram:LineTwo', p.address.line2), // BT-36 / BT-51
      leaf('ram:CityName', p.address.city), // BT-37 / BT-52
      leaf('ram:CountryID', p.address.country), // BT-40 / BT-55
      leaf('ram:CountrySubDivisionName', p.address.state), // BT-39 / BT-54
    ),
    p.electronic_address && group('ram:URIUniversalCommunication', leaf('ram:URIID', p.electronic_address.value, { schemeID: p.electronic_address.scheme })), // BT-34 / BT-49
    group('ram:SpecifiedTaxRegistration', leaf('ram:ID', vatId, { schemeID: 'VA' })), // BT-31 / BT-48
  );
}

const tradeTax = (doc: EInvoiceDocument, g: EInvoiceVatGroup) =>
  group(
    'ram:ApplicableTradeTax', // BG-23
    leaf('ram:CalculatedAmount', amountOf(g.tax, doc)), // BT-117
    leaf('ram:TypeCode', 'VAT'),
    leaf('ram:ExemptionReason', g.exemption?.text), // BT-120
    leaf('ram:BasisAmount', amountOf(g.taxable, doc)), // BT-116
    leaf('ram:CategoryCode', g.category), // BT-118
    leaf('ram:ExemptionReasonCode', g.exemption?.code), // BT-121
    leaf('ram:RateApplicablePercent', percentOf(g.rate)), // BT-119
  );

function settlement(doc: EInvoiceDocument): XmlElement | undefined {
  const payment = doc.payment;
  return group(
    'ram:ApplicableHeaderTradeSettlement',
    leaf('ram:InvoiceCurrencyCode', doc.currency), // BT-5
    payment &&
      group(
        'ram:SpecifiedTradeSettlementPaymentMeans', // BG-16
        leaf('ram:TypeCode', payment.means_code), // BT-81
        group('ram:PayeePartyCreditorFinancialAccount', leaf('ram:IBANID', payment.iban)), // BT-84
        group('ram:PayeeSpecifiedCreditorFinancialInstitution', leaf('ram:BICID', payment.bic)), // BT-86
      ),
    doc.vat.map((g) => tradeTax(doc, g)),
    payment &&
      group(
        'ram:SpecifiedTradePaymentTerms',
        leaf('ram:Description', payment.terms), // BT-20
        payment.due_date && dateTime('ram:DueDateDateTime', payment.due_date), // BT-9
      ),
    group(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation', // BG-22
      leaf('ram:LineTotalAmount', amountOf(doc.lineTotal, doc)), // BT-106
      leaf('ram:TaxBasisTotalAmount', amountOf(doc.lineTotal, doc)), // BT-109
      leaf('ram:TaxTotalAmount', amountOf(doc.taxTotal, doc), { currencyID: doc.currency }), // BT-110
      leaf('ram:GrandTotalAmount', amountOf(doc.total, doc)), // BT-112
      leaf('ram:DuePayableAmount', amountOf(doc.total, doc)), // BT-115
    ),
    doc.precedingInvoice &&
      group(
        'ram:InvoiceReferencedDocument', // BG-3
        leaf('ram:IssuerAssignedID', doc.precedingInvoice.number), // BT-25
        dateTime('ram:FormattedIssueDateTime', doc.precedingInvoice.issueDate, 'qdt'), // BT-26
      ),
  );
}

/** The CII XML of an EN 16931 document in the given profile (its completeness is checked by the caller: index.ts). */
export function ciiXml(doc: EInvoiceDocument, profile: EInvoiceProfile): string {
  const ids = profileIdentifiers[profile];
  const vatIds = vatIdsOf(doc);
  const root = groupWith(
    'rsm:CrossIndustryInvoice',
    NAMESPACES,
    group(
      'rsm:ExchangedDocumentContext',
      group('ram:BusinessProcessSpecifiedDocumentContextParameter', leaf('ram:ID', ids.profileId)), // BT-23
      group('ram:GuidelineSpecifiedDocumentContextParameter', leaf('ram:ID', ids.customizationId)), // BT-24
    ),
    group(
      'rsm:ExchangedDocument',
      leaf('ram:ID', doc.number), // BT-1
      leaf('ram:TypeCode', doc.typeCode), // BT-3
      dateTime('ram:IssueDateTime', doc.issueDate), // BT-2
      group('ram:IncludedNote', leaf('ram:Content', doc.note)), // BT-22
    ),
    group(
      'rsm:SupplyChainTradeTransaction',
      doc.lines.map((l) => line(doc, l)),
      group(
        'ram:ApplicableHeaderTradeAgreement',
        leaf('ram:BuyerReference', doc.buyerReference), // BT-10
        party('ram:SellerTradeParty', doc.seller, vatIds.seller, true), // BG-4
        party('ram:BuyerTradeParty', doc.buyer, vatIds.buyer, false), // BG-7
        group('ram:BuyerOrderReferencedDocument', leaf('ram:IssuerAssignedID', doc.purchaseOrder)), // BT-13
      ),
      group(
        'ram:ApplicableHeaderTradeDelivery',
        doc.deliverToCountry && group('ram:ShipToTradeParty', group('ram:PostalTradeAddress', leaf('ram:CountryID', doc.deliverToCountry))), // BT-80
        group('ram:ActualDeliverySupplyChainEvent', dateTime('ram:OccurrenceDateTime', doc.deliveryDate)), // BT-72
      ),
      settlement(doc),
    ),
  );
  return xmlDocument(root!);
}
