/**
 * Integration: POST /v1/tax/rate, POST /v1/tax/unify and POST /v1/transactions answer the same treatment for the
 * same sale, through their handlers on DynamoDB Local. One shared table: each case is sent to the
 * three routes; they must report the same `customer` block (the transaction stores it), rate and unify the same
 * reverse charge, exemption and jurisdiction, and unify's and the transaction's one-line tax must be rate x amount.
 * Each case's expected answer names its source.
 */
import { callRoute, newTestAccount } from '../support/api';

interface Case {
  name: string;
  seller: 'DE' | 'US';
  customer: { type: string; tax_id?: string };
  location: Record<string, string>;
  line?: { product_category: string; delivery_method: string };
  /** The sale's date; default today. */
  date?: string;
  expected: { applied_type: string; reason?: string; reverse_charge: boolean; total_rate: number };
}

const saas = { product_category: 'SAAS', delivery_method: 'CLOUD' };
const consulting = { product_category: 'PROFESSIONAL_SERVICES', delivery_method: 'CLOUD' };

const cases: Case[] = [
  // Directive 2006/112/EC Art. 44 + Art. 196: a B2B customer with a valid VAT number reverse-charges.
  {
    name: 'EU cross-border B2B with a valid VAT ID',
    seller: 'DE',
    customer: { type: 'B2B', tax_id: 'FR40303265045' },
    location: { country: 'FR' },
    expected: { applied_type: 'B2B', reverse_charge: true, total_rate: 0 },
  },
  // Implementing Regulation 282/2011 Art. 18(2): without a VAT number the supplier may treat the customer as non-taxable:
  // Art. 58 + CGI art. 278 (20 %).
  {
    name: 'EU cross-border B2B without an ID',
    seller: 'DE',
    customer: { type: 'B2B' },
    location: { country: 'FR' },
    expected: { applied_type: 'B2C', reason: 'tax_id_missing', reverse_charge: false, total_rate: 0.2 },
  },
  // Same rule, the number fails its check digits (ibericode/vat-rates' FR key check): taxed as B2C, 20 %.
  {
    name: 'EU cross-border B2B with an invalid VAT ID',
    seller: 'DE',
    customer: { type: 'B2B', tax_id: 'FR00000000000' },
    location: { country: 'FR' },
    expected: { applied_type: 'B2C', reason: 'tax_id_invalid', reverse_charge: false, total_rate: 0.2 },
  },
  // Implementing Regulation 282/2011 Art. 18(1)(a): in the EU the VAT number is the proof; a SIREN is not: 20 %.
  {
    name: 'EU B2B quoting a business number that is not a VAT number',
    seller: 'DE',
    customer: { type: 'B2B', tax_id: '303265045' },
    location: { country: 'FR' },
    expected: { applied_type: 'B2C', reason: 'tax_id_invalid', reverse_charge: false, total_rate: 0.2 },
  },
  // Domestic B2B: the supplier charges its own VAT (UStG § 12(1) 19 %; § 13b reverse charge is for foreign suppliers).
  {
    name: 'domestic B2B with a valid VAT ID',
    seller: 'DE',
    customer: { type: 'B2B', tax_id: 'DE136695976' },
    location: { country: 'DE' },
    expected: { applied_type: 'B2B', reverse_charge: false, total_rate: 0.19 },
  },
  // VATA 1994 s. 7A(2)(a) + s. 8: a UK business receiving services from abroad reverse-charges.
  {
    name: 'GB B2B with a valid GB VAT number',
    seller: 'DE',
    customer: { type: 'B2B', tax_id: 'GB980780684' },
    location: { country: 'GB' },
    expected: { applied_type: 'B2B', reverse_charge: true, total_rate: 0 },
  },
  // VATA 1994 Sch. 4A para 15: electronic services to a person who is not a relevant business person: UK VAT 20 %.
  {
    name: 'GB B2B without an ID',
    seller: 'DE',
    customer: { type: 'B2B' },
    location: { country: 'GB' },
    expected: { applied_type: 'B2C', reason: 'tax_id_missing', reverse_charge: false, total_rate: 0.2 },
  },
  // HMRC VATPOSS06400: remote consultancy to a GB consumer is supplied where the supplier belongs: no UK VAT.
  {
    name: 'GB consumer buying remote consultancy',
    seller: 'DE',
    customer: { type: 'B2C' },
    location: { country: 'GB' },
    line: consulting,
    expected: { applied_type: 'B2C', reverse_charge: false, total_rate: 0 },
  },
  // GST Act 1999 s. 9-26 / s. 84-5: a non-resident's supply to a registered business (ABN) is not charged GST.
  {
    name: 'AU B2B with an ABN',
    seller: 'US',
    customer: { type: 'B2B', tax_id: '51824753556' },
    location: { country: 'AU' },
    expected: { applied_type: 'B2B', reverse_charge: true, total_rate: 0 },
  },
  // GST Act 1999 s. 84-65 and s. 9-70: an inbound intangible consumer supply bears 10 % GST.
  {
    name: 'AU B2B without an ABN',
    seller: 'US',
    customer: { type: 'B2B' },
    location: { country: 'AU' },
    expected: { applied_type: 'B2C', reason: 'tax_id_missing', reverse_charge: false, total_rate: 0.1 },
  },
  // MWSTG Art. 45 para 1 lit. a: a Swiss business pays Bezugsteuer on services from abroad.
  {
    name: 'CH B2B with a VAT (MWST) number',
    seller: 'US',
    customer: { type: 'B2B', tax_id: 'CHE-116.281.710 MWST' },
    location: { country: 'CH' },
    expected: { applied_type: 'B2B', reverse_charge: true, total_rate: 0 },
  },
  // GST Act 1985 (NZ) s. 8BB: remote services to a registered recipient are not charged GST by the non-resident.
  {
    name: 'NZ B2B with an IRD number',
    seller: 'US',
    customer: { type: 'B2B', tax_id: '49-091-850' },
    location: { country: 'NZ' },
    expected: { applied_type: 'B2B', reverse_charge: true, total_rate: 0 },
  },
  // Consumption Tax Act art. 5(1), art. 28(2): business electronic services from abroad: specified taxable purchase.
  {
    name: 'JP B2B with a corporate number',
    seller: 'US',
    customer: { type: 'B2B', tax_id: '5000012010024' },
    location: { country: 'JP' },
    expected: { applied_type: 'B2B', reverse_charge: true, total_rate: 0 },
  },
  // Ohio R.C. 5739.01(B)(3)(e): automatic data processing is taxed only for business use: 5.75 % state rate (R.C. 5739.02).
  {
    name: 'US Ohio B2B SaaS with an EIN',
    seller: 'US',
    customer: { type: 'B2B', tax_id: '04-2103594' },
    location: { country: 'US', state: 'OH' },
    expected: { applied_type: 'B2B', reverse_charge: false, total_rate: 0.0575 },
  },
  // Without the EIN the customer is a consumer, and Ohio does not tax SaaS for personal use (R.C. 5739.01(Y)(1)(c)).
  {
    name: 'US Ohio B2B SaaS without an EIN',
    seller: 'US',
    customer: { type: 'B2B' },
    location: { country: 'US', state: 'OH' },
    expected: { applied_type: 'B2C', reason: 'tax_id_missing', reverse_charge: false, total_rate: 0 },
  },
  // Notification 9/2017-IT(Rate) Sl. 10: consultancy imported by an individual for non-business use is exempt.
  {
    name: 'IN consumer buying remote consultancy',
    seller: 'US',
    customer: { type: 'B2C' },
    location: { country: 'IN' },
    line: consulting,
    expected: { applied_type: 'B2C', reverse_charge: false, total_rate: 0 },
  },
  // Implementing Regulation 282/2011 Art. 18(1)(a) + (2): a reseller is a taxable person only with its VAT number;
  // without one it is treated as non-taxable: Art. 58 + CGI art. 278 (20 %).
  {
    name: 'EU reseller without an ID',
    seller: 'DE',
    customer: { type: 'RESELLER' },
    location: { country: 'FR' },
    expected: { applied_type: 'B2C', reason: 'tax_id_missing', reverse_charge: false, total_rate: 0.2 },
  },
  // Directive 2006/112/EC Art. 44 + 196: with its VAT number the reseller reverse-charges.
  {
    name: 'EU reseller with a valid VAT ID',
    seller: 'DE',
    customer: { type: 'RESELLER', tax_id: 'FR40303265045' },
    location: { country: 'FR' },
    expected: { applied_type: 'RESELLER', reverse_charge: true, total_rate: 0 },
  },
  // Implementing Regulation 282/2011 Art. 18(1)(a): a customer in Spain proves it is a taxable person with an EU VAT
  // number; a GB one does not: Art. 58 + Ley 37/1992 art. 90 (21 %).
  {
    name: 'EU-located B2B quoting only a GB VAT number',
    seller: 'DE',
    customer: { type: 'B2B', tax_id: 'GB980780684' },
    location: { country: 'ES' },
    expected: { applied_type: 'B2C', reason: 'tax_id_invalid', reverse_charge: false, total_rate: 0.21 },
  },
  // The EIN is checked against the country the location resolves to (a US IP and an Ohio ZIP): R.C. 5739.01(B)(3)(e),
  // 5.75 % state rate (R.C. 5739.02) as with the country given. Dated before any ZIP table the suite imports (the
  // 2026-03 tables of tax-rate.test.ts), so the answer is the state rate whichever tests ran first.
  {
    name: 'US B2B located by IP and ZIP only, with an EIN',
    seller: 'US',
    customer: { type: 'B2B', tax_id: '04-2103594' },
    location: { ip_address: '8.8.8.8', postal_code: '43215' },
    date: '2025-06-16',
    expected: { applied_type: 'B2B', reverse_charge: false, total_rate: 0.0575 },
  },
  // The ABN is checked against the IP's country (AU): GST Act 1999 s. 9-26 / s. 84-5, no GST charged.
  {
    name: 'AU B2B located by IP only, with an ABN',
    seller: 'US',
    customer: { type: 'B2B', tax_id: '51824753556' },
    location: { ip_address: '203.2.218.214' },
    expected: { applied_type: 'B2B', reverse_charge: true, total_rate: 0 },
  },
];

