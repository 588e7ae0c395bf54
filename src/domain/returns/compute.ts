/**
 * Domain (pure): a return's figures (docs/returns.md "How a return is computed"). Which lines of a sale are the
 * registration's (their cover: src/domain/returns/counters.ts), the lines and totals of a section from counters
 * (summed per day, cover, currency and line: the stored counters, or the deltas of records read from the ledger),
 * and the conversion of other currencies into the return's at one rate per currency (the ECB rate of the period's
 * last day). Nothing here reads a store: the use case (src/usecases/returns/) hands the counters and records over.
 */
import { AppError } from '../errors';
import { collectionFor } from '../registrations/collection';
import type { StoredRegistration } from '../registrations/registration';
import type { Refund, RefundLine } from '../transactions/refund';
import { certificateOf } from '../sales/line-taxability';
import type { Transaction, TransactionLine } from '../transactions/sale';
import {
  addFigures,
  coverOf,
  decodeCover,
  DeltaSum,
  emptyCounterFigures,
  refundReturnDeltas,
  saleReturnDeltas,
  type CounterFigures,
  type LineKey,
  type ReturnDeltas,
} from './counters';
import { emptyFigures, type ReturnAdjustment, type ReturnFigures, type ReturnLine, type ReturnRecord } from './return';

/** Who the registration is: the selling entity's registrations decide lines recorded without a registration_id. */
export interface RegistrationScope {
  registration: StoredRegistration;
  /** Every registration of the registration's entity (collectionFor picks among them, as a sale's collection does). */
  entityRegistrations: readonly StoredRegistration[];
  /** The account's primary entity: the seller of a sale that named none. */
  primaryEntityId: string;
}

/**
 * Whether the registration reports the lines of a cover: a line collected under a registration names it
 * (`registration_id`); a line without one (recorded under `collection: everywhere`, or bearing no tax) is the
 * registration's when the rule that picks a sale's registration (src/domain/registrations/collection.ts) picks it.
 * Memoized per cover: a return asks once per cover, whatever the number of counters or records under it.
 */
export function coverTest(scope: RegistrationScope): (cover: string) => boolean {
  const { registration } = scope;
  const known = new Map<string, boolean>();
  const decide = (encoded: string): boolean => {
    const cover = decodeCover(encoded);
    if ('registration_id' in cover) return cover.registration_id === registration.id;
    if ((cover.entity_id ?? scope.primaryEntityId) !== registration.entity_id) return false;
    const decision = collectionFor(scope.entityRegistrations, cover);
    return decision.collecting && decision.registration_id === registration.id;
  };
  return (encoded) => {
    let covered = known.get(encoded);
    if (covered === undefined) known.set(encoded, (covered = decide(encoded)));
    return covered;
  };
}

/** The sale's lines this registration reports (coverTest). */
export function coveredLines(sale: Transaction, scope: RegistrationScope, covers = coverTest(scope)): TransactionLine[] {
  return sale.line_items.filter((line) => covers(coverOf(sale, line)));
}

/** A refund's lines of covered sale lines, with the sale line each refunds. */
export function coveredRefundLines(refund: Refund, sale: Transaction, scope: RegistrationScope): { refunded: RefundLine; line: TransactionLine }[] {
  const covered = new Map(coveredLines(sale, scope).map((l) => [l.id, l]));
  return refund.line_items.flatMap((refunded) => {
    const line = covered.get(refunded.id);
    return line ? [{ refunded, line }] : [];
  });
}

/** Converts minor units of a currency into the return's; undefined without a rate. */
export type ReturnConverter = (amount: number, from: string) => number | undefined;

/** Per currency: the raw figures of one line or of the totals. */
type ByCurrency = Map<string, CounterFigures>;

