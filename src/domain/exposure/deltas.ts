/**
 * Domain (pure): what a sale or a refund adds to the exposure totals (docs/exposure.md).
 *
 * A line's tax is attributed to its country always; to its state or region when the sale is in a known state
 * (a name exists for it) and some of the line's tax is levied at the state level or below; to its county when the
 * county is known and some of the tax is levied at the county level or below. The amount attributed is the whole
 * line tax each time, so a country's amount is at least the sum of its states', a state's at least its counties'.
 * A refund removes its tax from exactly the entries the refunded line was attributed to.
 *
 * Every total is kept twice: per month (YYYY-MM of the sale's or refund's date) and for all time (`all`), so the
 * report without a range reads one item per entry, whatever the number of months.
 *
 * Beside the tax, the sales amounts a return needs: each line's net amount split into the share tax was
 * charged on (`taxable_sales`) and the share it was not, by the filer's reason (`exempt_sales`: exemptReasonOf,
 * `resale`, `government`, `nonprofit`..., or the engine's, not_taxable_in_jurisdiction, zero_rated, reverse_charge). These are
 * attributed to the sale's own jurisdiction whatever tax it bore: its country, its state when Levy knows it by name,
 * its county when the engine names one (a TX resale sale counts in TX though it bears no TX tax). A refund removes
 * its share of both, in proportion, the last refund of a line exactly what is left. Lines recorded before Levy kept
 * the split carry none and move only the tax.
 */
import { byText } from '../compare';
import { monthOfDate } from '../tax/zip-rate-months';
import { filerExemptReason } from '../sales/line-taxability';
import { refundedShare, type Refund, type RefundedSoFar } from '../transactions/refund';
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

/** Net sales amounts in minor units: the share tax was charged on, and the rest by reason. */
export interface SalesAmounts {
  taxable_sales?: number;
  /** By the filer's reason (resale, not_taxable_in_jurisdiction, ...); only reasons with an amount. */
  exempt_sales?: Readonly<Record<string, number>>;
}

/**
 * A counter's change: `tax` in minor units (negative for refunds), `sales` the number of sales attributed, and the
 * net sales amounts (absent when zero).
 */
export interface ExposureDelta extends ExposureKey, SalesAmounts {
  tax: number;
  sales: number;
}

export const exposureKeyString = (k: ExposureKey): string => [k.period, k.currency, k.country, k.state ?? '', k.county ?? ''].join('|');

/** The entries (country, state?, county?) a line of this sale is attributed to. */
export function lineAttribution(line: Pick<TransactionLine, 'tax_breakdown'>, jurisdiction: Jurisdiction): { state?: string; county?: string } {
  const b = line.tax_breakdown;
  const belowCounty = b.county + b.additional + b.special;
  const state = jurisdiction.state && jurisdiction.state_name && b.state + belowCounty > 0 ? jurisdiction.state : undefined;
  const county = state && jurisdiction.county && belowCounty > 0 ? jurisdiction.county : undefined;
  return { ...(state ? { state } : {}), ...(county ? { county } : {}) };
}

/** The entries (country, state?, county?) a line's sales amounts are attributed to: the sale's jurisdiction. */
function amountEntries(jurisdiction: Jurisdiction): { state?: string; county?: string }[] {
  const entries: { state?: string; county?: string }[] = [{}];
  if (jurisdiction.state && jurisdiction.state_name) {
    entries.push({ state: jurisdiction.state });
    if (jurisdiction.county) entries.push({ state: jurisdiction.state, county: jurisdiction.county });
  }
  return entries;
}

/** What a line moves on the sales amounts: `taxable` of its net amount taxed, `exempt` not, for `reason`. */
interface LineAmounts {
  taxable: number;
  exempt: number;
  reason: string;
}

interface Sum {
  tax: number;
  sales: number;
  taxable: number;
  exempt: Map<string, number>;
}

class DeltaSum {
  private readonly byKey = new Map<string, { key: ExposureKey; sum: Sum }>();

