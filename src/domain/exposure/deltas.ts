/**
 * Domain (pure): what a sale or a refund adds to the exposure totals (issue 4, docs/exposure.md).
 *
 * A line's tax is attributed to its country always; to its state or region when the sale is in a known state
 * (a name exists for it) and some of the line's tax is levied at the state level or below; to its county when the
 * county is known and some of the tax is levied at the county level or below. The amount attributed is the whole
 * line tax each time, so a country's amount is at least the sum of its states', a state's at least its counties'.
 * A refund removes its tax from exactly the entries the refunded line was attributed to.
 *
 * Every total is kept twice: per month (YYYY-MM of the sale's or refund's date) and for all time (`all`), so the
 * report without a range reads one item per entry, whatever the number of months.
 */
import { byText } from '../compare';
import { monthOfDate } from '../tax/zip-rate-months';
import type { Refund } from '../transactions/refund';
import type { Transaction, TransactionLine } from '../transactions/sale';
import type { Jurisdiction } from '../tax/rate-types';

export const ALL_TIME = 'all';

export interface ExposureKey {
  /** YYYY-MM, or `all`. */
  period: string;
  currency: string;
  country: string;
  state?: string;
  county?: string;
}

/** A counter's change: `tax` in minor units (negative for refunds), `sales` the number of sales attributed. */
export interface ExposureDelta extends ExposureKey {
  tax: number;
  sales: number;
}

export const exposureKeyString = (k: ExposureKey): string =>
  [k.period, k.currency, k.country, k.state ?? '', k.county ?? ''].join('|');

/** The entries (country, state?, county?) a line of this sale is attributed to. */
export function lineAttribution(
  line: Pick<TransactionLine, 'tax_breakdown'>,
  jurisdiction: Jurisdiction,
): { state?: string; county?: string } {
  const b = line.tax_breakdown;
  const belowCounty = b.county + b.additional + b.special;
  const state = jurisdiction.state && jurisdiction.state_name && b.state + belowCounty > 0 ? jurisdiction.state : undefined;
  const county = state && jurisdiction.county && belowCounty > 0 ? jurisdiction.county : undefined;
  return { ...(state ? { state } : {}), ...(county ? { county } : {}) };
}


class DeltaSum {
  private readonly byKey = new Map<string, ExposureDelta>();

  add(key: ExposureKey, tax: number, sales: number): void {
    for (const period of [key.period, ALL_TIME]) {
      const k = { ...key, period };
      const id = exposureKeyString(k);
      const current = this.byKey.get(id) ?? { ...k, tax: 0, sales: 0 };
      current.tax += tax;
      current.sales += sales;
      this.byKey.set(id, current);
    }
  }

  /** Non-zero deltas only, in key order (a stable order of writes). */
  list(): ExposureDelta[] {
    return [...this.byKey.entries()]
      .filter(([, d]) => d.tax !== 0 || d.sales !== 0)
      .sort(([a], [b]) => byText(a, b))
      .map(([, d]) => d);
  }
}

/**
 * The deltas of a sale, aggregated per entry: all lines share one location, so at most country + state + county,
 * each per month and for all time (6 counters), whatever the number of lines.
 */
export function saleExposureDeltas(transaction: Transaction): ExposureDelta[] {
  const sum = new DeltaSum();
  const base = { period: monthOfDate(transaction.date), currency: transaction.currency, country: transaction.jurisdiction.country };
  sum.add(base, transaction.tax_total, 1);
  let stateSale = false;
  const countySale = new Set<string>();
  for (const line of transaction.line_items) {
    const { state, county } = lineAttribution(line, transaction.jurisdiction);
    if (state) {
      sum.add({ ...base, state }, line.tax_amount, stateSale ? 0 : 1);
      stateSale = true;
    }
    if (state && county) {
      sum.add({ ...base, state, county }, line.tax_amount, countySale.has(county) ? 0 : 1);
      countySale.add(county);
    }
  }
  return sum.list();
}

/** The deltas of a refund: minus its tax on the entries each refunded line was attributed to, in the refund's month. */
export function refundExposureDeltas(transaction: Transaction, refund: Refund): ExposureDelta[] {
  const sum = new DeltaSum();
  const base = { period: monthOfDate(refund.date), currency: transaction.currency, country: transaction.jurisdiction.country };
  const lines = new Map(transaction.line_items.map((l) => [l.id, l]));
  for (const refundLine of refund.line_items) {
    const line = lines.get(refundLine.id);
    if (!line) throw new RangeError(`refund ${refund.id} names line ${refundLine.id}, which transaction ${transaction.id} does not have`);
    const { state, county } = lineAttribution(line, transaction.jurisdiction);
    sum.add(base, -refundLine.tax_amount, 0);
    if (state) sum.add({ ...base, state }, -refundLine.tax_amount, 0);
    if (state && county) sum.add({ ...base, state, county }, -refundLine.tax_amount, 0);
  }
  return sum.list();
}
