/**
 * Domain (pure): what a sale or a refund adds to the return counters (docs/returns.md "Counters"). A record adds,
 * in the write that records it, to one counter per day (the record's date), cover, currency and return line, one
 * per day, cover and currency for the totals, and one count per day and set of covers. A return sums the counters of
 * its period and keeps those of covers its registration reports, without reading the sales; the ledger recomputation
 * (computeSection) goes through the same deltas, so the two cannot drift apart.
 *
 * A cover is what decides which registration reports a line (coveredLines): the registration the line was collected
 * under, else the seller, where the tax is due, whether the customer is taxed as a business, the kind of supply
 * (goods shipped, goods not shipped, the rest: what the coverage rules ask, src/domain/registrations/collection.ts) and
 * the sale's date (the registration must be in force on it). A refund counts under the covers of the lines it refunds.
 */
import { splitByWeights, zeroLevels, type LevelAmounts } from '../money/levels';
import { ppmToFraction, ppmToPercent, proportionalShare } from '../money/money';
import { filerExemptReason } from '../sales/line-taxability';
import { isBusiness, type DeliveryMethod, type ProductCategory } from '../tax/vocabulary';
import type { Refund } from '../transactions/refund';
import type { Transaction, TransactionLine } from '../transactions/sale';
import type { ReturnFigures, ReturnLevel, ReturnLine } from './return';
import { vatRateOfLine } from './vat-rate';

/** A return line's identity and description (the jurisdiction, its level and, for VAT, the rate). */
export type LineKey = Omit<ReturnLine, keyof ReturnFigures>;

/** Raw figures in one currency (integer minor units); `n`: how many contributions made them (a line with none is absent). */
export interface CounterFigures {
  n: number;
  taxable: number;
  exempt: Record<string, number>;
  tax: number;
  refunded_taxable: number;
  refunded_exempt: number;
  refund_tax: number;
}

export const emptyCounterFigures = (): CounterFigures => ({ n: 0, taxable: 0, exempt: {}, tax: 0, refunded_taxable: 0, refunded_exempt: 0, refund_tax: 0 });

/** One counter: a day's figures of one cover and currency, for one return line (`line`) or the totals (no `line`). */
export interface ReturnCounter {
  day: string;
  cover: string;
  currency: string;
  line?: LineKey;
  figures: CounterFigures;
}

/** How many sales (refunds) dated `day` have lines under exactly these covers. */
export interface ReturnCount {
  day: string;
  kind: 'sale' | 'refund';
  covers: readonly string[];
  count: number;
}

export interface ReturnDeltas {
  counters: ReturnCounter[];
  counts: ReturnCount[];
}

/** A cover, decoded: the registration a line names, or what the collection rule decides by. */
export type Cover =
  | { registration_id: string }
  | {
      entity_id?: string;
      country: string;
      state?: string;
      business: boolean;
      product_category: ProductCategory;
      delivery_method: DeliveryMethod;
      date: string;
    };

