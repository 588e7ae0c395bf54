/**
 * Domain (pure): a return's figures from the ledger's records (docs/returns.md "How a return is computed").
 * Which lines of a sale are the registration's, how they split over the return's jurisdictions (US: state, county,
 * city and special districts from each line's tax_breakdown; VAT and the OSS: member state and rate), and the
 * conversion of other currencies into the return's at one rate per currency (the ECB rate of the period's last day).
 * Nothing here reads a store: the use case (src/usecases/returns/) hands the records over.
 */
import { AppError } from '../errors';
import { splitByWeights, zeroLevels, type LevelAmounts } from '../money/levels';
import { proportionalShare, taxForAmount } from '../money/money';
import { collectionFor } from '../registrations/collection';
import type { StoredRegistration } from '../registrations/registration';
import { reducedVatRate, standardVatRate } from '../tax/rate-data';
import { isBusiness } from '../tax/vocabulary';
import type { Refund, RefundLine } from '../transactions/refund';
import type { Transaction, TransactionLine } from '../transactions/sale';
import { emptyFigures, type RateType, type ReturnAdjustment, type ReturnFigures, type ReturnLevel, type ReturnLine, type ReturnRecord } from './return';

/** Who the registration is: the selling entity's registrations decide lines recorded without a registration_id. */
export interface RegistrationScope {
  registration: StoredRegistration;
  /** Every registration of the registration's entity (collectionFor picks among them, as a sale's collection does). */
  entityRegistrations: readonly StoredRegistration[];
  /** The account's primary entity: the seller of a sale that named none. */
  primaryEntityId: string;
}

/**
 * The sale's lines this registration reports: a line collected under a registration names it (`registration_id`);
 * a line without one (recorded under `collection: everywhere`, or bearing no tax) is the registration's when the
 * rule that picks a sale's registration (src/domain/registrations/collection.ts) picks it.
 */
export function coveredLines(sale: Transaction, scope: RegistrationScope): TransactionLine[] {
  const { registration } = scope;
  const seller = sale.entity_id ?? scope.primaryEntityId;
  return sale.line_items.filter((line) => {
    if (line.registration_id !== undefined) return line.registration_id === registration.id;
    if (seller !== registration.entity_id) return false;
    const decision = collectionFor(scope.entityRegistrations, {
      country: sale.jurisdiction.country,
      state: sale.jurisdiction.state,
      business: isBusiness(sale.customer?.applied_type ?? sale.customer_type),
      product_category: line.product_category,
      delivery_method: line.delivery_method,
      date: sale.date,
    });
    return decision.collecting && decision.registration_id === registration.id;
  });
}

/** A refund's lines of covered sale lines, with the sale line each refunds. */
export function coveredRefundLines(refund: Refund, sale: Transaction, scope: RegistrationScope): { refunded: RefundLine; line: TransactionLine }[] {
  const covered = new Map(coveredLines(sale, scope).map((l) => [l.id, l]));
  return refund.line_items.flatMap((refunded) => {
    const line = covered.get(refunded.id);
    return line ? [{ refunded, line }] : [];
  });
}

/** The rate of a VAT line in ppm and its type: the standard or the category's reduced rate the tax matches, else the tax's own ratio (0.1 %). */
export function vatRateOfLine(country: string, line: TransactionLine, date: string): { ppm: number; type: RateType } {
  const taxable = line.amount - (line.exempt_amount ?? 0);
  if (taxable === 0) return { ppm: 0, type: 'exempt' };
  if (line.tax_amount === 0) return { ppm: 0, type: 'zero' };
  let standard: number | undefined;
  let reduced: number | undefined;
  try {
    standard = standardVatRate(country, date)?.ppm;
    reduced = reducedVatRate(country, line.product_category, date)?.ppm;
  } catch {
    // A date outside the rate history: the tax's own ratio names the rate.
  }
  const matches = (ppm: number | undefined): ppm is number => ppm !== undefined && ppm > 0 && Math.abs(taxForAmount(taxable, ppm) - line.tax_amount) <= 1;
  const ppm = matches(reduced) ? reduced : matches(standard) ? standard : Math.round((line.tax_amount * 1_000_000) / taxable / 1000) * 1000;
  return { ppm, type: standard !== undefined && ppm < standard ? 'reduced' : 'standard' };
}

