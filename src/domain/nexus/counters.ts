/**
 * Domain (pure): what a sale or a refund adds to the nexus counters (docs/nexus.md "Counters"). The counters
 * are written in the same DynamoDB transaction as the sale or refund, so the nexus report is exact right after a 201
 * and any measurement window is a sum of a few dozen counter items, whatever the number of sales.
 *
 * A sale counts, for its selling entity and in its currency, on its date, in:
 *   - `US-<state>` when it is taxed in a US state (the rule's jurisdiction),
 *   - its country (`CA`, `AU`, `DE` ...): country rules read it, and the EU test subtracts the seller's own country,
 *   - `EU` when the country is an EU member state (Art. 59c: intra-EU B2C supplies, less the home country),
 *   - `WW`, worldwide (CH counts worldwide turnover).
 * Each counter keeps one amount and one count per basis a rule may count (`gross`, `retail`, `taxable`, `goods`,
 * `b2c`), separately for the seller's own sales and sales made through a marketplace facilitator (`mp_` prefix),
 * since rules include or exclude those.
 */
import { euMemberStates } from '../geography/countries';
import { refundedShare, type Refund, type RefundedSoFar } from '../transactions/refund';
import type { Transaction, TransactionLine } from '../transactions/sale';

/** The quantities a counter keeps; a rule's `counts.basis` reads one of them (nexusBasisOf). */
export const nexusBases = ['gross', 'retail', 'taxable', 'goods', 'b2c'] as const;
export type NexusBasis = (typeof nexusBases)[number];

/** The jurisdiction segment of the worldwide counter (CH: worldwide turnover). */
export const WORLDWIDE = 'WW';

export type NexusChannel = 'direct' | 'marketplace';

export type BasisAmounts = Record<NexusBasis, number>;

/** One counter's change: amounts in minor units of `currency` (negative for refunds), counts of sales. */
export interface NexusDelta {
  entity_id: string;
  jurisdiction: string;
  /** YYYY-MM-DD: the sale's or refund's date (the store also adds it to the month's counter). */
  day: string;
  currency: string;
  channel: NexusChannel;
  amounts: BasisAmounts;
  counts: BasisAmounts;
}

const zero = (): BasisAmounts => ({ gross: 0, retail: 0, taxable: 0, goods: 0, b2c: 0 });

/** The jurisdictions a sale in this jurisdiction counts in. */
export function nexusJurisdictionsOf(jurisdiction: Transaction['jurisdiction']): string[] {
  const country = jurisdiction.country;
  return [
    ...(country === 'US' && jurisdiction.state ? [`US-${jurisdiction.state}`] : []),
    ...(country !== 'US' ? [country] : []),
    ...(euMemberStates.has(country) ? ['EU'] : []),
    WORLDWIDE,
  ];
}

/** Sold to a consumer, as Levy taxed it (a business without a valid tax ID is a consumer). */
const isB2c = (transaction: Transaction): boolean => (transaction.customer?.applied_type ?? transaction.customer_type) === 'B2C';

/**
 * A line's amounts per basis for `amount` of it, `exempt` of which bore no tax: gross all; retail all but a sale for
 * resale (a RESELLER customer, or a share exempted by a RESALE certificate); taxable the share tax was charged on;
 * goods all when the line is physical goods; b2c all when the customer was taxed as a consumer.
 */
function lineBases(transaction: Transaction, line: TransactionLine, amount: number, exempt: number): BasisAmounts {
  const resale = transaction.customer_type === 'RESELLER' ? amount : line.exemption?.reason === 'RESALE' ? exempt : 0;
  return {
    gross: amount,
    retail: amount - resale,
    taxable: amount - exempt,
    goods: line.product_category === 'PHYSICAL_GOODS' ? amount : 0,
    b2c: isB2c(transaction) ? amount : 0,
  };
}

function addInto(sum: BasisAmounts, more: BasisAmounts): void {
  for (const basis of nexusBases) sum[basis] += more[basis];
}

function deltas(transaction: Transaction, entityId: string, day: string, amounts: BasisAmounts, counts: BasisAmounts): NexusDelta[] {
  if (nexusBases.every((b) => amounts[b] === 0 && counts[b] === 0)) return [];
  const channel: NexusChannel = transaction.marketplace === true ? 'marketplace' : 'direct';
  return nexusJurisdictionsOf(transaction.jurisdiction).map((jurisdiction) => ({
    entity_id: entityId,
    jurisdiction,
    day,
    currency: transaction.currency,
    channel,
    amounts: { ...amounts },
    counts: { ...counts },
  }));
}

