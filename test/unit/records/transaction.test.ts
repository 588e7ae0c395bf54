/** Unit (pure): transaction and refund schemas, the line computation, refund allocation and the safe-retry content. */
import fc from 'fast-check';
import { treatCustomer } from '../../support/customer-treatment';
import { splitByWeights, taxLevels, type LevelAmounts } from '../../../src/domain/money/levels';
import { refundFingerprint, transactionFingerprint } from '../../../src/domain/transactions/fingerprint';
import { allocateRefund, type RefundedSoFar } from '../../../src/domain/transactions/refund';
import { refundExposureDeltas, saleExposureDeltas } from '../../../src/domain/exposure/deltas';
import { splitByExemptPercentage } from '../../../src/domain/money/money';
import { buildCategorySale } from '../../support/sale-facts';
import { lineTax, type Transaction } from '../../../src/domain/transactions/sale';
import { refundRequestSchema, transactionRequestSchema } from '../../../src/domain/transactions/schema';
import { ValidationError } from '../../../src/domain/errors';

const base = {
  id: 'ord-1',
  date: '2026-03-10',
  currency: 'eur',
  customer_type: 'B2C',
  location: { country: 'DE' },
  line_items: [{ amount: 100, product_category: 'SAAS', delivery_method: 'CLOUD' }],
};
const parse = (over: Record<string, unknown> = {}) => transactionRequestSchema.safeParse({ ...base, ...over });
const levels = (country: number, state = 0, county = 0, additional = 0, special = 0): LevelAmounts => ({ country, state, county, additional, special });
const de = { country: 'DE', country_name: 'Germany' };
const la = { country: 'US', country_name: 'United States', state: 'CA', state_name: 'California', county: 'Los Angeles County' };

