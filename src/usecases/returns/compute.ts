/**
 * Return computation (docs/returns.md): reads the ledger records a return holds (its period up to its cutoff, plus
 * the late records of earlier finalized periods) and computes its lines, totals, corrections and currency. The
 * arithmetic is pure (src/domain/returns/); this module gathers the records and the rates it needs.
 */
import { euMemberStates } from '../../domain/geography/countries';
import { fxConverter, rateOn } from '../../domain/nexus/fx';
import { fxRatesFor } from '../fx-rates';
import type { StoredRegistration } from '../../domain/registrations/registration';
import { applyAdjustments, computeSection, type RegistrationScope, type ReturnConverter, type SectionRecords } from '../../domain/returns/compute';
import { filingOf } from '../../domain/filing/defaults';
import { nominalDueDate } from '../../domain/filing/periods';
import { correctionWindows } from '../../domain/returns/corrections';
import { SCHEME_TYPES } from '../../domain/returns/schemes';
import type { ReturnCorrection, ReturnFigures, ReturnLine, ReturnRecord, TaxReturn } from '../../domain/returns/return';
import type { Refund } from '../../domain/transactions/refund';
import type { Transaction } from '../../domain/transactions/sale';
import type { Ports } from '../../ports/ports';
import type { FxRateTable } from '../../ports/reports';
import type { ReturnLedger, ReturnStore } from '../../ports/returns';
import { primaryEntity } from '../entity-of-request';

export interface ReturnDeps {
  returns: ReturnStore;
  ledger: ReturnLedger;
  registrations: Pick<Ports['registrations'], 'get' | 'listAll'>;
  entities: Pick<Ports['entities'], 'primary'>;
  fxRates: Pick<FxRateTable, 'rates'>;
}

/** Which records a return holds: its period up to its cutoff, and each correction's window. */
interface ReturnScope {
  period_start: string;
  period_end: string;
  cutoff: string;
  corrections: readonly Pick<ReturnCorrection, 'return_id' | 'period_start' | 'period_end' | 'recorded_after'>[];
}

/** The records dated in [from, to] recorded in (after, upTo], with the sales the refunds refund. */
async function readRecords(deps: ReturnDeps, accountId: string, from: string, to: string, after: string | undefined, upTo: string): Promise<SectionRecords> {
  const inWindow = (recordedAt: string) => recordedAt <= upTo && (after === undefined || recordedAt > after);
  const sales: Transaction[] = [];
  const refunds: Refund[] = [];
  await deps.ledger.eachSaleDated(accountId, from, to, (sale) => {
    if (inWindow(sale.created_at)) sales.push(sale);
  });
  await deps.ledger.eachRefundDated(accountId, from, to, (refund) => {
    if (inWindow(refund.created_at)) refunds.push(refund);
  });
  const known = new Map(sales.map((s) => [s.id, s]));
  const missing = refunds.map((r) => r.transaction_id).filter((id) => !known.has(id));
  for (const sale of missing.length > 0 ? await deps.ledger.salesByIds(accountId, missing) : []) known.set(sale.id, sale);
  return { sales, refunds: refunds.flatMap((refund) => (known.has(refund.transaction_id) ? [{ refund, sale: known.get(refund.transaction_id)! }] : [])) };
}

/** EUR for the EU schemes, USD for a US registration, else the one currency the sales are in (EUR when several or none). */
function returnCurrency(registration: StoredRegistration, records: readonly SectionRecords[]): string {
  if (SCHEME_TYPES.has(registration.type)) return 'EUR';
  if (registration.country === 'US') return 'USD';
  const currencies = new Set(records.flatMap((r) => r.sales.map((s) => s.currency)));
  return currencies.size === 1 ? [...currencies][0]! : 'EUR';
}

/** The converter into the return's currency at the ECB rate of the period's last day (or the 7 days before: fx.ts). */
async function converterFor(
  deps: ReturnDeps,
  currency: string,
  fxDate: string,
  records: readonly SectionRecords[],
): Promise<{ convert: ReturnConverter; rates?: Record<string, number> }> {
  const used = new Set(records.flatMap((r) => [...r.sales.map((s) => s.currency), ...r.refunds.map((x) => x.refund.currency)]));
  used.delete(currency);
  if (used.size === 0) return { convert: (amount) => amount };
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

interface Computed {
  lines: ReturnLine[];
  totals: TaxReturn['totals'];
  corrections: ReturnCorrection[];
  records: ReturnRecord[];
  currency: string;
  fx?: TaxReturn['fx'];
}

/** Reads and computes everything a return holds for `scope` (the adjustments applied on top). */
export async function compute(
  deps: ReturnDeps,
  accountId: string,
  registration: StoredRegistration,
  scope: ReturnScope,
  adjustments: TaxReturn['adjustments'],
  currencyOf?: string,
): Promise<Computed> {
  const entityRegistrations = (await deps.registrations.listAll(accountId)).filter((r) => r.entity_id === registration.entity_id);
  const registrationScope: RegistrationScope = { registration, entityRegistrations, primaryEntityId: (await primaryEntity(deps, accountId)).id };
  const period = await readRecords(deps, accountId, scope.period_start, scope.period_end, undefined, scope.cutoff);
  const late = await Promise.all(scope.corrections.map((c) => readRecords(deps, accountId, c.period_start, c.period_end, c.recorded_after, scope.cutoff)));
  const all = [period, ...late];
  const currency = currencyOf ?? returnCurrency(registration, all);
  const fxDate = scope.period_end;
  const { convert, rates } = await converterFor(deps, currency, fxDate, all);
  const main = computeSection(period, registrationScope, convert, fxDate, { section: 'period' });
  const corrections: ReturnCorrection[] = [];
  const records = [...main.records];
  scope.corrections.forEach((c, index) => {
    const section = computeSection(late[index]!, registrationScope, convert, fxDate, { section: 'correction', corrected_return_id: c.return_id });
    records.push(...section.records);
    corrections.push({ ...c, lines: section.lines, totals: { ...section.totals } });
  });
  const lineFor = (jurisdiction: string) =>
    baseJurisdiction(registration, jurisdiction) ?? { jurisdiction, country: registration.country, level: 'country' as const };
  const adjusted = applyAdjustments(main.lines, main.totals, adjustments, corrections, lineFor);
  return {
    ...adjusted,
    corrections,
    records,
    currency,
    ...(rates && Object.keys(rates).length > 0 ? { fx: { source: 'ECB' as const, date: fxDate, rates } } : {}),
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
  sale_count: computed.records.filter((r) => r.type === 'sale').length,
  refund_count: computed.records.filter((r) => r.type === 'refund').length,
});
