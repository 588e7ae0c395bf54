/**
 * Unit: the nexus arithmetic (src/domain/nexus/evaluate.ts) on the rules as stored: windows, percentages, status and
 * the crossing sale. Each threshold used is the stored row's, whose source the comment names.
 */
import { evaluateNexus, measurementWindows, type NexusCounter } from '../../../src/domain/nexus/evaluate';
import { nexusRuleOn, type ApplyingNexusRule } from '../../../src/domain/nexus/rule-data';

const rule = (jurisdiction: string, date: string): ApplyingNexusRule => {
  const found = nexusRuleOn(jurisdiction, date);
  if (!found?.applies) throw new Error(`no applying rule for ${jurisdiction} on ${date}`);
  return found;
};
const sale = (period: string, dollars: number, id: string): NexusCounter => ({ period, sales_amount: dollars * 100, transaction_count: 1, transaction_id: id });

describe('CA: $500,000, sales only, current or preceding calendar year (Avior chart; Sales Tax Institute)', () => {
  const ca = rule('US-CA', '2026-06-01');
  const sales = [
    sale('2026-02-10', 200_000, 'txn_1'),
    sale('2026-03-05', 250_000, 'txn_2'),
    sale('2026-04-20', 60_000, 'txn_3'),
    sale('2026-05-02', 10_000, 'txn_4'),
  ];

  it('names the sale and the day that crossed, and registration is due that day', () => {
    const verdict = evaluateNexus({ rule: ca, counters: sales, asOf: '2026-06-01' });
    expect(verdict).toMatchObject({
      status: 'crossed',
      window: { start: '2026-01-01', end: '2026-06-01' },
      sales_amount: 52_000_000,
      percent_of_sales_threshold: 104,
      percent_of_transaction_threshold: null,
      crossed_on: '2026-04-20', // $450,000 + $60,000 exceeds $500,000
      crossing_transaction_id: 'txn_3',
      register_by: '2026-04-20', // "the day you exceed the threshold"
    });
  });

  it('is approaching at 80 % and below under it; a sale after as_of does not count', () => {
    expect(evaluateNexus({ rule: ca, counters: sales, asOf: '2026-03-31' })).toMatchObject({
      status: 'approaching',
      percent_of_sales_threshold: 90,
      crossed_on: null,
    });
    expect(evaluateNexus({ rule: ca, counters: sales, asOf: '2026-03-31', approachingPercent: 95 }).status).toBe('below');
  });

  it('a refund that takes the year back under the threshold changes the status after it; a later sale crosses again', () => {
    const refund: NexusCounter = { period: '2026-05-10', sales_amount: -3_000_000, transaction_count: 0, transaction_id: 'refund_1' };
    expect(evaluateNexus({ rule: ca, counters: [...sales, refund], asOf: '2026-05-09' }).status).toBe('crossed');
    expect(evaluateNexus({ rule: ca, counters: [...sales, refund], asOf: '2026-05-10' })).toMatchObject({ status: 'approaching', sales_amount: 49_000_000 });
    const later = sale('2026-05-20', 20_000, 'txn_5');
    expect(evaluateNexus({ rule: ca, counters: [...sales, refund, later], asOf: '2026-06-01' })).toMatchObject({
      status: 'crossed',
      crossed_on: '2026-05-20',
      crossing_transaction_id: 'txn_5',
    });
  });

  it('a crossing in the preceding calendar year decides the current one', () => {
    const verdict = evaluateNexus({ rule: ca, counters: [sale('2025-11-03', 600_000, 'txn_old')], asOf: '2026-02-01' });
    expect(verdict).toMatchObject({ status: 'crossed', window: { start: '2025-01-01', end: '2025-12-31' }, crossing_transaction_id: 'txn_old' });
  });

  it('with month counters the crossing month is known, not the day', () => {
    const months: NexusCounter[] = [
      { period: '2026-01', sales_amount: 30_000_000, transaction_count: 40 },
      { period: '2026-02', sales_amount: 30_000_000, transaction_count: 40 },
    ];
    expect(evaluateNexus({ rule: ca, counters: months, asOf: '2026-03-31' })).toMatchObject({
      status: 'crossed',
      crossed_on: null,
      crossed_in_month: '2026-02',
      register_by: null,
    });
  });
});