describe('transaction request schema', () => {
  it('applies the defaults: line ids by position, quantity 1, upper-case currency', () => {
    const parsed = parse({
      line_items: [base.line_items[0], { id: 'x', amount: 0, product_category: 'EBOOKS', delivery_method: 'DOWNLOAD' }, base.line_items[0]],
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data!.currency).toBe('EUR');
    expect(parsed.data!.line_items.map((l) => [l.id, l.quantity])).toEqual([
      ['1', 1],
      ['x', 1],
      ['3', 1],
    ]);
  });

  it.each([
    ['currency XYZ', { currency: 'XYZ' }, 'currency'],
    ['gold', { currency: 'XAU' }, 'currency'],
    ['amount -1', { line_items: [{ ...base.line_items[0], amount: -1 }] }, 'line_items.0.amount'],
    ['amount 10^13', { line_items: [{ ...base.line_items[0], amount: 1e13 }] }, 'line_items.0.amount'],
    ['amount 1.5', { line_items: [{ ...base.line_items[0], amount: 1.5 }] }, 'line_items.0.amount'],
    ['amount as a string', { line_items: [{ ...base.line_items[0], amount: '100' }] }, 'line_items.0.amount'],
    ['tax on a zero line', { line_items: [{ ...base.line_items[0], amount: 0, tax_amount: 1 }] }, 'line_items.0.tax_amount'],
    ['quantity 0', { line_items: [{ ...base.line_items[0], quantity: 0 }] }, 'line_items.0.quantity'],
    ['1,001 lines', { line_items: Array(1001).fill(base.line_items[0]) }, 'line_items'],
    [
      'duplicate ids',
      {
        line_items: [
          { ...base.line_items[0], id: 'a' },
          { ...base.line_items[0], id: 'a' },
        ],
      },
      'line_items.1.id',
    ],
    ['an id clashing with a default', { line_items: [{ ...base.line_items[0], id: '2' }, base.line_items[0]] }, 'line_items.1.id'],
    ['an unknown field', { discount: 5 }, ''],
    ['a bad date', { date: '2026-13-01' }, 'date'],
  ])('refuses %s', (_name, over, path) => {
    const parsed = parse(over);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('accepts 1,000 lines and a line amount up to 10^13 - 1, within a sale total of 10^15', () => {
    expect(parse({ line_items: Array(100).fill({ ...base.line_items[0], amount: 9_999_999_999_999 }) }).success).toBe(true);
    expect(parse({ line_items: Array(1000).fill({ ...base.line_items[0], amount: 1_000_000_000_000 }) }).success).toBe(true);
  });

  it('refuses a sale whose lines add up past 10^15 minor units, in amounts or in provided taxes (they would leave 2^53)', () => {
    const tooMuch = parse({ line_items: Array(1000).fill({ ...base.line_items[0], amount: 9_999_999_999_999 }) });
    expect(tooMuch.success).toBe(false);
    expect(tooMuch.error?.issues[0]).toMatchObject({ path: ['line_items'], message: expect.stringContaining('at most 10^15') });
    const taxes = parse({ line_items: Array(200).fill({ ...base.line_items[0], amount: 1, tax_amount: 9_000_000_000_000 }) });
    expect(taxes.error?.issues[0]?.message).toContain('of tax_amount');
  });
});

describe('splitByWeights', () => {
  it('puts the units left over on the largest remainders, never below zero', () => {
    expect(splitByWeights(2, levels(1, 1, 1, 1))).toEqual(levels(1, 1, 0, 0));
    expect(splitByWeights(1_001, levels(0, 60_000, 2_500, 7_500, 35_000))).toEqual(levels(0, 572, 24, 71, 334));
    expect(splitByWeights(5, levels(0))).toEqual(levels(5));
    expect(splitByWeights(5, levels(0), 'state')).toEqual(levels(0, 5));
  });

  it('always gives non-negative integers that add up to the total (property)', () => {
    const weight = fc.integer({ min: 0, max: 300_000 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999_999 }), fc.tuple(weight, weight, weight, weight, weight), (total, w) => {
        const split = splitByWeights(total, levels(...w));
        const parts = taxLevels.map((l) => split[l]);
        expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        // Each level is within one unit of its exact share.
        const sum = w.reduce((a, b) => a + b, 0);
        if (sum > 0) taxLevels.forEach((l, i) => expect(Math.abs(split[l] - (total * w[i]) / sum)).toBeLessThan(1 + 1e-6 * total));
      }),
    );
  });
});

describe('lineTax', () => {
  it('computes amount x total rate half-up and splits it by rate', () => {
    expect(lineTax(10_000, levels(0, 60_000, 2_500, 7_500, 35_000), undefined, la)).toEqual({
      tax_amount: 1_050,
      tax_source: 'computed',
      tax_breakdown: levels(0, 600, 25, 75, 350),
    });
    expect(lineTax(999, levels(70_000), undefined, de).tax_amount).toBe(70); // 69.93
    expect(lineTax(50, levels(10_000), undefined, de).tax_amount).toBe(1); // 0.5 -> 1 (half-up)
    expect(lineTax(49, levels(10_000), undefined, de).tax_amount).toBe(0);
  });

  it('keeps a provided tax; with no engine rate it goes to the state of a known state, else the country', () => {
    expect(lineTax(100, levels(190_000), 7, de)).toEqual({ tax_amount: 7, tax_source: 'provided', tax_breakdown: levels(7) });
    expect(lineTax(100, levels(0), 7, la).tax_breakdown).toEqual(levels(0, 7));
    expect(lineTax(100, levels(0), 7, { ...de, state: 'BY' }).tax_breakdown).toEqual(levels(7));
  });
});

function saleOf(lines: { id: string; amount: number; tax: number }[], date = '2026-03-10'): Transaction {
  const request = transactionRequestSchema.parse({
    ...base,
    date,
    line_items: lines.map((l) => ({ id: l.id, amount: l.amount, product_category: 'SAAS', delivery_method: 'CLOUD' })),
  });
  return buildCategorySale(
    request,
    treatCustomer({ type: 'B2C' }, 'DE'),
    de,
    lines.map((l) => ({ tax_amount: l.tax, tax_source: 'provided' as const, tax_breakdown: levels(l.tax) })),
    '2026-03-10T00:00:00.000Z',
  );
}

describe('allocateRefund', () => {
  const refund = (body: unknown) => refundRequestSchema.parse(body);

  it('takes the line tax in proportion, half-up, and the last refund what is left', () => {
    const sale = saleOf([{ id: 'a', amount: 4, tax: 2 }]);
    const first = allocateRefund(sale, {}, refund({ id: 'r1', date: '2026-03-11', line_items: [{ id: 'a', amount: 1 }] }), 'now');
    expect(first.refund.line_items).toEqual([{ id: 'a', amount: 1, tax_amount: 1 }]); // 0.5 -> 1
    const second = allocateRefund(sale, first.refunded, refund({ id: 'r2', date: '2026-03-11', line_items: [{ id: 'a', amount: 1 }] }), 'now');
    expect(second.refund.line_items[0].tax_amount).toBe(1);
    // Half-up twice already took all the tax: the third partial refund cannot take more than is left.
    const third = allocateRefund(sale, second.refunded, refund({ id: 'r3', date: '2026-03-11', line_items: [{ id: 'a', amount: 1 }] }), 'now');
    expect(third.refund.line_items[0].tax_amount).toBe(0);
    const last = allocateRefund(sale, third.refunded, refund({ id: 'r4', date: '2026-03-11' }), 'now');
    expect(last.refund).toMatchObject({ line_items: [{ id: 'a', amount: 1, tax_amount: 0 }], subtotal: 1, tax_total: 0, total: 1 });
    expect(last.refunded).toEqual({ a: { amount: 4, tax_amount: 2 } });
  });

  it('refuses an amount above what is left, an unknown line, an earlier date and a refund of nothing', () => {
    const sale = saleOf([
      { id: 'a', amount: 10, tax: 2 },
      { id: 'b', amount: 0, tax: 0 },
    ]);
    const attempt =
      (body: unknown, so = {}) =>
      () =>
        allocateRefund(sale, so, refund(body), 'now');
    expect(attempt({ id: 'r', date: '2026-03-11', line_items: [{ id: 'a', amount: 11 }] })).toThrow(/more than the 10 left/);
    expect(attempt({ id: 'r', date: '2026-03-11', line_items: [{ id: 'a', amount: 6 }] }, { a: { amount: 5, tax_amount: 1 } })).toThrow(ValidationError);
    expect(attempt({ id: 'r', date: '2026-03-11', line_items: [{ id: 'c', amount: 1 }] })).toThrow(/is 'c', but transaction 'ord-1' has no such line/);
    expect(attempt({ id: 'r', date: '2026-03-09' })).toThrow(/before the sale/);
    expect(attempt({ id: 'r', date: '2026-03-11' }, { a: { amount: 10, tax_amount: 2 } })).toThrow(/nothing left/);
  });

  it('nets every line to zero after any sequence of partial refunds and a final full refund (property)', () => {
    fc.assert(
      fc.property(
        // Some lines exempt in part or whole by a certificate (exempt_pct > 0).
        fc.array(
          fc.record({
            amount: fc.integer({ min: 0, max: 1_000_000 }),
            tax: fc.integer({ min: 0, max: 300_000 }),
            exempt_pct: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }), { maxLength: 6 }),
        (lines, rounds) => {
          const sale = saleOf(lines.map((l, i) => ({ id: `l${i}`, amount: l.amount, tax: l.amount === 0 ? 0 : l.tax })));
          sale.line_items.forEach((line, i) => {
            const pct = lines[i]!.exempt_pct;
            if (pct === 0) return;
            line.taxability_reason = 'customer_exempt';
            line.exemption = { id: 'exm_1', reason: 'RESALE', certificate_number: 'C', exempt_percentage: pct };
            const exempt = splitByExemptPercentage(line.amount, pct).exempt;
            if (exempt > 0) line.exempt_amount = exempt;
          });
          // The exposure counters this sale and its refunds move, all time: taxable and exempt sales must net to 0.
          const sums = { taxable: 0, exempt: 0 };
          const count = (deltas: ReturnType<typeof saleExposureDeltas>) => {
            for (const d of deltas.filter((x) => x.period === 'all' && x.state === undefined)) {
              sums.taxable += d.taxable_sales ?? 0;
              sums.exempt += Object.values(d.exempt_sales ?? {}).reduce((a, b) => a + b, 0);
            }
          };
          count(saleExposureDeltas(sale));
          expect(sums.taxable + sums.exempt).toBe(sale.subtotal);
          let refunded: RefundedSoFar = {};
          const taken = new Map<string, { amount: number; tax: number }>();
          const take = (r: ReturnType<typeof allocateRefund>) => {
            count(refundExposureDeltas(sale, r.refund, refunded));
            for (const l of r.refund.line_items) {
              const t = taken.get(l.id) ?? { amount: 0, tax: 0 };
              expect(l.tax_amount).toBeGreaterThanOrEqual(0);
              taken.set(l.id, { amount: t.amount + l.amount, tax: t.tax + l.tax_amount });
            }
            refunded = r.refunded;
          };
          for (const [k, shares] of rounds.entries()) {
            const wanted = sale.line_items
              .map((l, i) => ({ id: l.id, amount: Math.floor((l.amount - (taken.get(l.id)?.amount ?? 0)) * shares[i]) }))
              .filter((l) => l.amount > 0);
            if (wanted.length) take(allocateRefund(sale, refunded, refund({ id: `r${k}`, date: '2026-03-11', line_items: wanted }), 'now'));
          }
          if (sale.line_items.some((l) => l.amount > (taken.get(l.id)?.amount ?? 0)))
            take(allocateRefund(sale, refunded, refund({ id: 'last', date: '2026-03-12' }), 'now'));
          for (const l of sale.line_items) {
            if (l.amount > 0) expect(taken.get(l.id)).toEqual({ amount: l.amount, tax: l.tax_amount });
          }
          expect(sums).toEqual({ taxable: 0, exempt: 0 });
        },
      ),
    );
  });
});

describe('safe-retry content', () => {
  it('is the same for the same content in another spelling, different for any change', () => {
    const a = transactionRequestSchema.parse(base);
    const b = transactionRequestSchema.parse({
      ...base,
      currency: 'EUR',
      location: { country: 'de' },
      line_items: [{ delivery_method: 'CLOUD', product_category: 'SAAS', amount: 100, quantity: 1, id: '1' }],
    });
    expect(transactionFingerprint(a)).toBe(transactionFingerprint(b));
    for (const change of [
      { date: '2026-03-11' },
      { currency: 'USD' },
      { line_items: [{ ...base.line_items[0], amount: 101 }] },
      { line_items: [{ ...base.line_items[0], tax_amount: 19 }] },
      { customer_tax_id: 'DE1' },
    ]) {
      expect(transactionFingerprint(transactionRequestSchema.parse({ ...base, ...change }))).not.toBe(transactionFingerprint(a));
    }
    const r1 = refundRequestSchema.parse({
      id: 'r',
      date: '2026-03-11',
      line_items: [
        { id: 'a', amount: 1 },
        { id: 'b', amount: 2 },
      ],
    });
    const r2 = refundRequestSchema.parse({
      date: '2026-03-11',
      id: 'r',
      line_items: [
        { amount: 2, id: 'b' },
        { id: 'a', amount: 1 },
      ],
    });
    expect(refundFingerprint(r1)).toBe(refundFingerprint(r2));
    expect(refundFingerprint(refundRequestSchema.parse({ id: 'r', date: '2026-03-11' }))).not.toBe(refundFingerprint(r1));
  });
});
