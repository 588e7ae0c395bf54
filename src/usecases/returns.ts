/**
 * Use case: tax returns (docs/returns.md). A return is computed from the ledger (the sales and refunds dated
 * in its period and recorded at or before its cutoff, plus the late records of earlier finalized periods), then
 * adjusted by hand, finalized (recomputed and locked), and marked filed. The arithmetic is pure
 * (src/domain/returns/); this module reads the records and writes the return.
 */
import { addDays, utcDay } from '../domain/dates';
import { ConflictError, found } from '../domain/errors';
import { euMemberStates } from '../domain/geography/countries';
import { fxConverter, rateOn } from '../domain/nexus/fx';
import { fxRatesFor } from './fx-rates';
import type { Page } from '../domain/records/record';
import type { StoredRegistration } from '../domain/registrations/registration';
import {
  applyAdjustments,
  computeSection,
  coveredLines,
  coveredRefundLines,
  refundRecord,
  saleRecord,
  type RegistrationScope,
  type ReturnConverter,
  type SectionRecords,
} from '../domain/returns/compute';
import { filingOf } from '../domain/filing/defaults';
import { nominalDueDate } from '../domain/filing/periods';
import { correctionWindows } from '../domain/returns/corrections';
import { checkReturnPeriod } from '../domain/returns/period-check';
import { SCHEME_TYPES } from '../domain/returns/schemes';
import {
  newAdjustmentId,
  newReturnId,
  type AdjustmentRequest,
  type CreateReturnRequest,
  type ListReturnsQuery,
  type MarkFiledRequest,
  type ReturnCorrection,
  type ReturnLine,
  type ReturnRecord,
  type TaxReturn,
} from '../domain/returns/return';
import type { Refund } from '../domain/transactions/refund';
import type { Transaction } from '../domain/transactions/sale';
import { fieldError, parameterError } from '../domain/validation';
import type { Ports } from '../ports/ports';
import type { FxRateTable } from '../ports/reports';
import type { ReturnLedger, ReturnStore } from '../ports/returns';
import { primaryEntity } from './entity-of-request';

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
function baseJurisdiction(
  registration: StoredRegistration,
  jurisdiction: string,
): Omit<ReturnLine, keyof import('../domain/returns/return').ReturnFigures> | undefined {
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
async function compute(
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
async function freshScope(
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

const figuresOf = (computed: Computed) => ({
  currency: computed.currency,
  ...(computed.fx ? { fx: computed.fx } : {}),
  lines: computed.lines,
  corrections: computed.corrections,
  totals: computed.totals,
  sale_count: computed.records.filter((r) => r.type === 'sale').length,
  refund_count: computed.records.filter((r) => r.type === 'refund').length,
});

export async function createReturn(deps: ReturnDeps, accountId: string, request: CreateReturnRequest, now = new Date()): Promise<TaxReturn> {
  // Another account's registration is unknown here (404), as any id of another account.
  const registration = found(await deps.registrations.get(accountId, request.registration_id), 'registration', request.registration_id);
  checkReturnPeriod(registration, request.period_start, request.period_end);
  const at = now.toISOString();
  const id = newReturnId(now);
  const target = { id, registration_id: registration.id, period_start: request.period_start, period_end: request.period_end };
  const computed = await compute(deps, accountId, registration, await freshScope(deps, accountId, registration, target, at), []);
  const taxReturn: TaxReturn = {
    ...target,
    entity_id: registration.entity_id,
    registration_type: registration.type,
    country: registration.country,
    ...(registration.state !== undefined ? { state: registration.state } : {}),
    status: 'draft',
    cutoff: at,
    ...figuresOf(computed),
    adjustments: [],
    created_at: at,
    updated_at: at,
  } as TaxReturn;
  const outcome = await deps.returns.create(accountId, taxReturn);
  if (outcome !== 'created') {
    throw new ConflictError(
      'return_exists',
      `Registration '${registration.id}' already has a return for ${request.period_start} to ${request.period_end}: '${outcome.exists}'.`,
    );
  }
  return taxReturn;
}

export const getReturn = async (deps: Pick<ReturnDeps, 'returns'>, accountId: string, id: string): Promise<TaxReturn> =>
  found(await deps.returns.get(accountId, id), 'return', id);

export async function listReturns(deps: Pick<ReturnDeps, 'returns'>, accountId: string, query: ListReturnsQuery): Promise<Page<TaxReturn>> {
  // The cursor is a return of this account (the page reads on from its id), whatever the filters.
  if (query.starting_after !== undefined && !(await deps.returns.get(accountId, query.starting_after))) {
    throw parameterError('starting_after', `is '${query.starting_after}', but no return with that id is in this list`);
  }
  return deps.returns.page(
    accountId,
    { limit: query.limit, startingAfter: query.starting_after },
    { registrationId: query.registration_id, status: query.status },
  );
}

/** One run of a return's records: one kind, dated in a range, recorded in a window, listed under a section. */
interface RecordSegment {
  kind: 'sale' | 'refund';
  range: { from: string; to: string };
  after?: string;
  upTo: string;
  section: Pick<ReturnRecord, 'section' | 'corrected_return_id'>;
}

const recordedIn = (segment: RecordSegment, recordedAt: string) => recordedAt <= segment.upTo && (segment.after === undefined || recordedAt > segment.after);

/**
 * Every sale and refund the return holds, a page at a time: its period's sales then refunds (by date), then each
 * correction's. The page reads the by-date index from the cursor on, only as far as it needs (docs/returns.md).
 */
export async function listReturnRecords(
  deps: ReturnDeps,
  accountId: string,
  id: string,
  page: { limit: number; starting_after?: string | undefined },
): Promise<Page<ReturnRecord>> {
  const taxReturn = await getReturn(deps, accountId, id);
  const registration = found(await deps.registrations.get(accountId, taxReturn.registration_id), 'registration', taxReturn.registration_id);
  const entityRegistrations = (await deps.registrations.listAll(accountId)).filter((r) => r.entity_id === registration.entity_id);
  const scope: RegistrationScope = { registration, entityRegistrations, primaryEntityId: (await primaryEntity(deps, accountId)).id };
  const segments: RecordSegment[] = [
    { from: taxReturn.period_start, to: taxReturn.period_end, after: undefined, section: { section: 'period' as const } },
    ...taxReturn.corrections.map((c) => ({
      from: c.period_start,
      to: c.period_end,
      after: c.recorded_after,
      section: { section: 'correction' as const, corrected_return_id: c.return_id },
    })),
  ].flatMap(({ from, to, after, section }) =>
    (['sale', 'refund'] as const).map((kind) => ({ kind, range: { from, to }, ...(after !== undefined ? { after } : {}), upTo: taxReturn.cutoff, section })),
  );

  // The cursor: the record it names, found in the segment whose range and window hold it.
  let first = 0;
  let cursor: { date: string; transactionId: string; refundId?: string } | undefined;
  if (page.starting_after !== undefined) {
    const [kind, transactionId, refundId] = page.starting_after.split(':');
    const record =
      kind === 'sale' && transactionId
        ? (await deps.ledger.get(accountId, transactionId))?.transaction
        : kind === 'refund' && transactionId && refundId
          ? (await deps.ledger.getRefund(accountId, transactionId, refundId))?.refund
          : undefined;
    const index =
      record === undefined
        ? -1
        : segments.findIndex((s) => s.kind === kind && record.date >= s.range.from && record.date <= s.range.to && recordedIn(s, record.created_at));
    if (record === undefined || index < 0) throw parameterError('starting_after', `is '${page.starting_after}', which is not a record of this return`);
    first = index;
    cursor = { date: record.date, transactionId: transactionId!, ...(refundId !== undefined ? { refundId } : {}) };
  }

  const sales = new Map<string, Transaction | undefined>();
  const saleOf = async (transactionId: string) => {
    if (!sales.has(transactionId)) sales.set(transactionId, (await deps.ledger.get(accountId, transactionId))?.transaction);
    return sales.get(transactionId);
  };
  const data: ReturnRecord[] = [];
  for (let i = first; i < segments.length; i++) {
    const segment = segments[i]!;
    const keep = async (record: Transaction | Refund): Promise<ReturnRecord | undefined> => {
      if (!recordedIn(segment, record.created_at)) return undefined;
      if (segment.kind === 'sale') {
        const covered = coveredLines(record as Transaction, scope);
        return covered.length > 0 ? saleRecord(record as Transaction, covered, segment.section) : undefined;
      }
      const refund = record as Refund;
      const sale = await saleOf(refund.transaction_id);
      const covered = sale ? coveredRefundLines(refund, sale, scope) : [];
      return covered.length > 0 ? refundRecord(refund, covered, segment.section) : undefined;
    };
    const result = await deps.ledger.pageDated(accountId, segment.kind, segment.range, i === first ? cursor : undefined, page.limit - data.length, keep);
    data.push(...result.kept);
    if (result.has_more) return { data, has_more: true };
  }
  return { data, has_more: false };
}

const ATTEMPTS = 3;

/** Reads the return, applies `change` and writes it conditionally; a concurrent change is retried, then a 409. */
async function changeReturn(
  deps: Pick<ReturnDeps, 'returns'>,
  accountId: string,
  id: string,
  change: (r: TaxReturn) => Promise<{ next: TaxReturn; event?: 'return.finalized' | 'return.filed' }>,
): Promise<TaxReturn> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await getReturn(deps, accountId, id);
    const { next, event } = await change(current);
    if (await deps.returns.replace(accountId, next, current.updated_at, event)) return next;
  }
  throw new ConflictError('return_changed_concurrently', `Return '${id}' was changed by other requests during this one; retry the request.`);
}

const locked = (r: TaxReturn) =>
  new ConflictError(
    'return_locked',
    `Return '${r.id}' is ${r.status}: it can no longer change (a late sale or refund lands in the next return's corrections).`,
  );

/** A later instant than `previous` (updated_at is the write's condition, so two changes in one millisecond must differ). */
const nextTimestamp = (now: Date, previous: string): string => {
  const at = now.toISOString();
  return at > previous ? at : new Date(Date.parse(previous) + 1).toISOString();
};

export async function addAdjustment(deps: ReturnDeps, accountId: string, id: string, request: AdjustmentRequest, now = new Date()): Promise<TaxReturn> {
  return changeReturn(deps, accountId, id, async (current) => {
    if (current.status !== 'draft') throw locked(current);
    const registration = found(await deps.registrations.get(accountId, current.registration_id), 'registration', current.registration_id);
    const known = current.lines.some((l) => l.jurisdiction === request.jurisdiction) || baseJurisdiction(registration, request.jurisdiction) !== undefined;
    if (!known) {
      const names = [...new Set([...current.lines.map((l) => l.jurisdiction)])];
      throw fieldError(
        'jurisdiction',
        `is '${request.jurisdiction}', which is not a jurisdiction of this return (${names.length > 0 ? names.join(', ') : 'it has no lines'}; or the registration's own: ${registration.country === 'US' ? `US-${registration.state}` : SCHEME_TYPES.has(registration.type) ? 'an EU member state code' : registration.country})`,
      );
    }
    const at = nextTimestamp(now, current.updated_at);
    const adjustments = [
      ...current.adjustments,
      { id: newAdjustmentId(now), amount: request.amount, jurisdiction: request.jurisdiction, reason: request.reason, created_at: at },
    ];
    const lineFor = (jurisdiction: string) =>
      baseJurisdiction(registration, jurisdiction) ?? { jurisdiction, country: registration.country, level: 'country' as const };
    const adjusted = applyAdjustments(current.lines, current.totals, adjustments, current.corrections, lineFor);
    return { next: { ...current, ...adjusted, adjustments, updated_at: at } };
  });
}

/** Recomputes the return at its lock (now less `settleSeconds`: records surely written) and locks it. */
export async function finalizeReturn(deps: ReturnDeps, accountId: string, id: string, settleSeconds: number, now = new Date()): Promise<TaxReturn> {
  return changeReturn(deps, accountId, id, async (current) => {
    if (current.status !== 'draft') throw locked(current);
    if (current.period_end >= utcDay(now)) {
      throw new ConflictError(
        'return_period_open',
        `Return '${current.id}' covers ${current.period_start} to ${current.period_end}, which has not ended yet (today is ${utcDay(now)} UTC): finalize it from ${addDays(current.period_end, 1)}.`,
      );
    }
    const registration = found(await deps.registrations.get(accountId, current.registration_id), 'registration', current.registration_id);
    const cutoff = new Date(now.getTime() - settleSeconds * 1000).toISOString();
    const computed = await compute(deps, accountId, registration, await freshScope(deps, accountId, registration, current, cutoff), current.adjustments);
    const at = nextTimestamp(now, current.updated_at);
    return { next: { ...current, ...figuresOf(computed), status: 'finalized', cutoff, finalized_at: at, updated_at: at }, event: 'return.finalized' };
  });
}

export async function markReturnFiled(deps: ReturnDeps, accountId: string, id: string, request: MarkFiledRequest, now = new Date()): Promise<TaxReturn> {
  return changeReturn(deps, accountId, id, async (current) => {
    if (current.status === 'draft') throw new ConflictError('return_not_finalized', `Return '${current.id}' is a draft: finalize it before marking it filed.`);
    if (current.status === 'filed') throw locked(current);
    if (request.filed_on < current.period_start) throw fieldError('filed_on', `is ${request.filed_on}, before the period's start ${current.period_start}`);
    const at = nextTimestamp(now, current.updated_at);
    return {
      next: {
        ...current,
        status: 'filed',
        filed_on: request.filed_on,
        ...(request.confirmation_number !== undefined ? { confirmation_number: request.confirmation_number } : {}),
        updated_at: at,
      },
      event: 'return.filed',
    };
  });
}