/**
 * The counters a sale moves (`entityId`: the selling entity, the primary one when the sale names none). A sale counts
 * once in a basis's transaction count when it has an amount in that basis.
 */
export function saleNexusDeltas(transaction: Transaction, entityId: string): NexusDelta[] {
  const amounts = zero();
  for (const line of transaction.line_items) addInto(amounts, lineBases(transaction, line, line.amount, line.exempt_amount ?? 0));
  const counts = zero();
  for (const basis of nexusBases) counts[basis] = amounts[basis] > 0 ? 1 : 0;
  return deltas(transaction, entityId, transaction.date, amounts, counts);
}

/**
 * The counters a refund moves, on the refund's date: minus its amounts per basis (the untaxed share in proportion,
 * exactly as the exposure counters take it). A refund never lowers the transaction counts: the sale was made, and the
 * states' tests count separate transactions made (docs/nexus.md).
 */
export function refundNexusDeltas(transaction: Transaction, refund: Refund, refundedBefore: RefundedSoFar, entityId: string): NexusDelta[] {
  const lines = new Map(transaction.line_items.map((l) => [l.id, l]));
  const amounts = zero();
  for (const refundLine of refund.line_items) {
    const line = lines.get(refundLine.id);
    if (!line) throw new RangeError(`refund ${refund.id} names line ${refundLine.id}, which transaction ${transaction.id} does not have`);
    const untaxed = line.exempt_amount ?? 0;
    const before = refundedBefore[line.id]?.amount ?? 0;
    const exempt = refundedShare(untaxed, line.amount, before, refundLine.amount);
    const bases = lineBases(transaction, line, refundLine.amount, exempt);
    for (const basis of nexusBases) amounts[basis] -= bases[basis];
  }
  return deltas(transaction, entityId, refund.date, amounts, zero());
}

/** What a counter holds for one channel: the amounts and the counts per basis. */
export interface ChannelTotals {
  amounts: BasisAmounts;
  counts: BasisAmounts;
}

/** A stored counter of one entity: a month's (`YYYY-MM`) or a day's (`YYYY-MM-DD`) sales in one jurisdiction and currency. */
export interface StoredNexusCounter {
  jurisdiction: string;
  period: string;
  currency: string;
  direct: ChannelTotals;
  marketplace: ChannelTotals;
  /**
   * A day counter only: crossings the report already found on this day, by crossingMemoKey (the rule, the window and
   * the totals before and on the day): the id of the sale that crossed. Any change to the day's totals changes the key.
   */
  crossings?: Record<string, string>;
}

export const emptyChannel = (): ChannelTotals => ({ amounts: zero(), counts: zero() });

/** Adds a delta to counters kept in memory (the simulation adds hypothetical sales this way). */
export function addDeltaTo(counters: Map<string, StoredNexusCounter>, delta: NexusDelta, period: string): void {
  const key = `${delta.jurisdiction}|${period}|${delta.currency}`;
  let counter = counters.get(key);
  if (!counter)
    counters.set(key, (counter = { jurisdiction: delta.jurisdiction, period, currency: delta.currency, direct: emptyChannel(), marketplace: emptyChannel() }));
  const channel = counter[delta.channel];
  addInto(channel.amounts, delta.amounts);
  addInto(channel.counts, delta.counts);
}

/** One delta as a counter of its own (one sale's share of a day: the simulation, the crossing day's sales). */
export function counterOf(delta: NexusDelta, period: string): StoredNexusCounter {
  const one = new Map<string, StoredNexusCounter>();
  addDeltaTo(one, delta, period);
  return one.values().next().value!;
}

/** A counter's channels less another's (what a day's sales leave of its counter: that day's refunds). */
export function subtractCounter(counter: StoredNexusCounter, other: StoredNexusCounter): StoredNexusCounter {
  const less = (a: BasisAmounts, b: BasisAmounts) => Object.fromEntries(nexusBases.map((k) => [k, a[k] - b[k]])) as BasisAmounts;
  const channel = (a: ChannelTotals, b: ChannelTotals): ChannelTotals => ({ amounts: less(a.amounts, b.amounts), counts: less(a.counts, b.counts) });
  return { ...counter, direct: channel(counter.direct, other.direct), marketplace: channel(counter.marketplace, other.marketplace) };
}
