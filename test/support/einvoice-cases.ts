/**
 * Test support: finalized invoices and credit notes for the e-invoice tests, one per case the e-invoices must pass:
 * DE domestic 19 % + 7 %, DE -> FR reverse charge, DE -> FR consumer (OSS 20 %), goods DE -> AT (K), DE -> US
 * services (O) and goods (G), an XRechnung to a German public buyer (Leitweg-ID), a Peppol invoice with endpoint ids,
 * names in Polish, Czech, Greek and Cyrillic. Each carries what every profile needs (BT-10, BG-16, BG-6, BT-34, BT-49).
 */
import type { CreditNote } from '../../src/domain/invoices/credit-note';
import type { Invoice, InvoiceParty } from '../../src/domain/invoices/invoice';

export const germanSeller: InvoiceParty = {
  name: 'Levy Berlin GmbH',
  address: { line1: 'Friedrichstraße 1', city: 'Berlin', postal_code: '10117', country: 'DE' },
  tax_id: 'DE136695976',
  contact: { name: 'Anna Schmidt', phone: '+49 30 1234567', email: 'billing@levy.example' },
  electronic_address: { scheme: '9930', value: 'DE136695976' },
  legal_registration_id: 'HRB 123456 B',
};

const buyer = (name: string, country: string, extra: Partial<InvoiceParty> = {}): InvoiceParty => ({
  name,
  address: { line1: 'Main street 5', city: 'Capital', postal_code: '1000', country },
  tax_id: null,
  electronic_address: { scheme: '0088', value: '4000001000005' },
  ...extra,
});

type Line = { id: string; description: string; amount: number; quantity: number; product_category?: string; tax: number; rate: number; reason: string };

