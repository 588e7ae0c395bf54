/**
 * Integration: the e-invoice routes on DynamoDB Local, from invoices the engine taxed. For each case the issue names
 * (DE domestic 19 % + 7 %, DE -> FR reverse charge, DE -> FR consumer, goods DE -> AT, DE -> US services and goods,
 * an XRechnung to a public buyer, a Peppol invoice, a credit note, names in Polish, Czech, Greek and Cyrillic) every
 * format the routes answer passes the official EN 16931 validation and the schemas (test/support/en16931-validation.ts;
 * skipped, saying where it looked, without the fetched artifacts). Drafts, other accounts and profiles are refused.
 */
import { callRoute, newTestAccount } from '../support/api';
import { blocking, findArtifacts, schemaErrors, schematronFindings, type Syntax } from '../support/en16931-validation';
import { newInvoiceSeller, saas } from '../support/invoice-seller';

const contact = { name: 'Anna Schmidt', phone: '+49 30 1234567', email: 'billing@levy.example' };
const payment = { means_code: '58', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', terms: 'Payable within 30 days', due_date: '2026-11-04' };
const postalCodes: Record<string, string> = { DE: '80331', FR: '75001', AT: '1010', NL: '3511 AB', CZ: '110 00' };
const buyerAddress = (country: string, city = 'Capital') => ({ country, line1: 'Main street 5', city, postal_code: postalCodes[country]! });
/** Oregon levies no sales tax: a sale there is not taxed, so outside the scope of EU VAT (O) or an export (G). */
const oregon = { country: 'US', state: 'OR', postal_code: '97201', city: 'Portland', line1: '1 Main St' };
const goods = (id: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  description: `Machine part ${id}`,
  amount,
  quantity: 2,
  product_category: 'PHYSICAL_GOODS',
  delivery_method: 'SHIPPED',
  ...extra,
});
const ebook = (id: string, amount: number) => ({
  id,
  description: `E-book ${id}`,
  amount,
  quantity: 1,
  product_category: 'EBOOKS',
  delivery_method: 'DOWNLOAD',
});
const peppolBuyer = { scheme: '0088', value: '4000001000005' };

/** Every format of each profile the routes offer. */
const formats: [Syntax, string][] = [
  ['ubl', 'en16931'],
  ['ubl', 'xrechnung'],
  ['ubl', 'peppol'],
  ['cii', 'en16931'],
  ['cii', 'xrechnung'],
];

const { artifacts, lookedIn } = findArtifacts();

