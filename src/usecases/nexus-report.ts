/**
 * Use case: the nexus report (GET /v1/nexus; POST /v1/nexus/simulate adds hypothetical sales;
 * docs/nexus.md). It reads only counters, never the sales, except the one day a crossing happened:
 *
 *   the entity (400 when unknown) -> the rules in force on as_of -> one key range of month counters over every
 *   window, the day counters of the months a window cuts, and, for a jurisdiction with sales in another currency
 *   than its threshold, that currency's day counters (converted at each day's imported rate)
 *   -> each rule's verdict (evaluate.ts); a crossing found in a month counter is refined with that month's day
 *   counters, and the crossing day with that day's sales (naming the one that crossed)
 *   -> registered where an active registration of the entity covers the jurisdiction on as_of.
 *
 * Any window is a sum of a few dozen counter items, whatever the number of sales (bench/nexus.ts).
 */
import { counterOf, saleNexusDeltas, subtractCounter, type StoredNexusCounter } from '../domain/nexus/counters';
import { evaluateNexus, type DateWindow, type NexusCounter, type NexusEvaluation } from '../domain/nexus/evaluate';
import {
  evaluatedRow,
  notApplicableRow,
  readPlan,
  registrationFor,
  ruleCounters,
  rulesOn,
  sourcesOf,
  unconvertedIn,
  type Converter,
  type NexusQuery,
  type NexusReport,
  type NexusRow,
  type ReadPlan,
  type ReportCounter,
} from '../domain/nexus/report';
import type { Entity } from '../domain/records/entity';
import type { ApplyingNexusRule } from '../domain/nexus/rule-data';
import { utcDay } from '../domain/registrations/registration';
import { settingsOf } from '../domain/settings/settings';
import type { Transaction } from '../domain/transactions/sale';
import type { Ports } from '../ports/ports';
import type { FxRate, FxRateTable, NexusCounterStore } from '../ports/reports';
import { namedOrPrimaryEntity } from './entity-of-request';
import { fxConverter } from '../domain/nexus/fx';
import { fxRatesFor } from './fx-rates';

export type NexusReportDeps = Pick<Ports, 'entities' | 'registrations' | 'settings' | 'sales'> & { nexusCounters: NexusCounterStore; fxRates: FxRateTable };

/** Sales added in memory by the simulation: their counters per day, each naming its (hypothetical) sale. */
export interface HypotheticalSales {
  /** Per-transaction day counters (jurisdiction, day, currency), transaction_id set. */
  counters: ReportCounter[];
}

/** Reads and caches what the report needs, so each month, day and currency range is read once per report. */
class CounterReader {
  private readonly dayMonths = new Map<string, Promise<StoredNexusCounter[]>>();
  private readonly sales = new Map<string, Promise<Transaction[]>>();

  constructor(
    private readonly deps: NexusReportDeps,
    private readonly accountId: string,
    private readonly entityId: string,
    private readonly primaryId: string,
  ) {}

  daysOf(month: string): Promise<StoredNexusCounter[]> {
    let read = this.dayMonths.get(month);
    if (!read) this.dayMonths.set(month, (read = this.deps.nexusCounters.nexusDays(this.accountId, this.entityId, month)));
    return read;
  }

  /** The entity's sales recorded on a day, in the order they were recorded. */
  salesOn(day: string): Promise<Transaction[]> {
    let read = this.sales.get(day);
    if (!read) {
      read = (async () => {
        const all: Transaction[] = [];
        for (let startingAfter: string | undefined; ;) {
          const page = await this.deps.sales.list(this.accountId, { limit: 100, from: day, to: day, startingAfter });
          all.push(...page.data);
          if (!page.has_more) break;
          startingAfter = page.data.at(-1)!.id;
        }
        return all
          .filter((t) => (t.entity_id ?? this.primaryId) === this.entityId)
          .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
      })();
      this.sales.set(day, read);
    }
    return read;
  }
}

/**
 * What decides which sale of a day crossed: the rule, the window's start, the totals before the day and on the day
 * (in the rule's terms). Equal keys, equal answer.
 */
function crossingMemoKey(rule: ApplyingNexusRule, window: DateWindow, counters: readonly NexusCounter[], day: string): string {
  let beforeSales = 0;
  let beforeCount = 0;
  let daySales = 0;
  let dayCount = 0;
  for (const c of counters) {
    const start = c.period.length === 10 ? c.period : `${c.period}-01`;
    if (start < window.start) continue;
    if (c.period === day) {
      daySales += c.sales_amount;
      dayCount += c.transaction_count;
    } else if (c.period < day) {
      beforeSales += c.sales_amount;
      beforeCount += c.transaction_count;
    }
  }
  return [rule.jurisdiction, rule.effective_from, window.start, beforeSales, beforeCount, daySales, dayCount].join('|');
}