describe('NY: more than $500,000 AND more than 100 sales, the four preceding sales-tax quarters (Sovos; NY quarters Mar-May ...)', () => {
  const ny = rule('US-NY', '2026-11-24');

  it('measures the four whole quarters before the quarter holding as_of', () => {
    // as_of 2026-11-24 is in the Sep-Nov quarter: the window is Sep 2025 .. Aug 2026.
    expect(measurementWindows(ny.window, '2026-11-24', ny.effective_from)).toEqual([{ start: '2025-09-01', end: '2026-08-31' }]);
    expect(measurementWindows(ny.window, '2026-02-28', ny.effective_from)).toEqual([{ start: '2024-12-01', end: '2025-11-30' }]);
  });

  it('is not crossed by sales alone', () => {
    const counters: NexusCounter[] = [{ period: '2025-10', sales_amount: 90_000_000, transaction_count: 50 }];
    expect(evaluateNexus({ rule: ny, counters, asOf: '2026-11-24' })).toMatchObject({
      status: 'below',
      percent_of_sales_threshold: 180,
      percent_of_transaction_threshold: 50,
    });
  });

  it('is crossed when both tests are met, and registration is due 30 days after the window', () => {
    const counters: NexusCounter[] = [
      { period: '2025-10', sales_amount: 90_000_000, transaction_count: 50 },
      { period: '2026-03', sales_amount: 100_000, transaction_count: 51 },
    ];
    expect(evaluateNexus({ rule: ny, counters, asOf: '2026-11-24' })).toMatchObject({
      status: 'crossed',
      crossed_in_month: '2026-03',
      register_by: '2026-09-30',
      transaction_count: 101,
    });
  });

  it('exactly 100 sales is not "more than 100"', () => {
    const counters: NexusCounter[] = [{ period: '2025-10', sales_amount: 90_000_000, transaction_count: 100 }];
    expect(evaluateNexus({ rule: ny, counters, asOf: '2026-11-24' }).status).toBe('approaching');
  });
});

describe('CT: $100,000 and 200 retail sales in the 12 months ending September 30 (Avior chart)', () => {
  const ct = rule('US-CT', '2026-11-24');

  it('measures Oct 1 to Sep 30, the period most recently completed', () => {
    expect(measurementWindows(ct.window, '2026-11-24', ct.effective_from)).toEqual([{ start: '2025-10-01', end: '2026-09-30' }]);
    expect(measurementWindows(ct.window, '2026-09-30', ct.effective_from)).toEqual([{ start: '2024-10-01', end: '2025-09-30' }]);
  });

  it('counts only that window and answers October 1 as the day to register', () => {
    const counters: NexusCounter[] = [
      { period: '2025-09', sales_amount: 5_000_000, transaction_count: 100 }, // before the window
      { period: '2025-10', sales_amount: 6_000_000, transaction_count: 120 },
      { period: '2026-08', sales_amount: 4_000_000, transaction_count: 80 },
      { period: '2026-10', sales_amount: 9_000_000, transaction_count: 900 }, // after it
    ];
    expect(evaluateNexus({ rule: ct, counters, asOf: '2026-11-24' })).toMatchObject({
      status: 'crossed',
      sales_amount: 10_000_000,
      transaction_count: 200,
      crossed_in_month: '2026-08',
      register_by: '2026-10-01',
    });
  });
});

describe('a transaction test that disappears on its end date (Indiana, 2024-01-01: Sales Tax Helper)', () => {
  // Sales Tax Helper's own example: 300 sales worth $90,000 into Indiana in 2023.
  const counters: NexusCounter[] = [{ period: '2023-06', sales_amount: 9_000_000, transaction_count: 300 }];

  it('crossed on the transaction test in 2023, not under the sales-only rule from 2024', () => {
    expect(evaluateNexus({ rule: rule('US-IN', '2023-12-31'), counters, asOf: '2023-12-31' })).toMatchObject({
      status: 'crossed',
      percent_of_transaction_threshold: 150,
    });
    // From 2024-01-01 the 2023 sales ($90,000) do not cross the sales-only rule: neither window is crossed, and the
    // answer is the current year's, the one that can still move.
    expect(evaluateNexus({ rule: rule('US-IN', '2024-01-01'), counters, asOf: '2024-01-01' })).toMatchObject({
      status: 'below',
      window: { start: '2024-01-01', end: '2024-01-01' },
      percent_of_transaction_threshold: null,
    });
  });
});