  add(key: ExposureKey, tax: number, sales: number, amounts?: LineAmounts): void {
    for (const period of [key.period, ALL_TIME]) {
      const k = { ...key, period };
      const id = exposureKeyString(k);
      let entry = this.byKey.get(id);
      if (!entry) this.byKey.set(id, (entry = { key: k, sum: { tax: 0, sales: 0, taxable: 0, exempt: new Map() } }));
      entry.sum.tax += tax;
      entry.sum.sales += sales;
      if (amounts) {
        entry.sum.taxable += amounts.taxable;
        if (amounts.exempt !== 0) entry.sum.exempt.set(amounts.reason, (entry.sum.exempt.get(amounts.reason) ?? 0) + amounts.exempt);
      }
    }
  }

  /** Non-zero deltas only, in key order (a stable order of writes); amounts only where not zero. */
  list(): ExposureDelta[] {
    return [...this.byKey.entries()]
      .sort(([a], [b]) => byText(a, b))
      .flatMap(([, { key, sum }]) => {
        const exempt = [...sum.exempt.entries()].filter(([, amount]) => amount !== 0).sort(([a], [b]) => byText(a, b));
        if (sum.tax === 0 && sum.sales === 0 && sum.taxable === 0 && exempt.length === 0) return [];
        return [
          {
            ...key,
            tax: sum.tax,
            sales: sum.sales,
            ...(sum.taxable !== 0 ? { taxable_sales: sum.taxable } : {}),
            ...(exempt.length > 0 ? { exempt_sales: Object.fromEntries(exempt) } : {}),
          },
        ];
      });
  }
}

/** A line's sales amounts, or none for a line recorded before Levy kept them. */
function saleLineAmounts(transaction: Transaction, line: TransactionLine): LineAmounts | undefined {
  const reason = filerExemptReason(line, transaction.customer_type);
  if (reason === undefined) return undefined;
  const exempt = line.exempt_amount ?? 0;
  return { taxable: line.amount - exempt, exempt, reason };
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
    const amounts = saleLineAmounts(transaction, line);
    if (amounts) for (const entry of amountEntries(transaction.jurisdiction)) sum.add({ ...base, ...entry }, 0, 0, amounts);
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

/**
 * The deltas of a refund: minus its tax on the entries each refunded line was attributed to, and minus its share of
 * the line's sales amounts, in the refund's month. `refundedBefore` (what earlier refunds took) makes the amounts'
 * shares exact: the untaxed share refunded is the line's untaxed share of all refunded so far, half-up, less what
 * earlier refunds took, so the line's last refund takes exactly what is left.
 */
export function refundExposureDeltas(transaction: Transaction, refund: Refund, refundedBefore: RefundedSoFar = {}): ExposureDelta[] {
  const sum = new DeltaSum();
  const base = { period: monthOfDate(refund.date), currency: transaction.currency, country: transaction.jurisdiction.country };
  const lines = new Map(transaction.line_items.map((l) => [l.id, l]));
  for (const refundLine of refund.line_items) {
    const line = lines.get(refundLine.id);
    if (!line) throw new RangeError(`refund ${refund.id} names line ${refundLine.id}, which transaction ${transaction.id} does not have`);
    const amounts = saleLineAmounts(transaction, line);
    if (amounts) {
      const before = refundedBefore[line.id]?.amount ?? 0;
      const exempt = refundedShare(amounts.exempt, line.amount, before, refundLine.amount);
      const refunded = { taxable: -(refundLine.amount - exempt), exempt: -exempt, reason: amounts.reason };
      for (const entry of amountEntries(transaction.jurisdiction)) sum.add({ ...base, ...entry }, 0, 0, refunded);
    }
    const { state, county } = lineAttribution(line, transaction.jurisdiction);
    sum.add(base, -refundLine.tax_amount, 0);
    if (state) sum.add({ ...base, state }, -refundLine.tax_amount, 0);
    if (state && county) sum.add({ ...base, state, county }, -refundLine.tax_amount, 0);
  }
  return sum.list();
}