/** What every rule of one report reads: the entity, the counters fetched once for all rules, and the converter. */
interface ReportContext {
  deps: NexusReportDeps;
  accountId: string;
  entity: Entity;
  asOf: string;
  approaching: number;
  plan: ReadPlan | undefined;
  reader: CounterReader;
  months: StoredNexusCounter[];
  edgeDays: StoredNexusCounter[];
  foreignDays: Map<string, StoredNexusCounter[]>;
  hypothetical: HypotheticalSales;
  convert: Converter;
}

type RuleCounters = { counters: NexusCounter[]; unconverted: ReturnType<typeof ruleCounters>['unconverted'] };

/**
 * Sales in another currency than a rule's threshold: that jurisdiction's days in that currency (keyed
 * `jurisdiction|currency`), and the converter over the rates of every currency involved.
 */
async function readForeignDays(
  base: Pick<ReportContext, 'deps' | 'accountId' | 'entity' | 'asOf' | 'months' | 'edgeDays' | 'hypothetical'>,
  applying: readonly ApplyingNexusRule[],
  spanStart: string,
): Promise<{ foreignDays: Map<string, StoredNexusCounter[]>; convert: Converter }> {
  const { deps, accountId, entity, asOf, months, edgeDays, hypothetical } = base;
  const foreign = new Map<string, Promise<StoredNexusCounter[]>>();
  const currencies = new Set<string>();
  for (const rule of applying) {
    for (const { jurisdiction } of sourcesOf(rule, entity.country)) {
      const inOther = new Set(
        [...months, ...edgeDays, ...hypothetical.counters]
          .filter((c) => c.jurisdiction === jurisdiction && c.currency !== rule.sales_threshold.currency)
          .map((c) => c.currency),
      );
      // The threshold's currency is fetched only where something is converted into it.
      if (inOther.size > 0) currencies.add(rule.sales_threshold.currency);
      for (const currency of inOther) {
        currencies.add(currency);
        const key = `${jurisdiction}|${currency}`;
        if (!foreign.has(key)) foreign.set(key, deps.nexusCounters.nexusCurrencyDays(accountId, entity.id, jurisdiction, currency, spanStart, asOf));
      }
    }
  }
  const foreignDays = new Map<string, StoredNexusCounter[]>();
  await Promise.all([...foreign].map(async ([key, read]) => foreignDays.set(key, await read)));
  const rates = foreign.size > 0 ? await fxRatesFor(deps.fxRates, currencies, spanStart, asOf) : new Map<string, FxRate[]>();
  return { foreignDays, convert: fxConverter(rates) };
}

/**
 * The crossing day: its sales one by one (recorded order, then the hypothetical ones), and what they leave of the
 * day's counter (that day's refunds) last, so the evaluation can name the sale that crossed.
 */
async function splitCrossingDay(ctx: ReportContext, jurisdictions: ReadonlySet<string>, list: ReportCounter[], crossingDay: string): Promise<ReportCounter[]> {
  const sales = await ctx.reader.salesOn(crossingDay);
  const perSale = sales.flatMap((t) =>
    saleNexusDeltas(t, ctx.entity.id)
      .filter((d) => jurisdictions.has(d.jurisdiction))
      .map((d) => ({ ...counterOf(d, crossingDay), transaction_id: t.id })),
  );
  const dayCounters = list.filter((c) => c.period === crossingDay && c.transaction_id === undefined);
  const rest = dayCounters.map((day) =>
    perSale.filter((s) => s.jurisdiction === day.jurisdiction && s.currency === day.currency).reduce((left, s) => subtractCounter(left, s), day),
  );
  const hypotheticalDay = list.filter((c) => c.period === crossingDay && c.transaction_id !== undefined);
  return [...list.filter((c) => c.period !== crossingDay), ...perSale, ...hypotheticalDay, ...rest];
}

/** A rule's stored counters: months, the cut months' days (and `extraDayMonths`), days in other currencies. */
async function countersFor(ctx: ReportContext, rule: ApplyingNexusRule, extraDayMonths: ReadonlySet<string>, crossingDay?: string): Promise<RuleCounters> {
  const target = rule.sales_threshold.currency;
  const jurisdictions = new Set(sourcesOf(rule, ctx.entity.country).map((s) => s.jurisdiction));
  const byDay = new Set([...(ctx.plan?.dayMonths ?? []), ...extraDayMonths]);
  const extraDays = (await Promise.all([...extraDayMonths].map((m) => ctx.reader.daysOf(m)))).flat();
  const inTarget = (c: StoredNexusCounter) => jurisdictions.has(c.jurisdiction) && c.currency === target;
  let list: ReportCounter[] = [
    ...ctx.months.filter((c) => inTarget(c) && !byDay.has(c.period)),
    ...[...ctx.edgeDays, ...extraDays].filter((c) => inTarget(c) && byDay.has(c.period.slice(0, 7))),
    ...[...jurisdictions].flatMap((j) => [...ctx.foreignDays].filter(([key]) => key.startsWith(`${j}|`)).flatMap(([, days]) => days)),
    ...ctx.hypothetical.counters.filter((c) => jurisdictions.has(c.jurisdiction)),
  ];
  if (crossingDay !== undefined) list = await splitCrossingDay(ctx, jurisdictions, list, crossingDay);
  return ruleCounters(rule, list, ctx.entity.country, ctx.convert);
}