/** The kinds of supply the coverage rules tell apart, each with a category and delivery that stands for it. */
const supplyKinds: Record<string, { product_category: ProductCategory; delivery_method: DeliveryMethod }> = {
  gs: { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
  gp: { product_category: 'PHYSICAL_GOODS', delivery_method: 'PICKUP' },
  sv: { product_category: 'SAAS', delivery_method: 'CLOUD' },
};
const supplyKind = (line: Pick<TransactionLine, 'product_category' | 'delivery_method'>) =>
  line.product_category !== 'PHYSICAL_GOODS' ? 'sv' : line.delivery_method === 'SHIPPED' ? 'gs' : 'gp';

/** The cover of a sale line, as a string (a counter's key). Ids never contain `|` (reference fields). */
export function coverOf(sale: Transaction, line: TransactionLine): string {
  if (line.registration_id !== undefined) return `r|${line.registration_id}`;
  const business = isBusiness(sale.customer?.applied_type ?? sale.customer_type) ? 'b' : 'c';
  return ['e', sale.entity_id ?? '', sale.jurisdiction.country, sale.jurisdiction.state ?? '', business, supplyKind(line), sale.date].join('|');
}

export function decodeCover(cover: string): Cover {
  const [tag, a = '', country = '', state = '', business, kind = 'sv', date = ''] = cover.split('|');
  if (tag === 'r') return { registration_id: a };
  return {
    ...(a !== '' ? { entity_id: a } : {}),
    country,
    ...(state !== '' ? { state } : {}),
    business: business === 'b',
    ...(supplyKinds[kind] ?? supplyKinds.sv!),
    date,
  };
}

/** What one record adds to one line (or the totals), in the record's currency. */
interface Contribution {
  amount: number;
  exempt: number;
  reason?: string;
  tax: number;
  refund: boolean;
}

const usKey = (sale: Transaction, level: ReturnLevel, name?: string): LineKey => {
  const state = sale.jurisdiction.state ?? '';
  const base = `US-${state}`;
  const jurisdiction =
    level === 'state'
      ? base
      : level === 'county'
        ? `${base}-${name}`
        : level === 'city'
          ? `${base}-${sale.jurisdiction.county ?? ''}-${name}`
          : `${base}-special-${name}`;
  return { jurisdiction, country: 'US', ...(state ? { state } : {}), level, ...(name !== undefined ? { name } : {}) };
};

/**
 * The lines a sale line (or a refund of it) reports to, with the tax of each. US: the state line carries the line's
 * whole amount and its state (and country) tax; the county, city and special lines the same amount with their level's
 * tax, so each jurisdiction's line reads like that jurisdiction's own schedule. Elsewhere: one line per country
 * (province) and rate, the rate a fraction (0.2); a line on which no tax was due at all is its place's `-exempt` line.
 */
function lineContributions(sale: Transaction, line: TransactionLine, base: Contribution, breakdown: LevelAmounts): { key: LineKey; c: Contribution }[] {
  const j = sale.jurisdiction;
  if (j.country === 'US') {
    const out = [{ key: usKey(sale, 'state'), c: { ...base, tax: breakdown.country + breakdown.state } }];
    if (j.county !== undefined || breakdown.county > 0) out.push({ key: usKey(sale, 'county', j.county ?? 'UNNAMED'), c: { ...base, tax: breakdown.county } });
    if (j.city !== undefined || breakdown.additional > 0)
      out.push({ key: usKey(sale, 'city', j.city ?? 'UNNAMED'), c: { ...base, tax: breakdown.additional } });
    if (breakdown.special > 0) out.push({ key: usKey(sale, 'special', j.city ?? j.county ?? 'UNNAMED'), c: { ...base, tax: breakdown.special } });
    return out;
  }
  const { ppm, type } = vatRateOfLine(j.country, line, sale.date);
  const place = j.state !== undefined && j.country === 'CA' ? `${j.country}-${j.state}` : j.country;
  const key: LineKey = {
    jurisdiction: type === 'exempt' ? `${place}-exempt` : `${place}-${ppmToPercent(ppm)}`,
    country: j.country,
    ...(place !== j.country ? { state: j.state } : {}),
    level: place !== j.country ? 'state' : 'country',
    rate: ppmToFraction(ppm),
    rate_type: type,
  };
  return [{ key, c: base }];
}

/** A counter's identity: day, cover, currency and line (jurisdiction and rate type; empty for the totals). */
const lineId = (line: LineKey | undefined) => (line === undefined ? '' : `${line.jurisdiction}|${line.rate_type ?? ''}`);
export const counterId = (c: Pick<ReturnCounter, 'day' | 'cover' | 'currency' | 'line'>) => `${c.day}#${c.cover}#${c.currency}#${lineId(c.line)}`;
export const countId = (c: Pick<ReturnCount, 'day' | 'kind' | 'covers'>) => `${c.day}#${c.kind}#${c.covers.join(',')}`;

/** Adds `figures` (times `sign`) into `into`. */
export function addFigures(into: CounterFigures, figures: CounterFigures, sign = 1): void {
  into.n += sign * figures.n;
  into.taxable += sign * figures.taxable;
  into.tax += sign * figures.tax;
  into.refunded_taxable += sign * figures.refunded_taxable;
  into.refunded_exempt += sign * figures.refunded_exempt;
  into.refund_tax += sign * figures.refund_tax;
  for (const [reason, amount] of Object.entries(figures.exempt)) {
    const sum = (into.exempt[reason] ?? 0) + sign * amount;
    if (sum === 0) delete into.exempt[reason];
    else into.exempt[reason] = sum;
  }
}

const figuresOf = (c: Contribution): CounterFigures => {
  const figures = emptyCounterFigures();
  figures.n = 1;
  if (c.refund) {
    figures.refunded_taxable = c.amount - c.exempt;
    figures.refunded_exempt = c.exempt;
    figures.refund_tax = c.tax;
  } else {
    figures.taxable = c.amount - c.exempt;
    if (c.exempt > 0) figures.exempt[c.reason ?? 'exempt'] = c.exempt;
    figures.tax = c.tax;
  }
  return figures;
};

/** Deltas summed per counter and count; `sign` -1 takes records out (those recorded after a cutoff). */
export class DeltaSum {
  private readonly counters = new Map<string, ReturnCounter>();
  private readonly counts = new Map<string, ReturnCount>();

  add(deltas: ReturnDeltas, sign = 1): this {
    for (const counter of deltas.counters) {
      const id = counterId(counter);
      let sum = this.counters.get(id);
      if (!sum) this.counters.set(id, (sum = { ...counter, figures: emptyCounterFigures() }));
      addFigures(sum.figures, counter.figures, sign);
    }
    for (const count of deltas.counts) {
      const id = countId(count);
      const sum = this.counts.get(id);
      if (sum) sum.count += sign * count.count;
      else this.counts.set(id, { ...count, count: sign * count.count });
    }
    return this;
  }

  list(): ReturnDeltas {
    return { counters: [...this.counters.values()], counts: [...this.counts.values()] };
  }
}

function recordDeltas(day: string, kind: 'sale' | 'refund', currency: string, parts: { cover: string; key?: LineKey; c: Contribution }[]): ReturnDeltas {
  const sum = new DeltaSum();
  for (const { cover, key, c } of parts) sum.add({ counters: [{ day, cover, currency, ...(key ? { line: key } : {}), figures: figuresOf(c) }], counts: [] });
  const covers = [...new Set(parts.map((p) => p.cover))].sort();
  return { counters: sum.list().counters, counts: covers.length > 0 ? [{ day, kind, covers, count: 1 }] : [] };
}

/** What a sale adds to the return counters: each line to its lines and the totals under its cover, and one count. */
export function saleReturnDeltas(sale: Transaction): ReturnDeltas {
  const parts = sale.line_items.flatMap((line) => {
    const cover = coverOf(sale, line);
    const exempt = line.exempt_amount ?? 0;
    const reason = exempt > 0 ? (filerExemptReason(line, sale.customer_type) ?? 'exempt') : undefined;
    const base: Contribution = { amount: line.amount, exempt, tax: line.tax_amount, refund: false, ...(reason !== undefined ? { reason } : {}) };
    return [...lineContributions(sale, line, base, line.tax_breakdown).map((p) => ({ cover, ...p })), { cover, c: base }];
  });
  return recordDeltas(sale.date, 'sale', sale.currency, parts);
}

/**
 * What a refund adds (as refunds) under the covers of the lines it refunds, in the refund's date: its amount, its
 * untaxed share in proportion of the line's (half-up), its tax split over the line's levels as the line's was.
 */
export function refundReturnDeltas(refund: Refund, sale: Transaction): ReturnDeltas {
  const lines = new Map(sale.line_items.map((l) => [l.id, l]));
  const parts = refund.line_items.flatMap((refunded) => {
    const line = lines.get(refunded.id);
    if (!line) return [];
    const cover = coverOf(sale, line);
    const exempt = proportionalShare(line.exempt_amount ?? 0, refunded.amount, line.amount);
    const breakdown = line.tax_amount > 0 ? splitByWeights(refunded.tax_amount, line.tax_breakdown, 'state') : { ...zeroLevels(), state: refunded.tax_amount };
    const base: Contribution = { amount: refunded.amount, exempt, tax: refunded.tax_amount, refund: true };
    return [...lineContributions(sale, line, base, breakdown).map((p) => ({ cover, ...p })), { cover, c: base }];
  });
  return recordDeltas(refund.date, 'refund', refund.currency, parts);
}
