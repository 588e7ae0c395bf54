/**
 * Return computation (docs/returns.md): a return's period from the return counters as they stood at its cutoff (every
 * counter of its days, less the records recorded after the cutoff, read one by one by recording time), and each
 * correction from the late records of an earlier finalized period, read one by one the same way. Its build reads a
 * few hundred counters and the few late records, never the period's sales. The arithmetic is pure
 * (src/domain/returns/); this module gathers the counters, the records and the rates it needs.
 */
import { ConflictError } from '../../domain/errors';
import { euMemberStates } from '../../domain/geography/countries';
import { fxConverter, rateOn } from '../../domain/nexus/fx';
import { fxRatesFor } from '../fx-rates';
import type { StoredRegistration } from '../../domain/registrations/registration';
import {
  applyAdjustments,
  buildSection,
  coveredCurrencies,
  recordDeltas,
  type RegistrationScope,
  type ReturnConverter,
  type SectionRecords,
} from '../../domain/returns/compute';
import { DeltaSum, type ReturnDeltas } from '../../domain/returns/counters';
import { filingOf } from '../../domain/filing/defaults';
import { nominalDueDate, periodsOverlapping } from '../../domain/filing/periods';
import { correctionWindows } from '../../domain/returns/corrections';
import { SCHEME_TYPES } from '../../domain/returns/schemes';
import type { ReturnCorrection, ReturnFigures, ReturnLine, TaxReturn } from '../../domain/returns/return';
import type { Ports } from '../../ports/ports';
import type { FxRateTable } from '../../ports/reports';
import type { RecordingEntry, ReturnCounterStore, ReturnLedger, ReturnStore } from '../../ports/returns';
import { primaryEntity } from '../entity-of-request';

export interface ReturnDeps {
  returns: ReturnStore;
  ledger: ReturnLedger;
  counters: ReturnCounterStore;
  registrations: Pick<Ports['registrations'], 'get' | 'listAll'>;
  entities: Pick<Ports['entities'], 'primary'>;
  fxRates: Pick<FxRateTable, 'rates'>;
}

/** Which records a return holds: its period up to its cutoff, and each correction's window. */
export interface ReturnScope {
  period_start: string;
  period_end: string;
  cutoff: string;
  corrections: readonly Pick<ReturnCorrection, 'return_id' | 'period_start' | 'period_end' | 'recorded_after'>[];
}

/** The records dated from `from` to `to` recorded after `after` (exclusive) and at most `upTo` (undefined: any), by recording time. */
async function recordedIn(deps: Pick<ReturnDeps, 'counters'>, accountId: string, from: string, to: string, after: string | undefined, upTo?: string) {
  const months = periodsOverlapping('MONTHLY', { from, to }).map((month) => month.start.slice(0, 7));
  const entries = await deps.counters.recorded(accountId, months, after, upTo);
  return entries.filter((e) => e.date >= from && e.date <= to);
}

/** The records of these entries, read one by one, with the sales their refunds refund. */
export async function recordsOf(deps: Pick<ReturnDeps, 'ledger'>, accountId: string, entries: readonly RecordingEntry[]): Promise<SectionRecords> {
  const saleIds = entries.filter((e) => e.kind === 'sale').map((e) => e.transaction_id);
  const refunds = await Promise.all(
    entries.filter((e) => e.kind === 'refund').map(async (e) => (await deps.ledger.getRefund(accountId, e.transaction_id, e.refund_id ?? ''))?.refund),
  );
  const found = refunds.flatMap((r) => (r ? [r] : []));
  const sales = new Map((await deps.ledger.salesByIds(accountId, [...saleIds, ...found.map((r) => r.transaction_id)])).map((s) => [s.id, s]));
  return {
    sales: saleIds.flatMap((id) => sales.get(id) ?? []),
    refunds: found.flatMap((refund) => (sales.has(refund.transaction_id) ? [{ refund, sale: sales.get(refund.transaction_id)! }] : [])),
  };
}

const READ_ATTEMPTS = 5;
const entryKeys = (entries: readonly RecordingEntry[]) =>
  entries
    .map((e) => `${e.recorded_at}|${e.kind}|${e.transaction_id}|${e.refund_id ?? ''}`)
    .sort()
    .join(',');

/**
 * The period's counters as they stood at `cutoff`: every counter of its days less the records recorded after it.
 * Those are read before and after the counters; the same both times, none landed in between, so the counters hold
 * exactly them (else read again).
 */
async function periodAt(
  deps: ReturnDeps,
  accountId: string,
  from: string,
  to: string,
  cutoff: string,
): Promise<{ deltas: ReturnDeltas; late: SectionRecords }> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const before = await recordedIn(deps, accountId, from, to, cutoff);
    const counters = await deps.counters.counters(accountId, from, to);
    const after = await recordedIn(deps, accountId, from, to, cutoff);
    if (entryKeys(before) !== entryKeys(after)) continue;
    const late = await recordsOf(deps, accountId, after);
    return { deltas: new DeltaSum().add(counters).add(recordDeltas(late), -1).list(), late };
  }
  throw new ConflictError('return_records_moving', `Sales and refunds of ${from} to ${to} kept being recorded while the return was read; retry the request.`);
}

/** EUR for the EU schemes, USD for a US registration, else the one currency of its records (EUR when several or none). */
function returnCurrency(registration: StoredRegistration, currencies: readonly string[]): string {
  if (SCHEME_TYPES.has(registration.type)) return 'EUR';
  if (registration.country === 'US') return 'USD';
  return currencies.length === 1 ? currencies[0]! : 'EUR';
}