/** What one record adds to one jurisdiction line, in the record's currency. */
interface Contribution {
  key: Omit<ReturnLine, keyof ReturnFigures>;
  amount: number;
  exempt: number;
  reason?: string;
  tax: number;
  refund: boolean;
}

const usKey = (sale: Transaction, level: ReturnLevel, name?: string): Contribution['key'] => {
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
 * The jurisdiction lines a sale line (or a refund of it) reports to, with the tax of each. US: the state line carries
 * the line's whole amount and its state (and country) tax; the county, city and special lines the same amount with
 * their level's tax, so each jurisdiction's line reads like that jurisdiction's own schedule. Elsewhere: one line per
 * country (province) and rate.
 */
function contributions(
  sale: Transaction,
  line: TransactionLine,
  amount: number,
  exempt: number,
  tax: number,
  breakdown: LevelAmounts,
  refund: boolean,
): Contribution[] {
  const reason = exempt > 0 ? (line.taxability_reason ?? 'exempt') : undefined;
  const base = { amount, exempt, tax: 0, refund, ...(reason !== undefined ? { reason } : {}) };
  const j = sale.jurisdiction;
  if (j.country === 'US') {
    const out: Contribution[] = [{ ...base, key: usKey(sale, 'state'), tax: breakdown.country + breakdown.state }];
    if (j.county !== undefined || breakdown.county > 0) out.push({ ...base, key: usKey(sale, 'county', j.county ?? 'UNNAMED'), tax: breakdown.county });
    if (j.city !== undefined || breakdown.additional > 0) out.push({ ...base, key: usKey(sale, 'city', j.city ?? 'UNNAMED'), tax: breakdown.additional });
    if (breakdown.special > 0) out.push({ ...base, key: usKey(sale, 'special', j.city ?? j.county ?? 'UNNAMED'), tax: breakdown.special });
    return out;
  }
  const { ppm, type } = vatRateOfLine(j.country, line, sale.date);
  const rate = ppm / 10_000;
  const place = j.state !== undefined && j.country === 'CA' ? `${j.country}-${j.state}` : j.country;
  return [
    {
      ...base,
      tax,
      key: {
        jurisdiction: `${place}-${rate}`,
        country: j.country,
        ...(place !== j.country ? { state: j.state } : {}),
        level: place !== j.country ? 'state' : 'country',
        rate,
        rate_type: type,
      },
    },
  ];
}

/** Figures in one currency, with the split needed to convert without breaking gross = taxable + exempt. */
interface RawFigures {
  taxable: number;
  exemptByReason: Record<string, number>;
  tax: number;
  refundedTaxable: number;
  refundedExempt: number;
  refundTax: number;
}
const emptyRaw = (): RawFigures => ({ taxable: 0, exemptByReason: {}, tax: 0, refundedTaxable: 0, refundedExempt: 0, refundTax: 0 });

function add(raw: RawFigures, c: Pick<Contribution, 'amount' | 'exempt' | 'reason' | 'tax' | 'refund'>, countTax = true): void {
  if (c.refund) {
    raw.refundedTaxable += c.amount - c.exempt;
    raw.refundedExempt += c.exempt;
    if (countTax) raw.refundTax += c.tax;
    return;
  }
  raw.taxable += c.amount - c.exempt;
  if (c.exempt > 0) raw.exemptByReason[c.reason ?? 'exempt'] = (raw.exemptByReason[c.reason ?? 'exempt'] ?? 0) + c.exempt;
  if (countTax) raw.tax += c.tax;
}

/** Converts minor units of a currency into the return's; undefined without a rate. */
export type ReturnConverter = (amount: number, from: string) => number | undefined;

/** Per currency: the raw figures of one line or of the totals. */
type ByCurrency = Map<string, RawFigures>;

function convertFigures(byCurrency: ByCurrency, convert: ReturnConverter, fxDate: string): ReturnFigures {
  const out = emptyFigures();
  const signed = (amount: number, currency: string): number => {
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
  for (const [currency, raw] of byCurrency) {
    const taxable = signed(raw.taxable, currency);
    let exempt = 0;
    for (const [reason, value] of Object.entries(raw.exemptByReason)) {
      const converted = signed(value, currency);
      out.exempt_sales_by_reason[reason] = (out.exempt_sales_by_reason[reason] ?? 0) + converted;
      exempt += converted;
    }
    const refundedTaxable = signed(raw.refundedTaxable, currency);
    out.taxable_sales += taxable;
    out.exempt_sales += exempt;
    out.gross_sales += taxable + exempt;
    out.tax_charged += signed(raw.tax, currency);
    out.refunded_taxable_sales += refundedTaxable;
    out.refunded_sales += refundedTaxable + signed(raw.refundedExempt, currency);
    out.refunds += signed(raw.refundTax, currency);
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
  };
}

export function refundRecord(refund: Refund, covered: readonly { refunded: RefundLine }[], section: Section): ReturnRecord {
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
  };
}

export interface SectionRecords {
  sales: readonly Transaction[];
  refunds: readonly { refund: Refund; sale: Transaction }[];
}

export interface SectionResult {
  lines: ReturnLine[];
  totals: ReturnFigures;
  records: ReturnRecord[];
}

/**
 * The lines and totals of a set of records (the period's, or one correction's). Totals count each sale line once
 * (a US sale line reports to its state and again to its county and city lines, so the lines' amounts do not add up
 * to the totals; their taxes do).
 */
export function computeSection(records: SectionRecords, scope: RegistrationScope, convert: ReturnConverter, fxDate: string, section: Section): SectionResult {
  const lines = new Map<string, { key: Contribution['key']; byCurrency: ByCurrency }>();
  const totals: ByCurrency = new Map();
  const out: ReturnRecord[] = [];
  const raw = (map: ByCurrency, currency: string): RawFigures => {
    let found = map.get(currency);
    if (!found) map.set(currency, (found = emptyRaw()));
    return found;
  };
  const record = (currency: string, c: Contribution[], totalPart: Pick<Contribution, 'amount' | 'exempt' | 'reason' | 'tax' | 'refund'>) => {
    for (const contribution of c) {
      let line = lines.get(contribution.key.jurisdiction);
      if (!line) lines.set(contribution.key.jurisdiction, (line = { key: contribution.key, byCurrency: new Map() }));
      add(raw(line.byCurrency, currency), contribution);
    }
    add(raw(totals, currency), totalPart);
  };

  for (const sale of records.sales) {
    const covered = coveredLines(sale, scope);
    if (covered.length === 0) continue;
    for (const line of covered) {
      const exempt = line.exempt_amount ?? 0;
      const reason = exempt > 0 ? (line.taxability_reason ?? 'exempt') : undefined;
      record(sale.currency, contributions(sale, line, line.amount, exempt, line.tax_amount, line.tax_breakdown, false), {
        amount: line.amount,
        exempt,
        tax: line.tax_amount,
        refund: false,
        ...(reason ? { reason } : {}),
      });
    }
    out.push(saleRecord(sale, covered, section));
  }
  for (const { refund, sale } of records.refunds) {
    const covered = coveredRefundLines(refund, sale, scope);
    if (covered.length === 0) continue;
    for (const { refunded, line } of covered) {
      const exempt = proportionalShare(line.exempt_amount ?? 0, refunded.amount, line.amount);
      const breakdown =
        line.tax_amount > 0 ? splitByWeights(refunded.tax_amount, line.tax_breakdown, 'state') : { ...zeroLevels(), state: refunded.tax_amount };
      record(refund.currency, contributions(sale, line, refunded.amount, exempt, refunded.tax_amount, breakdown, true), {
        amount: refunded.amount,
        exempt,
        tax: refunded.tax_amount,
        refund: true,
      });
    }
    out.push(refundRecord(refund, covered, section));
  }

  const built = [...lines.values()]
    .map(({ key, byCurrency }) => ({ ...key, ...convertFigures(byCurrency, convert, fxDate) }))
    .sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction));
  // A line's tax and the totals' tax are converted separately; with one currency (or none to convert) they agree exactly.
  return { lines: built, totals: convertFigures(totals, convert, fxDate), records: out };
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