describe('POST /v1/tax/rate, POST /v1/tax/unify and POST /v1/transactions agree on the customer treatment', () => {
  const sellers: Record<string, string> = {};
  beforeAll(async () => {
    sellers.DE = (await newTestAccount('DE', 'Verkäufer GmbH')).account_id;
    sellers.US = (await newTestAccount('US', 'Seller Inc')).account_id;
  });

  it('has at least 12 shared cases', () => expect(cases.length).toBeGreaterThanOrEqual(12));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const line = c.line ?? saas;
    const rate = await callRoute('tax-rate', {
      accountId: sellers[c.seller]!,
      body: {
        ...line,
        customer_type: c.customer.type,
        ...(c.customer.tax_id ? { customer_tax_id: c.customer.tax_id } : {}),
        location: c.location,
        ...(c.date ? { date: c.date } : {}),
      },
    });
    const unify = await callRoute('tax-unify', {
      accountId: sellers[c.seller]!,
      body: {
        currency: 'EUR',
        customer: c.customer,
        location: c.location,
        ...(c.date ? { date: c.date } : {}),
        line_items: [{ id: 'l1', amount: 10_000, ...line }],
      },
    });
    const transaction = await callRoute('transactions-create', {
      accountId: sellers[c.seller]!,
      body: {
        id: `agree-${Math.random().toString(36).slice(2, 10)}`,
        date: unify.body.date,
        currency: 'EUR',
        customer_type: c.customer.type,
        ...(c.customer.tax_id ? { customer_tax_id: c.customer.tax_id } : {}),
        location: c.location,
        line_items: [{ id: 'l1', amount: 10_000, ...line }],
      },
    });
    expect([rate.status, unify.status, transaction.status, transaction.body.message]).toEqual([200, 200, 201, undefined]);

    // The same treatment, reported the same way.
    expect(rate.body.customer).toEqual(unify.body.customer);
    expect(rate.body.reverse_charge_applicable).toBe(unify.body.reverse_charge_applicable);
    expect(rate.body.exempt).toBe(unify.body.exempt);
    expect(rate.body.jurisdiction).toEqual(unify.body.jurisdiction);
    // One line of 10,000 is rate x amount, rounded half-up (docs/unify.md).
    expect(unify.body.line_items[0].tax_amount).toBe(Math.round(rate.body.total_rate * 10_000));
    // The transaction is taxed and recorded with the same treatment.
    expect(transaction.body.customer).toEqual(rate.body.customer);
    expect(transaction.body.jurisdiction).toEqual(rate.body.jurisdiction);
    expect(transaction.body.tax_total).toBe(Math.round(rate.body.total_rate * 10_000));

    expect({
      applied_type: rate.body.customer.applied_type,
      reason: rate.body.customer.reason,
      reverse_charge: rate.body.reverse_charge_applicable,
      total_rate: rate.body.total_rate,
    }).toEqual({ reason: undefined, ...c.expected });
  });
});