function convertFigures(byCurrency: ByCurrency, convert: ReturnConverter, fxDate: string): ReturnFigures {
  const out = emptyFigures();
  const signed = (amount: number, currency: string): number => {
    if (amount === 0) return 0;
    const converted = convert(Math.abs(amount), currency);
    if (converted === undefined) {
      throw new AppError(
        422,
        'fx_rate_unavailable',
        `No ECB reference rate for ${currency} on ${fxDate} or the 7 days before: import the rates with \`levy fx import\` before computing this return.`,
      );
    }
    return Math.sign(amount) * converted;
  };
  for (const [currency, raw] of [...byCurrency].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const taxable = signed(raw.taxable, currency);
    let exempt = 0;
    for (const [reason, value] of Object.entries(raw.exempt).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const converted = signed(value, currency);
      out.exempt_sales_by_reason[reason] = (out.exempt_sales_by_reason[reason] ?? 0) + converted;
      exempt += converted;
    }
    const refundedTaxable = signed(raw.refunded_taxable, currency);
    out.taxable_sales += taxable;
    out.exempt_sales += exempt;
    out.gross_sales += taxable + exempt;
    out.tax_charged += signed(raw.tax, currency);
    out.refunded_taxable_sales += refundedTaxable;
    out.refunded_sales += refundedTaxable + signed(raw.refunded_exempt, currency);
    out.refunds += signed(raw.refund_tax, currency);
  }
  out.net_tax_due = out.tax_charged - out.refunds;
  return out;
}

const withAdjustments = (figures: ReturnFigures, adjustments: number): ReturnFigures => ({
  ...figures,
  adjustments,
  net_tax_due: figures.net_tax_due + adjustments,
});

type Section = Pick<ReturnRecord, 'section' | 'corrected_return_id'>;

/** A sale as a return lists it: the part of it (its covered lines) that is the registration's. */
export function saleRecord(sale: Transaction, covered: readonly TransactionLine[], section: Section): ReturnRecord {
  return {
    id: `sale:${sale.id}`,
    type: 'sale',
    transaction_id: sale.id,
    date: sale.date,
    recorded_at: sale.created_at,
    currency: sale.currency,
    amount: covered.reduce((s, l) => s + l.amount, 0),
    tax_amount: covered.reduce((s, l) => s + l.tax_amount, 0),
    ...section,
    ...exemptedLines(covered),
  };
}

/** The `exempted_lines` of a record: its lines a certificate applied to, in the shape every answer names one (certificateFields). */
function exemptedLines(lines: readonly TransactionLine[]): Pick<ReturnRecord, 'exempted_lines'> {
  const exempted = lines.flatMap((l) => (l.exemption ? [{ id: l.id, ...certificateOf(l.exemption) }] : []));
  return exempted.length > 0 ? { exempted_lines: exempted } : {};
}

export function refundRecord(refund: Refund, covered: readonly { refunded: RefundLine; line?: TransactionLine }[], section: Section): ReturnRecord {
  return {
    id: `refund:${refund.transaction_id}:${refund.id}`,
    type: 'refund',
    transaction_id: refund.transaction_id,
    refund_id: refund.id,
    date: refund.date,
    recorded_at: refund.created_at,
    currency: refund.currency,
    amount: covered.reduce((s, c) => s + c.refunded.amount, 0),
    tax_amount: covered.reduce((s, c) => s + c.refunded.tax_amount, 0),
    ...section,
    ...exemptedLines(covered.flatMap((c) => (c.line ? [c.line] : []))),
  };
}

export interface SectionRecords {
  sales: readonly Transaction[];
  refunds: readonly { refund: Refund; sale: Transaction }[];
}

export interface SectionResult {
  lines: ReturnLine[];
  totals: ReturnFigures;
  sale_count: number;
  refund_count: number;
}

/** The return counters of a set of records, summed (what the stored counters hold for them). */
export function recordDeltas(records: SectionRecords): ReturnDeltas {
  const sum = new DeltaSum();
  for (const sale of records.sales) sum.add(saleReturnDeltas(sale));
  for (const { refund, sale } of records.refunds) sum.add(refundReturnDeltas(refund, sale));
  return sum.list();
}

/**
 * The lines, totals and counts of a section (the period's, or one correction's) from its counters: those of covers
 * the registration reports, per line summed over days and covers, per currency until converted. Totals count each
 * sale line once (a US sale line reports to its state and again to its county and city lines, so the lines' amounts
 * do not add up to the totals; their taxes do). A line no contribution is left in (`n` 0) is absent.
 */