describe('e-invoices', () => {
  let accountId: string;
  let seriesId: string;
  /** Every document the routes answered, by `<case> <syntax> <profile>`, validated at the end. */
  const documents: Record<Syntax, Record<string, string>> = { ubl: {}, cii: {} };

  const finalized = async (body: Record<string, unknown>) => {
    const draft = await callRoute('invoices-create', {
      accountId,
      body: { series_id: seriesId, currency: 'EUR', issue_date: '2026-10-05', supply_date: '2026-09-30', payment, ...body },
    });
    expect(draft.status).toBe(201);
    const res = await callRoute('invoices-finalize', { accountId, pathParameters: { id: draft.body.id } });
    expect(res.status).toBe(200);
    return res.body;
  };
  const xml = (route: 'invoices-ubl' | 'invoices-cii' | 'credit-notes-ubl' | 'credit-notes-cii', id: string, profile?: string, account = accountId) =>
    callRoute(route, { accountId: account, pathParameters: { id }, query: { profile } });

  async function collect(name: string, id: string, kind: 'invoices' | 'credit-notes' = 'invoices'): Promise<void> {
    for (const [syntax, profile] of formats) {
      const res = await xml(`${kind}-${syntax}`, id, profile);
      expect({ name, syntax, profile, status: res.status, body: res.status === 200 ? '' : res.body }).toEqual({ name, syntax, profile, status: 200, body: '' });
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      documents[syntax][`${name} ${syntax} ${profile}`] = res.body as string;
    }
  }

  beforeAll(async () => {
    const made = await newInvoiceSeller({
      prefix: 'EI-',
      entity: { contact, electronic_address: { scheme: '9930', value: 'DE136695976' }, legal_registration_id: 'HRB 123456 B' },
    });
    ({ accountId, seriesId } = made);
    expect(made.seller).toMatchObject({ contact, legal_registration_id: 'HRB 123456 B' });
  });

  const cases: [string, () => Promise<Record<string, unknown>>, string[]][] = [
    [
      'DE domestic 19 % + 7 %',
      async () => ({
        customer: { name: 'Käufer AG', type: 'B2B', tax_id: 'DE129273398', address: buyerAddress('DE', 'München'), electronic_address: peppolBuyer },
        buyer_reference: 'ORDER-2026-17',
        line_items: [saas('seats', 30_000, { quantity: 3 }), ebook('handbook', 10_001)],
      }),
      ['S'],
    ],
    [
      'DE -> FR business, reverse charge',
      async () => ({
        customer: {
          name: 'Boutique Lumière SARL',
          type: 'B2B',
          tax_id: 'FR40303265045',
          address: buyerAddress('FR', 'Paris'),
          electronic_address: peppolBuyer,
        },
        buyer_reference: 'FR-REF-1',
        line_items: [saas('seats', 30_000, { quantity: 3 })],
      }),
      ['AE'],
    ],
    [
      'DE -> FR consumer, OSS 20 %',
      async () => ({
        customer: { name: 'Jeanne Dupont', type: 'B2C', address: buyerAddress('FR', 'Lyon'), electronic_address: { scheme: '0088', value: '4000001000005' } },
        buyer_reference: 'FR-REF-2',
        line_items: [saas('plan', 10_000)],
      }),
      ['S'],
    ],
    [
      'goods DE -> AT business (K)',
      async () => ({
        customer: { name: 'Wiener Maschinen GmbH', type: 'B2B', tax_id: 'ATU13585627', address: buyerAddress('AT', 'Wien'), electronic_address: peppolBuyer },
        buyer_reference: 'AT-REF-1',
        line_items: [goods('pump', 120_000)],
      }),
      ['K'],
    ],
    [
      'DE -> US services',
      async () => ({
        customer: { name: 'Acme Inc', type: 'B2B', address: oregon, electronic_address: peppolBuyer },
        buyer_reference: 'US-REF-1',
        line_items: [saas('plan', 50_000)],
      }),
      ['O'],
    ],
    [
      'DE -> US goods',
      async () => ({
        customer: { name: 'Acme Inc', type: 'B2B', address: oregon, electronic_address: peppolBuyer },
        buyer_reference: 'US-REF-2',
        line_items: [goods('pump', 80_000)],
      }),
      ['G'],
    ],
    [
      'XRechnung to a German public buyer (Leitweg-ID)',
      async () => {
        const customer = await callRoute('customers-create', {
          accountId,
          body: {
            name: 'Bundesamt für Beispiele',
            customer_type: 'B2B',
            address: buyerAddress('DE', 'Bonn'),
            electronic_address: { scheme: '0204', value: '991-33333TEST-33' },
          },
        });
        expect(customer.status).toBe(201);
        return { customer_id: customer.body.id, buyer_reference: '991-33333TEST-33', line_items: [saas('seats', 12_000)] };
      },
      ['S'],
    ],
    [
      'Peppol with endpoint ids',
      async () => ({
        customer: {
          name: 'Nederlandse Handel BV',
          type: 'B2B',
          tax_id: 'NL004495445B01',
          address: buyerAddress('NL', 'Utrecht'),
          electronic_address: { scheme: '0106', value: '12345678' },
        },
        buyer_reference: 'NL-REF-1',
        purchase_order: 'PO-4711',
        line_items: [saas('seats', 20_000)],
      }),
      ['AE'],
    ],
    [
      'names in Polish, Czech, Greek and Cyrillic',
      async () => ({
        customer: {
          name: 'Příliš žluťoučký kůň s.r.o. · Ελληνική Εταιρεία Α.Ε. · ООО «Ромашка» · Łódź Sp. z o.o.',
          type: 'B2B',
          tax_id: 'CZ25123891',
          address: buyerAddress('CZ', 'Praha'),
          electronic_address: peppolBuyer,
        },
        buyer_reference: 'CZ-REF-1',
        line_items: [saas('plan', 9_999, { description: 'Zespołowy plan — Ωμέγα — Тариф «Команда»' })],
      }),
      ['AE'],
    ],
  ];

  it.each(cases)('%s: every format, with the VAT category of the engine answer', async (name, body, categories) => {
    const invoice = await finalized(await body());
    expect(invoice.taxed_lines.map((l: { vat_category: string }) => l.vat_category)).toEqual(expect.arrayContaining(categories));
    // Germany's 19 % (UStG § 12(1)) and 7 % for e-books (§ 12(2) Nr. 14).
    if (name.startsWith('DE domestic')) expect(invoice.tax_summary.map((r: { tax_rate: number }) => r.tax_rate)).toEqual([0.19, 0.07]);
    await collect(name, invoice.id);
    if (name.startsWith('names')) {
      for (const doc of [documents.ubl[`${name} ubl en16931`]!, documents.cii[`${name} cii en16931`]!]) {
        expect(doc).toContain('Příliš žluťoučký kůň s.r.o. · Ελληνική Εταιρεία Α.Ε. · ООО «Ромашка» · Łódź Sp. z o.o.');
        expect(doc).toContain('Zespołowy plan — Ωμέγα — Тариф «Команда»');
      }
    }
  });

  it('a credit note: GET as JSON, a UBL CreditNote and a CII 381 in every profile, referring to the invoice', async () => {
    const invoice = await finalized({
      customer: { name: 'Käufer AG', type: 'B2B', tax_id: 'DE129273398', address: buyerAddress('DE', 'Köln'), electronic_address: peppolBuyer },
      buyer_reference: 'CN-REF-1',
      line_items: [saas('seats', 30_000, { quantity: 3 }), ebook('handbook', 5_000)],
    });
    const created = await callRoute('invoices-credit-notes-create', {
      accountId,
      pathParameters: { id: invoice.id },
      body: { reason: 'Two seats cancelled', line_items: [{ id: 'seats', amount: 20_000 }] },
    });
    expect(created.status).toBe(201);
    const got = await callRoute('credit-notes-get', { accountId, pathParameters: { id: created.body.id } });
    expect(got).toMatchObject({ status: 200, body: created.body });
    expect(got.body).toMatchObject({ invoice_id: invoice.id, invoice_number: invoice.number });
    await collect('a credit note', created.body.id, 'credit-notes');
    expect(documents.ubl['a credit note ubl en16931']).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(documents.ubl['a credit note ubl en16931']).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice.number}</cbc:ID>`));
    expect(documents.cii['a credit note cii en16931']).toMatch(new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${invoice.number}<`));
    const other = (await newTestAccount('DE', 'Other GmbH')).account_id;
    for (const route of ['credit-notes-get', 'credit-notes-ubl', 'credit-notes-cii'] as const) {
      expect((await callRoute(route, { accountId: other, pathParameters: { id: created.body.id } })).status).toBe(404);
    }
  });

  it('refuses a draft (409), another account (404), a profile the route does not offer (400) and a profile the data cannot fill (422)', async () => {
    const draft = await callRoute('invoices-create', {
      accountId,
      body: {
        series_id: seriesId,
        currency: 'EUR',
        issue_date: '2026-10-05',
        customer: { name: 'Käufer AG', address: buyerAddress('DE') },
        line_items: [saas('a', 1_000)],
      },
    });
    for (const route of ['invoices-ubl', 'invoices-cii'] as const) {
      expect(await xml(route, draft.body.id)).toMatchObject({ status: 409, body: { error: 'invoice_not_finalized' } });
    }
    const invoice = await finalized({
      customer: { name: 'Käufer AG', type: 'B2C', address: buyerAddress('DE') },
      payment: undefined,
      line_items: [saas('a', 1_000)],
    });
    const other = (await newTestAccount('DE', 'Other GmbH')).account_id;
    expect((await xml('invoices-ubl', invoice.id, undefined, other)).status).toBe(404);
    const peppolCii = await xml('invoices-cii', invoice.id, 'peppol');
    expect(peppolCii).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(peppolCii.body.message).toContain('en16931, xrechnung');
    const unknown = await xml('invoices-ubl', invoice.id, 'zugferd');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('en16931, xrechnung, peppol');
    expect((await xml('invoices-ubl', invoice.id)).status).toBe(200);
    const incomplete = await xml('invoices-ubl', invoice.id, 'xrechnung');
    expect(incomplete).toMatchObject({ status: 422, body: { error: 'einvoice_incomplete' } });
    for (const term of ['BT-10 (buyer_reference; BR-DE-15)', 'BG-16 (payment; BR-DE-1)', 'BT-49 (customer.electronic_address']) {
      expect(incomplete.body.message).toContain(term);
    }
  });

  if (!artifacts) {
    it.skip(`official validation: artifacts not found in ${lookedIn.join(', ')} (docs/invoices.md "Validation")`, () => undefined);
  } else {
    it('every document answered passes the official EN 16931 validation and its schema', async () => {
      const names = Object.values(documents).flatMap((d) => Object.keys(d));
      expect(names.length).toBe(formats.length * (cases.length + 1));
      const failures: string[] = [];
      for (const syntax of ['ubl', 'cii'] as const) {
        const schema = await schemaErrors(artifacts, syntax, documents[syntax]);
        for (const [name, doc] of Object.entries(documents[syntax])) {
          for (const f of blocking(schematronFindings(artifacts, syntax, doc))) failures.push(`${name}: ${f.flag} ${f.id} ${f.text} at ${f.location}`);
          for (const e of schema[name]!) failures.push(`${name}: schema ${e}`);
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