export function finalizedInvoice(number: string, seller: InvoiceParty, customer: InvoiceParty, lines: Line[], extra: Partial<Invoice> = {}): Invoice {
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const taxTotal = lines.reduce((s, l) => s + l.tax, 0);
  return {
    id: `inv_${number}`,
    series_id: 'isr_test',
    entity_id: 'ent_test',
    status: 'finalized',
    number,
    customer_id: null,
    customer: null,
    currency: 'EUR',
    issue_date: '2026-10-05',
    supply_date: '2026-09-30',
    tax_behavior: 'exclusive',
    buyer_reference: `PO-REF-${number}`,
    payment: { means_code: '58', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', terms: 'Payable within 30 days', due_date: '2026-11-04' },
    line_items: lines.map(({ tax: _t, rate: _r, reason: _s, ...l }) => l),
    seller,
    buyer: customer,
    taxed_lines: lines.map((l) => ({ id: l.id, net_amount: l.amount, tax_amount: l.tax, tax_rate: l.rate, taxability_reason: l.reason })),
    tax_summary: [],
    subtotal,
    tax_total: taxTotal,
    total: subtotal + taxTotal,
    reverse_charge: lines.some((l) => l.reason === 'reverse_charge'),
    mentions: [],
    transaction_id: `inv_${number}`,
    finalized_at: '2026-10-05T10:00:00.000Z',
    created_at: '2026-10-05T09:00:00.000Z',
    updated_at: '2026-10-05T10:00:00.000Z',
    ...extra,
  };
}

const saas = (id: string, amount: number, tax: number, rate: number, reason = 'taxable', quantity = 1): Line => ({
  id,
  description: `Cloud plan ${id}`,
  amount,
  quantity,
  product_category: 'SAAS',
  tax,
  rate,
  reason,
});
const goods = (id: string, amount: number, tax: number, rate: number, reason: string, quantity = 1): Line => ({
  id,
  description: `Machine part ${id}`,
  amount,
  quantity,
  product_category: 'PHYSICAL_GOODS',
  tax,
  rate,
  reason,
});

export const einvoiceCases: Record<string, Invoice> = {
  'DE domestic 19 % + 7 %': finalizedInvoice('DE-0001', germanSeller, buyer('Käufer AG', 'DE', { tax_id: 'DE129273398' }), [
    saas('seats', 30_000, 5_700, 0.19, 'taxable', 3),
    { id: 'books', description: 'Handbook (print)', amount: 10_001, quantity: 3, tax: 700, rate: 0.07, reason: 'reduced_rate' },
  ]),
  'DE -> FR business, reverse charge': finalizedInvoice('RC-0001', germanSeller, buyer('Boutique Lumière SARL', 'FR', { tax_id: 'FR40303265045' }), [
    saas('seats', 30_000, 0, 0, 'reverse_charge', 3),
  ]),
  'DE -> FR consumer, OSS 20 %': finalizedInvoice('OSS-0001', germanSeller, buyer('Jeanne Dupont', 'FR'), [
    saas('plan', 10_000, 2_000, 0.2),
    saas('addon', 5_000, 1_000, 0.2, 'taxable', 2),
  ]),
  'goods DE -> AT business (K)': finalizedInvoice('IC-0001', germanSeller, buyer('Wiener Maschinen GmbH', 'AT', { tax_id: 'ATU13585627' }), [
    goods('pump', 120_000, 0, 0, 'reverse_charge', 2),
  ]),
  'DE -> US services (O)': finalizedInvoice('US-0001', germanSeller, buyer('Acme Inc', 'US', { tax_id: '04-2103594' }), [
    saas('plan', 50_000, 0, 0, 'not_taxable_in_jurisdiction'),
  ]),
  'DE -> US goods (G)': finalizedInvoice('US-0002', germanSeller, buyer('Acme Inc', 'US'), [goods('pump', 80_000, 0, 0, 'not_taxable_in_jurisdiction')]),
  'XRechnung to a German public buyer (Leitweg-ID)': finalizedInvoice(
    'XR-0001',
    germanSeller,
    buyer('Bundesamt für Beispiele', 'DE', { electronic_address: { scheme: '0204', value: '991-33333TEST-33' } }),
    [saas('seats', 12_000, 2_280, 0.19)],
    { buyer_reference: '991-33333TEST-33' },
  ),
  'Peppol with endpoint ids': finalizedInvoice(
    'PE-0001',
    germanSeller,
    buyer('Nederlandse Handel BV', 'NL', { tax_id: 'NL004495445B01', electronic_address: { scheme: '0106', value: '12345678' } }),
    [saas('seats', 20_000, 0, 0, 'reverse_charge')],
    { purchase_order: 'PO-4711' },
  ),
  'names in Polish, Czech, Greek and Cyrillic': finalizedInvoice(
    'UTF-0001',
    { ...germanSeller, name: 'Łódź Sp. z o.o. — Żółć & Ćma <Zespołowy>' },
    buyer('Příliš žluťoučký kůň s.r.o. · Ελληνική Εταιρεία Α.Ε. · ООО «Ромашка»', 'CZ', { tax_id: 'CZ25123891' }),
    [
      {
        id: 'ř1',
        description: 'Zespołowy plan — Ωμέγα — Тариф «Команда»',
        amount: 9_999,
        quantity: 1,
        tax: 0,
        rate: 0,
        reason: 'reverse_charge',
        product_category: 'SAAS',
      },
    ],
  ),
};

/** A credit note of part of an invoice (as issueCreditNote makes one from the refund). */
export function creditNoteOf(invoice: Invoice, lines: { id: string; net_amount: number; tax_amount: number }[], number = 'CN-0001'): CreditNote {
  const subtotal = lines.reduce((s, l) => s + l.net_amount, 0);
  const taxTotal = lines.reduce((s, l) => s + l.tax_amount, 0);
  return {
    id: `crn_${number}`,
    invoice_id: invoice.id,
    invoice_number: invoice.number!,
    series_id: invoice.series_id,
    number,
    reason: 'Two seats cancelled',
    currency: invoice.currency,
    issue_date: '2026-10-20',
    seller: invoice.seller!,
    buyer: invoice.buyer!,
    line_items: lines,
    subtotal,
    tax_total: taxTotal,
    total: subtotal + taxTotal,
    refund_id: `crn_${number}`,
    created_at: '2026-10-20T10:00:00.000Z',
  };
}
