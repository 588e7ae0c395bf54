/**
 * Integration: GET /v1/exposure/countries on DynamoDB Local, a fast-check property: for random batches of sales and
 * refunds (some by tax code, some to a customer whose certificates exempt them in whole or in part) the report, and its
 * sales amounts with include=sales, equal a straightforward recomputation from the stored transactions read back
 * through the routes. The report's shape, ranges and isolation are tested in exposure.test.ts.
 */
import fc from 'fast-check';
import { callRoute, newTestAccount } from '../support/api';
import { importZipRows } from '../support/shared-data';

/** LA County and San Francisco (CA), Austin (TX: no county rate, city and special), Seattle (WA), Portland area (OR: no tax). */
const ZIPS: readonly [string, string][] = [
  ['CA', '90001'],
  ['CA', '94105'],
  ['TX', '78701'],
  ['WA', '98101'],
  ['OR', '97201'],
];

let seq = 0;
const sale = (location: Record<string, string | undefined>, currency: string, lines: unknown[], date = '2026-03-10') => ({
  id: `s-${++seq}`,
  date,
  currency,
  customer_type: 'B2C',
  location,
  line_items: lines,
});

const record = async (accountId: string, body: unknown) => {
  const res = await callRoute('transactions-create', { accountId, body });
  if (res.status !== 201) throw new Error(`sale not recorded: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const report = (accountId: string, query?: Record<string, string>) => callRoute('exposure-countries', { accountId, query });

describe('GET /v1/exposure/countries', () => {
  beforeAll(() => importZipRows(ZIPS));

  describe('property: the report equals a recomputation from the stored transactions', () => {
    const locations = [
      { country: 'DE' },
      { country: 'FR' },
      { country: 'US', postal_code: '90001' },
      { country: 'US', postal_code: '94105' },
      { country: 'US', postal_code: '78701' },
      { country: 'US', postal_code: '98101' },
      { country: 'US', postal_code: '97201' },
      { country: 'CA', postal_code: 'V6B 1A1' },
      { country: 'CA', state: 'AB' },
    ];
    const products = [
      { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
      { product_category: 'SAAS', delivery_method: 'CLOUD' },
      { product_category: 'EBOOKS', delivery_method: 'DOWNLOAD' },
      // By tax code (groceries: exempt in most US states, reduced or zero-rated under VAT).
      { tax_code: 'levy_groceries' },
    ];
    const months = ['2026-01', '2026-02', '2026-03'];
    const lineArb = fc.record({
      amount: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 9_999_999_999_999 })),
      product: fc.constantFrom(...products),
      tax: fc.option(fc.integer({ min: 0, max: 100_000 }), { freq: 4 }),
    });
    const saleArb = fc.record({
      location: fc.constantFrom(...locations),
      currency: fc.constantFrom('EUR', 'USD'),
      month: fc.constantFrom(...months),
      day: fc.integer({ min: 1, max: 28 }),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
      // Sold to the account's stored customer, whose certificates exempt half of CA sales and all of DE's.
      withCustomer: fc.boolean(),
    });
    // A refund picks a sale by index; `share` of each line's remaining amount (0..1), or everything left.
    const refundArb = fc.record({
      sale: fc.nat(),
      full: fc.boolean(),
      shares: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
      monthsLater: fc.integer({ min: 0, max: 2 }),
    });
    const rangeArb = fc
      .tuple(fc.constantFrom(...months, '2026-04', '2026-05'), fc.constantFrom(...months, '2026-04', '2026-05'))
      .map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }));

    it('for random batches of sales and refunds (all time and a random month range), with integer amounts', async () => {
      let runsWithCertificateExemptSales = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(saleArb, { minLength: 1, maxLength: 5 }), fc.array(refundArb, { maxLength: 4 }), rangeArb, async (sales, refunds, range) => {
          const accountId = (await newTestAccount('DE')).account_id;
          const customerId = (await callRoute('customers-create', { accountId, body: { name: 'Buyer', address: { country: 'DE' } } })).body.id as string;
          for (const certificate of [
            { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'CA' }], exempt_percentage: 50 },
            { reason: 'OTHER', jurisdictions: [{ country: 'DE' }] },
          ]) {
            const created = await callRoute('exemptions-create', {
              accountId,
              pathParameters: { id: customerId },
              body: { ...certificate, certificate_number: 'C', effective_from: '2025-01-01' },
            });
            expect(created.status).toBe(201);
          }
          const recorded: { id: string; date: string; line_items: { id: string; amount: number }[] }[] = [];
          for (const s of sales) {
            const lines = s.lines.map((l) => ({ amount: l.amount, ...l.product, ...(l.tax === null || l.amount === 0 ? {} : { tax_amount: l.tax }) }));
            const body = sale(s.location, s.currency, lines, `${s.month}-${String(s.day).padStart(2, '0')}`);
            // With customer_id the stored customer's type applies; the sale's location overrides its address.
            const { customer_type: _type, ...named } = body;
            recorded.push(await record(accountId, s.withCustomer ? { ...named, customer_id: customerId } : body));
          }
          for (const [i, r] of refunds.entries()) {
            const target = recorded[r.sale % recorded.length];
            const current = (await callRoute('transactions-get', { accountId, pathParameters: { id: target.id } })).body;
            const month = Number(target.date.slice(5, 7)) + r.monthsLater;
            const date = `2026-${String(month).padStart(2, '0')}-28`;
            const lineItems = current.line_items
              .map((l: { id: string; remaining_amount: number }, k: number) => ({ id: l.id, amount: Math.floor(l.remaining_amount * (r.shares[k] ?? 1)) }))
              .filter((l: { amount: number }) => l.amount > 0);
            const body = r.full ? { id: `r${i}`, date } : { id: `r${i}`, date, line_items: lineItems };
            if (!r.full && lineItems.length === 0) continue;
            const res = await callRoute('transactions-refund', { accountId, pathParameters: { id: target.id }, body });
            expect([201, 400]).toContain(res.status); // 400: nothing left to refund
          }

          const expected = await recompute(accountId);
          const all = (await report(accountId)).body;
          expect(all).toEqual(expected(undefined));
          const ranged = (await report(accountId, range)).body;
          expect(ranged).toEqual(expected(range));
          // The sales amounts (include=sales): taxable and exempt by reason, net of refunds, per country and state.
          const withSales = (await report(accountId, { include: 'sales' })).body;
          const expectedSales = await recomputeSales(accountId);
          if (JSON.stringify(withSales).match(/"(resale|other)":[1-9]/)) runsWithCertificateExemptSales++;
          for (const country of withSales.exposure) {
            expect(country.sales).toEqual(expectedSales.get(`${country.country_code}|${country.currency}|`) ?? noSales);
            for (const state of country.jurisdictions ?? []) {
              expect(state.sales).toEqual(expectedSales.get(`${country.country_code}|${country.currency}|${state.jurisdiction_code}`) ?? noSales);
            }
          }
          for (const amount of JSON.stringify([all, ranged]).match(/"exposure_amount":(-?[\d.e+]+)/g) ?? []) {
            expect(Number.isSafeInteger(Number(amount.split(':')[1]))).toBe(true);
          }
        }),
        { numRuns: 50 },
      );
      // The runs did mix in sales a certificate exempted (a generator that never reached them would prove nothing).
      expect(runsWithCertificateExemptSales).toBeGreaterThan(0);
    }, 240_000);
  });
});

const noSales = { taxable_amount: 0, exempt_amount: 0, exempt_by_reason: {} };

/** total x part / whole, half-up, exactly (amounts reach 10^13). */
const share = (total: number, part: number, whole: number) =>
  whole === 0 ? 0 : Number((2n * BigInt(total) * BigInt(part) + BigInt(whole)) / (2n * BigInt(whole)));

/**
 * The all-time sales amounts recomputed from the stored lines (docs/exposure.md, written independently): a line's
 * untaxed share `exempt_amount` (0 when absent) for its certificate's reason or its taxability_reason, the rest
 * taxed; refunds take the untaxed share of all refunded so far, half-up, so net = E - share(E, refunded, amount).
 * Attributed to the sale's country, and to its state when the state has a name.
 */
async function recomputeSales(accountId: string) {
  const totals = new Map<string, { taxable_amount: number; exempt_amount: number; exempt_by_reason: Record<string, number> }>();
  const page = await callRoute('transactions-list', { accountId, query: { limit: '100' } });
  for (const { id } of page.body.data) {
    const s = (await callRoute('transactions-get', { accountId, pathParameters: { id } })).body;
    const keys = [
      `${s.jurisdiction.country}|${s.currency}|`,
      ...(s.jurisdiction.state && s.jurisdiction.state_name ? [`${s.jurisdiction.country}|${s.currency}|${s.jurisdiction.state}`] : []),
    ];
    for (const l of s.line_items) {
      const exempt = l.exempt_amount ?? 0;
      const exemptNet = exempt - share(exempt, l.refunded_amount, l.amount);
      const taxableNet = l.amount - exempt - (l.refunded_amount - share(exempt, l.refunded_amount, l.amount));
      // The filer's reason (docs/returns.md): the certificate's, lower-case; else the declared type's exemption; else the engine's.
      const typeExemption = ({ RESELLER: 'resale', GOVERNMENT: 'government', NONPROFIT: 'nonprofit' } as Record<string, string>)[s.customer_type];
      const reason = l.exemption
        ? String(l.exemption.reason).toLowerCase()
        : l.taxability_reason === 'customer_exempt'
          ? (typeExemption ?? 'customer_exempt')
          : l.taxability_reason;
      for (const key of keys) {
        const t = totals.get(key) ?? { taxable_amount: 0, exempt_amount: 0, exempt_by_reason: {} };
        t.taxable_amount += taxableNet;
        t.exempt_amount += exemptNet;
        if (exemptNet !== 0) t.exempt_by_reason[reason] = (t.exempt_by_reason[reason] ?? 0) + exemptNet;
        totals.set(key, t);
      }
    }
  }
  for (const t of totals.values()) {
    for (const [reason, amount] of Object.entries(t.exempt_by_reason)) if (amount === 0) delete t.exempt_by_reason[reason];
    t.exempt_by_reason = Object.fromEntries(Object.entries(t.exempt_by_reason).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
  return totals;
}

interface StoredLine {
  id: string;
  tax_amount: number;
  tax_breakdown: { country: number; state: number; county: number; additional: number; special: number };
}
interface StoredSale {
  id: string;
  date: string;
  currency: string;
  tax_total: number;
  jurisdiction: { country: string; country_name: string; state?: string; state_name?: string; county?: string };
  line_items: StoredLine[];
  refunds: { date: string; line_items: { id: string; tax_amount: number }[] }[];
}

/**
 * The straightforward recomputation (docs/exposure.md's rule, written independently of functions/exposure): every
 * line's tax counts for its country; for its state when the state has a name and tax is levied at state level or
 * below; for its county when tax is levied at county level or below. Refunds subtract in their own month. An entry
 * shows when a sale was attributed to it in the range or its amount is not zero.
 */
async function recompute(accountId: string) {
  const sales: StoredSale[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await callRoute('transactions-list', { accountId, query: { limit: '100', ...(after ? { starting_after: after } : {}) } });
    for (const t of page.body.data) sales.push((await callRoute('transactions-get', { accountId, pathParameters: { id: t.id } })).body);
    if (!page.body.has_more) break;
    after = page.body.data.at(-1).id;
  }
  return (range: { from: string; to: string } | undefined) => {
    const inRange = (date: string) => !range || (date.slice(0, 7) >= range.from && date.slice(0, 7) <= range.to);
    type Entry = { amount: number; sales: Set<string>; name: string; children: Map<string, Entry> };
    const entry = (name: string): Entry => ({ amount: 0, sales: new Set(), name, children: new Map() });
    const countries = new Map<string, Entry>();
    const apply = (s: StoredSale, l: StoredLine, tax: number, countSale: boolean) => {
      const key = `${s.jurisdiction.country}|${s.currency}`;
      const country = countries.get(key) ?? entry(s.jurisdiction.country_name);
      countries.set(key, country);
      const targets = [country];
      const b = l.tax_breakdown;
      if (s.jurisdiction.state && s.jurisdiction.state_name && b.state + b.county + b.additional + b.special > 0) {
        const state = country.children.get(s.jurisdiction.state) ?? entry(s.jurisdiction.state_name);
        country.children.set(s.jurisdiction.state, state);
        targets.push(state);
        if (s.jurisdiction.county && b.county + b.additional + b.special > 0) {
          const county = state.children.get(s.jurisdiction.county) ?? entry(s.jurisdiction.county);
          state.children.set(s.jurisdiction.county, county);
          targets.push(county);
        }
      }
      for (const t of targets) {
        t.amount += tax;
        if (countSale) t.sales.add(s.id);
      }
    };
    for (const s of sales) {
      if (inRange(s.date)) {
        // A sale whose lines all carry no state or county tax still shows its country.
        countries.set(
          `${s.jurisdiction.country}|${s.currency}`,
          countries.get(`${s.jurisdiction.country}|${s.currency}`) ?? entry(s.jurisdiction.country_name),
        );
        countries.get(`${s.jurisdiction.country}|${s.currency}`)!.sales.add(s.id);
        for (const l of s.line_items) apply(s, l, l.tax_amount, true);
      }
      for (const r of s.refunds) {
        if (!inRange(r.date)) continue;
        for (const rl of r.line_items)
          apply(
            s,
            s.line_items.find((l) => l.id === rl.id)!,
            -rl.tax_amount,
            false,
          );
      }
    }
    const shown = ([, e]: [string, Entry]) => e.sales.size > 0 || e.amount !== 0;
    const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      exposure: sorted(countries)
        .filter(shown)
        .map(([key, c]) => {
          const jurisdictions = sorted(c.children)
            .filter(shown)
            .map(([code, s]) => {
              const counties = sorted(s.children)
                .filter(shown)
                .map(([name, k]) => ({ county_name: name, exposure_amount: k.amount }));
              return { jurisdiction_code: code, jurisdiction_name: s.name, exposure_amount: s.amount, ...(counties.length ? { counties } : {}) };
            });
          const [code, currency] = key.split('|');
          return { country_code: code, country_name: c.name, currency, exposure_amount: c.amount, ...(jurisdictions.length ? { jurisdictions } : {}) };
        }),
    };
  };
}