/**
 * The crossing day: that day's sales say which one crossed, once; the day counter remembers the answer under a key
 * naming the totals it was found with (any later change to the day or the window finds it again).
 */
async function nameCrossingSale(
  ctx: ReportContext,
  rule: ApplyingNexusRule,
  found: RuleCounters & { evaluation: NexusEvaluation },
): Promise<RuleCounters & { evaluation: NexusEvaluation }> {
  const { deps, accountId, entity, hypothetical } = ctx;
  const day = found.evaluation.crossed_on!;
  const key = crossingMemoKey(rule, found.evaluation.window, found.counters, day);
  const home = sourcesOf(rule, entity.country)[0]!.jurisdiction;
  const dayCounter = (await ctx.reader.daysOf(day.slice(0, 7))).find(
    (c) => c.period === day && c.jurisdiction === home && c.currency === rule.sales_threshold.currency,
  );
  const simulated = hypothetical.counters.some((c) => c.period === day);
  const remembered = simulated ? undefined : dayCounter?.crossings?.[key];
  if (remembered !== undefined) return { ...found, evaluation: { ...found.evaluation, crossing_transaction_id: remembered } };
  const { counters, unconverted } = await countersFor(ctx, rule, new Set([day.slice(0, 7)]), day);
  const evaluation = evaluateNexus({ rule, counters, asOf: ctx.asOf, approachingPercent: ctx.approaching });
  // The simulation writes nothing, not even this.
  if (hypothetical.counters.length === 0 && dayCounter && evaluation.crossing_transaction_id !== null)
    await deps.nexusCounters.rememberCrossing(accountId, entity.id, day, home, rule.sales_threshold.currency, key, evaluation.crossing_transaction_id);
  return { counters, unconverted, evaluation };
}

/** One applying rule's verdict: the window's counters, refined to the crossing day and sale when one crossed. */
async function evaluateRule(ctx: ReportContext, rule: ApplyingNexusRule): Promise<RuleCounters & { evaluation: NexusEvaluation }> {
  const evaluate = (counters: NexusCounter[]) => evaluateNexus({ rule, counters, asOf: ctx.asOf, approachingPercent: ctx.approaching });
  let found = await countersFor(ctx, rule, new Set());
  let result = { ...found, evaluation: evaluate(found.counters) };
  // A crossing found in a month counter: that month's days say the day.
  if (result.evaluation.crossed_in_month !== null && result.evaluation.crossed_on === null) {
    found = await countersFor(ctx, rule, new Set([result.evaluation.crossed_in_month]));
    result = { ...found, evaluation: evaluate(found.counters) };
  }
  if (result.evaluation.crossed_on !== null && result.evaluation.crossing_transaction_id === null) result = await nameCrossingSale(ctx, rule, result);
  return result;
}

export async function nexusReport(
  deps: NexusReportDeps,
  accountId: string,
  query: NexusQuery,
  hypothetical: HypotheticalSales = { counters: [] },
  today = utcDay(),
): Promise<NexusReport> {
  const asOf = query.as_of ?? today;
  const [entity, primary, registrations, stored] = await Promise.all([
    namedOrPrimaryEntity(deps, accountId, query.entity_id),
    // The primary sells what names no entity; read again only when another entity is reported on.
    query.entity_id === undefined ? undefined : deps.entities.primary(accountId),
    deps.registrations.listAll(accountId),
    deps.settings.get(accountId),
  ]);
  const approaching = settingsOf(stored).approaching_threshold_percent;
  const rules = rulesOn(asOf, query.country);
  const plan = readPlan(rules, asOf);
  const reader = new CounterReader(deps, accountId, entity.id, (primary ?? entity).id);
  const applying = rules.filter((r): r is ApplyingNexusRule => r.applies);

  const months = plan ? await deps.nexusCounters.nexusMonths(accountId, entity.id, plan.fromMonth, plan.toMonth) : [];
  const edgeDays = plan ? (await Promise.all([...plan.dayMonths].map((m) => reader.daysOf(m)))).flat() : [];
  const spanStart = plan ? `${plan.fromMonth}-01` : asOf;
  const base = { deps, accountId, entity, asOf, approaching, plan, reader, months, edgeDays, hypothetical };
  const ctx: ReportContext = { ...base, ...(await readForeignDays(base, applying, spanStart)) };

  const rows: NexusRow[] = [];
  for (const rule of rules) {
    if (!rule.applies) {
      rows.push(notApplicableRow(rule));
      continue;
    }
    const { evaluation, unconverted } = await evaluateRule(ctx, rule);
    rows.push(evaluatedRow(rule, evaluation, unconvertedIn(unconverted, evaluation.window), registrationFor(registrations, rule, entity.id, asOf)));
  }
  return { as_of: asOf, entity_id: entity.id, data: rows };
}