describe('other windows and deadlines', () => {
  it("TX: the twelve calendar months before as_of's month, registration the first day of the fourth month after (34 TAC 3.286)", () => {
    const tx = rule('US-TX', '2026-11-24');
    expect(measurementWindows(tx.window, '2026-11-24', tx.effective_from)).toEqual([{ start: '2025-11-01', end: '2026-10-31' }]);
    const verdict = evaluateNexus({ rule: tx, counters: [{ period: '2026-03', sales_amount: 50_000_000, transaction_count: 10 }], asOf: '2026-11-24' });
    expect(verdict).toMatchObject({ status: 'crossed', register_by: '2026-07-01' }); // exactly $500,000 is not "less than" the safe harbor
  });

  it('a rolling window refuses a month counter it cuts (it needs per-day counters)', () => {
    const ms = rule('US-MS', '2026-11-24');
    expect(() => evaluateNexus({ rule: ms, counters: [{ period: '2025-11', sales_amount: 1, transaction_count: 1 }], asOf: '2026-11-24' })).toThrow(
      /straddles the window 2025-11-25\.\.2026-11-24/,
    );
  });

  it('GB: registration from the first sale for a non-established seller', () => {
    const gb = rule('GB', '2026-11-24');
    expect(evaluateNexus({ rule: gb, counters: [sale('2026-05-01', 1, 'txn_gb')], asOf: '2026-11-24' })).toMatchObject({
      status: 'crossed',
      crossed_on: '2026-05-01',
      register_by: '2026-05-31',
      percent_of_sales_threshold: null,
    });
  });
});

describe('registration deadlines as the sources word them', () => {
  const crossing = (jurisdiction: string, on: string, dollars: number) =>
    evaluateNexus({ rule: rule(jurisdiction, on), counters: [sale(on, dollars, 'txn_x')], asOf: on });

  it("NV: the first day of the month that begins at least 30 days after (the Department's example: met Oct 1, 2018 -> Nov 1, 2018)", () => {
    expect(crossing('US-NV', '2018-10-01', 100_001).register_by).toBe('2018-11-01');
  });

  it('TN: the first day of the third month after the month met (Sovos: met Jan 15 -> Apr 1)', () => {
    expect(crossing('US-TN', '2026-01-15', 100_001).register_by).toBe('2026-04-01');
  });

  it('KY: the first of the month at most 60 days after (Sales Tax Institute)', () => {
    // 2026-03-10 + 60 days = 2026-05-09: the last first-of-month on or before it is May 1.
    expect(crossing('US-KY', '2026-03-10', 100_001).register_by).toBe('2026-05-01');
  });

  it('ND: the following calendar year or 60 days after, whichever is earlier (N.D.C.C. 57-39.2-02.2)', () => {
    expect(crossing('US-ND', '2026-03-01', 100_001).register_by).toBe('2026-04-30');
    expect(crossing('US-ND', '2026-11-24', 100_001).register_by).toBe('2027-01-01');
  });

  it('PA: April 1 following the calendar year the threshold was exceeded (Sales Tax Institute)', () => {
    const pa = rule('US-PA', '2026-02-01');
    expect(evaluateNexus({ rule: pa, counters: [sale('2025-06-01', 100_001, 'txn_pa')], asOf: '2026-02-01' })).toMatchObject({
      status: 'crossed',
      register_by: '2026-04-01',
    });
  });

  it('SC: the first day of the second calendar month after (Revenue Ruling 18-14)', () => {
    expect(crossing('US-SC', '2026-03-10', 100_001).register_by).toBe('2026-05-01');
  });
});

describe("Kentucky's transaction test ends on 2026-08-01 (HB 757)", () => {
  const counters: NexusCounter[] = [{ period: '2026-02-01', sales_amount: 500_000, transaction_count: 250 }];
  it('250 small sales cross on 2026-07-31 and not from 2026-08-01', () => {
    expect(evaluateNexus({ rule: rule('US-KY', '2026-07-31'), counters, asOf: '2026-07-31' }).status).toBe('crossed');
    expect(evaluateNexus({ rule: rule('US-KY', '2026-08-01'), counters, asOf: '2026-08-01' })).toMatchObject({
      status: 'below',
      percent_of_sales_threshold: 5,
      percent_of_transaction_threshold: null,
    });
  });
});

describe('VT: the 12 months preceding the monthly period (32 V.S.A. 9701(9)(F))', () => {
  it("measures the twelve whole months before as_of's month, at least $100,000 or at least 200 sales", () => {
    const vt = rule('US-VT', '2026-11-24');
    expect(measurementWindows(vt.window, '2026-11-24', vt.effective_from)).toEqual([{ start: '2025-11-01', end: '2026-10-31' }]);
    expect(evaluateNexus({ rule: vt, counters: [{ period: '2026-01', sales_amount: 100, transaction_count: 200 }], asOf: '2026-11-24' }).status).toBe(
      'crossed',
    );
  });
});