/** The converter into the return's currency at the ECB rate of the period's last day (or the 7 days before: fx.ts). */
async function converterFor(
  deps: Pick<ReturnDeps, 'fxRates'>,
  currency: string,
  fxDate: string,
  currencies: readonly string[],
): Promise<{ convert: ReturnConverter; rates?: Record<string, number> }> {
  const used = currencies.filter((c) => c !== currency);
  if (used.length === 0) return { convert: (amount) => amount };
  const table = await fxRatesFor(deps.fxRates, [...used, currency], fxDate, fxDate);
  const convert = fxConverter(table);
  const rates: Record<string, number> = {};
  for (const [c, rows] of table) {
    const rate = rateOn(rows, fxDate);
    if (rate !== undefined) rates[c] = rate;
  }
  return { convert: (amount, from) => convert(amount, from, currency, fxDate), rates };
}

/** The jurisdictions an adjustment may name besides the return's lines: the registration's own (US-CA, FR) or, for a scheme, a member state. */
export function baseJurisdiction(registration: StoredRegistration, jurisdiction: string): Omit<ReturnLine, keyof ReturnFigures> | undefined {
  if (registration.country === 'US')
    return jurisdiction === `US-${registration.state}` ? { jurisdiction, country: 'US', state: registration.state!, level: 'state' } : undefined;
  if (SCHEME_TYPES.has(registration.type)) return euMemberStates.has(jurisdiction) ? { jurisdiction, country: jurisdiction, level: 'country' } : undefined;
  return jurisdiction === registration.country ? { jurisdiction, country: jurisdiction, level: 'country' } : undefined;
}

export interface Computed {
  lines: ReturnLine[];
  totals: TaxReturn['totals'];
  corrections: ReturnCorrection[];
  currency: string;
  fx?: TaxReturn['fx'];
  sale_count: number;
  refund_count: number;
  /** The period's records of this return recorded after the cutoff (the next return corrects them). */
  deferred_records: number;
}

export async function registrationScopeOf(deps: ReturnDeps, accountId: string, registration: StoredRegistration): Promise<RegistrationScope> {
  const entityRegistrations = (await deps.registrations.listAll(accountId)).filter((r) => r.entity_id === registration.entity_id);
  return { registration, entityRegistrations, primaryEntityId: (await primaryEntity(deps, accountId)).id };
}

/** Reads and computes everything a return holds for `scope` (the adjustments applied on top). */
export async function compute(
  deps: ReturnDeps,
  accountId: string,
  registration: StoredRegistration,
  scope: ReturnScope,
  adjustments: TaxReturn['adjustments'],
): Promise<Computed> {
  const registrationScope = await registrationScopeOf(deps, accountId, registration);
  const period = await periodAt(deps, accountId, scope.period_start, scope.period_end, scope.cutoff);
  const late = await Promise.all(
    scope.corrections.map(async (c) =>
      recordDeltas(await recordsOf(deps, accountId, await recordedIn(deps, accountId, c.period_start, c.period_end, c.recorded_after, scope.cutoff))),
    ),
  );
  const currencies = coveredCurrencies([period.deltas, ...late], registrationScope);
  const currency = returnCurrency(registration, currencies);
  const fxDate = scope.period_end;
  const { convert, rates } = await converterFor(deps, currency, fxDate, currencies);
  const main = buildSection(period.deltas, registrationScope, convert, fxDate);
  let { sale_count, refund_count } = main;
  const corrections: ReturnCorrection[] = scope.corrections.map((c, index) => {
    const section = buildSection(late[index]!, registrationScope, convert, fxDate);
    sale_count += section.sale_count;
    refund_count += section.refund_count;
    return { ...c, lines: section.lines, totals: { ...section.totals } };
  });
  const deferred = buildSection(recordDeltas(period.late), registrationScope, convert, fxDate);
  const lineFor = (jurisdiction: string) =>
    baseJurisdiction(registration, jurisdiction) ?? { jurisdiction, country: registration.country, level: 'country' as const };
  const adjusted = applyAdjustments(main.lines, main.totals, adjustments, corrections, lineFor);
  return {
    ...adjusted,
    corrections,
    currency,
    ...(rates && Object.keys(rates).length > 0 ? { fx: { source: 'ECB' as const, date: fxDate, rates } } : {}),
    sale_count,
    refund_count,
    deferred_records: deferred.sale_count + deferred.refund_count,
  };
}

/** The scope of a fresh computation at `cutoff`: the registration's finalized returns decide the corrections. */
export async function freshScope(
  deps: ReturnDeps,
  accountId: string,
  registration: StoredRegistration,
  target: Pick<TaxReturn, 'id' | 'registration_id' | 'period_start' | 'period_end'>,
  cutoff: string,
): Promise<ReturnScope> {
  const summaries = await deps.returns.summaries(accountId, target.registration_id);
  const { due_day_rule } = filingOf(registration);
  const windows = correctionWindows(target, cutoff, summaries, (r) => nominalDueDate({ start: r.period_start, end: r.period_end }, due_day_rule));
  return {
    period_start: target.period_start,
    period_end: target.period_end,
    cutoff,
    corrections: windows.map((w) => ({
      return_id: w.corrected.id,
      period_start: w.corrected.period_start,
      period_end: w.corrected.period_end,
      recorded_after: w.recorded_after,
    })),
  };
}

export const figuresOf = (computed: Computed) => ({
  currency: computed.currency,
  ...(computed.fx ? { fx: computed.fx } : {}),
  lines: computed.lines,
  corrections: computed.corrections,
  totals: computed.totals,
  sale_count: computed.sale_count,
  refund_count: computed.refund_count,
});