export function buildSection(deltas: ReturnDeltas, scope: RegistrationScope, convert: ReturnConverter, fxDate: string): SectionResult {
  const covers = coverTest(scope);
  const lines = new Map<string, { key: LineKey; byCurrency: ByCurrency; n: number }>();
  const totals: ByCurrency = new Map();
  const into = (map: ByCurrency, currency: string, figures: CounterFigures) => {
    let sum = map.get(currency);
    if (!sum) map.set(currency, (sum = emptyCounterFigures()));
    addFigures(sum, figures);
  };
  for (const counter of deltas.counters) {
    if (!covers(counter.cover)) continue;
    if (counter.line === undefined) {
      into(totals, counter.currency, counter.figures);
      continue;
    }
    const id = `${counter.line.jurisdiction}|${counter.line.rate_type ?? ''}`;
    let line = lines.get(id);
    if (!line) lines.set(id, (line = { key: counter.line, byCurrency: new Map(), n: 0 }));
    line.n += counter.figures.n;
    into(line.byCurrency, counter.currency, counter.figures);
  }
  const built = [...lines.values()]
    .filter((line) => line.n > 0)
    .map(({ key, byCurrency }) => ({ ...key, ...convertFigures(byCurrency, convert, fxDate) }))
    .sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction));
  const count = (kind: 'sale' | 'refund') => deltas.counts.filter((c) => c.kind === kind && c.covers.some(covers)).reduce((sum, c) => sum + c.count, 0);
  // A line's tax and the totals' tax are converted separately; with one currency (or none to convert) they agree exactly.
  return { lines: built, totals: convertFigures(totals, convert, fxDate), sale_count: count('sale'), refund_count: count('refund') };
}

/** The currencies of the counters the registration reports (a record in them); sorted. */
export function coveredCurrencies(sections: readonly ReturnDeltas[], scope: RegistrationScope): string[] {
  const covers = coverTest(scope);
  const found = new Set(sections.flatMap((d) => d.counters.filter((c) => c.line === undefined && c.figures.n > 0 && covers(c.cover)).map((c) => c.currency)));
  return [...found].sort();
}

/** The section of a set of records read from the ledger: their deltas, built as counters are. */
export function computeSection(records: SectionRecords, scope: RegistrationScope, convert: ReturnConverter, fxDate: string): SectionResult {
  return buildSection(recordDeltas(records), scope, convert, fxDate);
}

/** Applies the adjustments to the lines they name (an adjustment to a jurisdiction without a line adds one) and the totals. */
export function applyAdjustments(
  lines: readonly ReturnLine[],
  totals: ReturnFigures,
  adjustments: readonly ReturnAdjustment[],
  corrections: readonly { totals: ReturnFigures }[],
  lineFor: (jurisdiction: string) => Omit<ReturnLine, keyof ReturnFigures>,
): { lines: ReturnLine[]; totals: ReturnFigures } {
  const byJurisdiction = new Map<string, number>();
  for (const a of adjustments) byJurisdiction.set(a.jurisdiction, (byJurisdiction.get(a.jurisdiction) ?? 0) + a.amount);
  const adjusted = lines.map(
    (line) =>
      withAdjustments({ ...line, adjustments: 0, net_tax_due: line.tax_charged - line.refunds }, byJurisdiction.get(line.jurisdiction) ?? 0) as ReturnLine,
  );
  for (const [jurisdiction, amount] of byJurisdiction) {
    if (!lines.some((l) => l.jurisdiction === jurisdiction)) adjusted.push({ ...lineFor(jurisdiction), ...withAdjustments(emptyFigures(), amount) });
  }
  adjusted.sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction));
  const adjustmentTotal = adjustments.reduce((s, a) => s + a.amount, 0);
  const correctionsDue = corrections.reduce((s, c) => s + c.totals.net_tax_due, 0);
  const base = withAdjustments({ ...totals, net_tax_due: totals.tax_charged - totals.refunds }, adjustmentTotal);
  return { lines: adjusted, totals: { ...base, net_tax_due: base.net_tax_due + correctionsDue } };
}
