// Domain (pure): loads the project's own rate and rule data (data/*.json, bundled by esbuild) and validates it once.
import * as z from 'zod';
import vatStandardJson from '#data/vat-standard-rates.json';
import vatReducedJson from '#data/vat-reduced-rates.json';
import canadaJson from '#data/canada-provinces.json';
import usStatesJson from '#data/us-states.json';
import { countryName, isAssignedCountry, subdivisionName } from '../geography/countries';
import { percentToPpm } from '../money/money';
import { isoDate, parseDataFile, source } from './data-file';
import { asDatedRow, coverageProblem, datedRowsProblem, rowInForceOrThrow, rowOn, SINCE_ALWAYS, sortedByStart } from './rate-history';
import { allowedDeliveryMethods, deliveryMethods, productCategories, type CustomerType, type DeliveryMethod, type GovernmentLevel, type ProductCategory } from './vocabulary';

/** A percentage that is a whole number of ppm (percentToPpm refuses finer ones: a typo in a data file). */
const percent = z.number().min(0).max(100).refine((pct) => {
  try {
    percentToPpm(pct);
    return true;
  } catch {
    return false;
  }
}, 'must be a whole number of ppm');

/** Effective-dated rows (src/domain/tax/rate-history.ts): sorted, `effective_to` inclusive, never overlapping. */
const datedRows = <T extends z.ZodRawShape>(shape: T) =>
  z.array(z.object({ ...shape, effective_from: isoDate, effective_to: isoDate.optional(), source })).superRefine((rows, ctx) => {
    const problem = datedRowsProblem(rows as { effective_from: string; effective_to?: string }[]);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const vatStandardSchema = z.strictObject({
  description: z.string(),
  /** Rates are in percent (true), as in the other rate files. */
  percent: z.literal(true),
  countries: z.array(
    z.object({
      country: z.string().refine(isAssignedCountry, 'unknown country code'),
      tax_name: z.string(),
      rates: datedRows({ standard: percent }),
      no_vat_note: z.string().optional(),
      /** Where the no_vat_note comes from (a country without VAT has no rate row to carry it). */
      source: source.optional(),
    }),
  ),
});

/** A tax code's id as the rule data names it (data/tax-codes.json; src/domain/tax/tax-codes.ts checks each one exists). */
const taxCodeId = z.string().regex(/^levy_[a-z0-9_]+$/, 'a tax code id such as levy_groceries');

/** A category's rows (`category`) or a tax code's (`tax_code`), never both: the key its dated series is kept under. */
const reducedRowKey = (entry: { country: string; category?: string; tax_code?: string }): string => `${entry.country} ${entry.tax_code ?? entry.category}`;

const vatReducedSchema = z.strictObject({
  description: z.string(),
  entries: z
    .array(
      z
        .object({ country: z.string().refine(isAssignedCountry), category: z.enum(productCategories).optional(), tax_code: taxCodeId.optional(), rate: percent, effective_from: isoDate, effective_to: isoDate.optional(), source })
        .refine((entry) => (entry.category === undefined) !== (entry.tax_code === undefined), 'needs exactly one of category and tax_code'),
    )
    .superRefine((entries, ctx) => {
      for (const key of new Set(entries.map(reducedRowKey))) {
        const problem = datedRowsProblem(entries.filter((entry) => reducedRowKey(entry) === key));
        if (problem) ctx.addIssue({ code: 'custom', message: `${key}: ${problem}` });
      }
    }),
});

const canadaSchema = z.strictObject({
  description: z.string(),
  resale_exempts_provincial_tax: z.object({ value: z.boolean(), cite: z.string() }),
  /** Tax codes zero-rated for GST/HST and QST and exempt from PST/RST in every province (basic groceries, prescription drugs). */
  zero_rated_tax_codes: z.array(z.strictObject({ tax_code: taxCodeId, source })).optional(),
  /**
   * Tax codes whose provincial part of the HST a province rebates at the point of sale (Ontario: printed books,
   * children's clothing and footwear, print newspapers): dated rows per province and code, GST still due.
   */
  provincial_part_rebated_tax_codes: z
    .array(z.strictObject({ province: z.string().refine((code) => subdivisionName('CA', code) !== undefined, 'unknown province'), tax_code: taxCodeId, effective_from: isoDate, effective_to: isoDate.optional(), source }))
    .superRefine((rows, ctx) => {
      for (const key of new Set(rows.map((row) => `${row.province} ${row.tax_code}`))) {
        const problem = datedRowsProblem(rows.filter((row) => `${row.province} ${row.tax_code}` === key));
        if (problem) ctx.addIssue({ code: 'custom', message: `${key}: ${problem}` });
      }
    })
    .optional(),
  provinces: z.array(
    z.object({
      code: z.string().refine((code) => subdivisionName('CA', code) !== undefined, 'unknown province'),
      name: z.string(),
      regime: z.enum(['HST', 'GST_QST', 'GST_PST', 'GST']),
      rates: datedRows({ provincial_rate: percent }).refine((rows) => rows.length > 0, 'needs at least one row'),
      /**
       * Per category, dated rows like the rates: whether the provincial tax applies (true, false, or only for these
       * delivery methods: Manitoba taxed downloaded software years before streaming).
       */
      provincial_tax_applies: z.record(
        z.enum(productCategories),
        datedRows({ applies: z.union([z.boolean(), z.array(z.enum(deliveryMethods)).min(1)]) }).refine((rows) => rows.length > 0, 'needs at least one row'),
      ),
    }),
  ).superRefine((provinces, ctx) => {
    // Every date the rates answer for, the categories answer for too: their rows start no later than the rates.
    for (const province of provinces) {
      const ratesFrom = province.rates[0]!.effective_from;
      for (const [category, rows] of Object.entries(province.provincial_tax_applies)) {
        if (rows[0]!.effective_from > ratesFrom) ctx.addIssue({ code: 'custom', message: `${province.code} ${category}: the first row starts after the rates (${ratesFrom})` });
        if (rows[rows.length - 1]!.effective_to !== undefined) ctx.addIssue({ code: 'custom', message: `${province.code} ${category}: the last row must hold until further notice` });
      }
    }
  }),
});

const usRuleSchema = z.strictObject({
  customers: z.enum(['B2C', 'B2B']).optional(),
  delivery: z.array(z.enum(deliveryMethods)).min(1).optional(),
  from: isoDate.optional(),
  /** Last day in force (inclusive). */
  to: isoDate.optional(),
  taxable: z.boolean(),
  share_pct: z.number().gt(0).lt(100).optional(),
  state_rate_pct: percent.optional(),
  local: z.boolean().optional(),
  /** A note the answer carries (docs/tax-rules.md, Notes): what the rule leaves out (Illinois' local food taxes). */
  note: z.string().regex(/^[a-z][a-z0-9_]+$/).optional(),
  cite: source,
});
type UsRule = z.infer<typeof usRuleSchema>;
const customerGroups = ['B2C', 'B2B'] as const;
type CustomerGroup = (typeof customerGroups)[number];

/** The rules of a category for one customer group and delivery: one dated series (rate-history.ts). */
const rulesFor = (rules: readonly UsRule[], group: CustomerGroup, delivery: DeliveryMethod) =>
  sortedByStart(rules.filter((rule) => (rule.customers === undefined || rule.customers === group) && (rule.delivery === undefined || rule.delivery.includes(delivery))).map(asDatedRow));

/**
 * A category's rules leave no gap and no overlap: for every customer group and allowed delivery, the rules that
 * concern it are one dated series (datedRowsProblem) covering every day (coverageProblem), so exactly one applies.
 */
const deliveriesOf = (category: ProductCategory): readonly DeliveryMethod[] => allowedDeliveryMethods[category];

function usRulesCoverEachCase(deliveries: readonly DeliveryMethod[]) {
  return (rules: UsRule[], ctx: z.RefinementCtx): void => {
    for (const group of customerGroups) {
      for (const delivery of deliveries) {
        const series = rulesFor(rules, group, delivery);
        // The file's convention: a rule that a later one replaces says when it ended (no open row before another).
        const unended = series.slice(0, -1).find((rule) => rule.to === undefined);
        const problem = datedRowsProblem(series) ?? coverageProblem(series, SINCE_ALWAYS) ?? (unended ? `the rule from ${unended.effective_from} has no 'to' but a later rule follows` : undefined);
        if (problem) ctx.addIssue({ code: 'custom', message: `${group} by ${delivery}: ${problem} (exactly one rule must apply on every date)` });
      }
    }
  };
}
const usRules = (category: ProductCategory) => z.array(usRuleSchema).min(1).superRefine(usRulesCoverEachCase(deliveriesOf(category)));

/**
 * A tax code's rules per state (or for every state): one dated series for every customer group and every delivery
 * method (whatever the code's category allows), so the check needs no catalogue.
 */
const usTaxCodeRules = z.record(taxCodeId, z.array(usRuleSchema).min(1).superRefine(usRulesCoverEachCase(deliveryMethods)));

/** Whether a government buyer of one level is exempt; `categories` limits the exemption (NM: goods only). */
const governmentRuleSchema = z.strictObject({ exempt: z.boolean(), categories: z.array(z.enum(productCategories)).min(1).optional(), cite: source });
const governmentLevelsSchema = z.strictObject({ federal: governmentRuleSchema, state: governmentRuleSchema, local: governmentRuleSchema });

/** Exported for the data tests (a gap or an overlap in a category's rules must fail). */
export const usStatesSchema = z.object({
  description: z.string(),
  /** Tax-code rules for every state that has no list of its own for the code. */
  tax_codes: usTaxCodeRules.optional(),
  exemptions: z.strictObject({
    GOVERNMENT: governmentLevelsSchema,
    RESELLER: z.strictObject({ exempt: z.literal(true), cite: source }),
    NONPROFIT: z.strictObject({ exempt: z.literal('per_state'), cite: source }),
  }),
  states: z.array(
    z.object({
      code: z.string().refine((code) => subdivisionName('US', code) !== undefined, 'unknown state'),
      name: z.string(),
      rates: datedRows({ state_rate: percent }).refine((rows) => rows.length > 0, 'needs at least one row'),
      local_sales_taxes: z.boolean(),
      nonprofit_exempt: z.boolean(),
      nonprofit_cite: source,
      /** Absent: exemptions.GOVERNMENT. */
      government: governmentLevelsSchema.optional(),
      avalara_state_rate_differs: z.string().optional(),
      taxability: z.strictObject({
        SAAS: usRules('SAAS'),
        DIGITAL_GOODS: usRules('DIGITAL_GOODS'),
        EBOOKS: usRules('EBOOKS').optional(),
        PROFESSIONAL_SERVICES: usRules('PROFESSIONAL_SERVICES'),
      }),
      /** This state's tax-code rules; they win over the top-level `tax_codes`. */
      tax_codes: usTaxCodeRules.optional(),
    }),
  ),
});

export type UsTaxabilityRule = UsRule;
export type UsGovernmentRule = z.infer<typeof governmentRuleSchema>;
export type UsStateData = z.infer<typeof usStatesSchema>['states'][number];
export type CanadaProvinceData = z.infer<typeof canadaSchema>['provinces'][number];


/** Validated once per process at first import; a bad data file fails every test and the deploy, never a request. */
const vatStandard = parseDataFile('vat-standard-rates.json', vatStandardSchema, vatStandardJson);
const vatReduced = parseDataFile('vat-reduced-rates.json', vatReducedSchema, vatReducedJson);
const canada = parseDataFile('canada-provinces.json', canadaSchema, canadaJson);
const usStates = parseDataFile('us-states.json', usStatesSchema, usStatesJson);

const vatByCountry = new Map(vatStandard.countries.map((entry) => [entry.country, entry]));
const provinceByCode = new Map(canada.provinces.map((entry) => [entry.code, entry]));
const usStateByCode = new Map(usStates.states.map((entry) => [entry.code, entry]));

export interface DatedRate {
  ppm: number;
  effective_from: string;
  effective_to?: string;
  source: string;
}

function datedRate(row: { effective_from: string; effective_to?: string; source: string }, percentage: number): DatedRate {
  const rate: DatedRate = { ppm: percentToPpm(percentage), effective_from: row.effective_from, source: row.source };
  if (row.effective_to) rate.effective_to = row.effective_to;
  return Object.freeze(rate);
}

/**
 * The answers of a rate history on the dates asked, memoised: a history is a data array (bounded by the data) and each
 * keeps at most DATES_PER_HISTORY dates (cleared when full). Dates repeat (a day's sales share it), and finding the row
 * in force is the engine's hottest step. Answers are frozen, as callers share them; a date outside the history throws
 * every time (not cached).
 */
const DATES_PER_HISTORY = 1_024;
const answersByHistory = new WeakMap<object, Map<string, unknown>>();
function onDate<A, R>(history: object, date: string, answer: (arg: A, date: string) => R, arg: A): R {
  let byDate = answersByHistory.get(history) as Map<string, R> | undefined;
  if (byDate === undefined) {
    byDate = new Map();
    answersByHistory.set(history, byDate);
  }
  const known = byDate.get(date);
  if (known !== undefined || byDate.has(date)) return known as R;
  const value = answer(arg, date);
  if (byDate.size >= DATES_PER_HISTORY) byDate.clear();
  byDate.set(date, value);
  return value;
}

type VatEntry = (typeof vatStandard.countries)[number];
function standardOn(entry: VatEntry, date: string): (DatedRate & { tax_name: string }) | undefined {
  const row = rowInForceOrThrow(entry.rates, date, () => `${countryName(entry.country)} (${entry.country})`);
  return row ? Object.freeze({ ...datedRate(row, row.standard), tax_name: entry.tax_name }) : undefined;
}

/**
 * Standard VAT/GST of a country on a date; undefined when the country levies none (or is not in the data).
 * Throws RateHistoryUnavailableError (422) for a date outside the history held for a country with VAT.
 */
export function standardVatRate(country: string, date: string): (DatedRate & { tax_name: string }) | undefined {
  const entry = vatByCountry.get(country);
  return entry ? onDate(entry, date, standardOn, entry) : undefined;
}

/** Countries in the standard-rate data that levy a VAT/GST (for tests and docs). */
export function countriesWithVat(): string[] {
  return vatStandard.countries.filter((entry) => entry.rates.length > 0).map((entry) => entry.country);
}

type ReducedRows = typeof vatReduced.entries;
/** The reduced-rate rows of each country and category (or tax code: its id as the key), in data order. */
const reducedRows = new Map<string, Map<string, ReducedRows>>();
for (const entry of vatReduced.entries) {
  const byCategory = reducedRows.get(entry.country) ?? new Map<string, ReducedRows>();
  reducedRows.set(entry.country, byCategory);
  const key = entry.tax_code ?? entry.category!;
  byCategory.set(key, [...(byCategory.get(key) ?? []), entry]);
}
function reducedOn(rows: ReducedRows, date: string): DatedRate | undefined {
  const found = rowOn(rows, date);
  return found.kind === 'row' ? datedRate(found.row, found.row.rate) : undefined;
}

/**
 * A reduced rate for a category in a country on a date (e-books), or undefined when the standard rate applies:
 * before the first reduced row, and between a row's effective_to and the next row (the category was at the
 * standard rate then). The standard rate's own history decides whether Levy can answer that date at all.
 */
export function reducedVatRate(country: string, category: ProductCategory, date: string): DatedRate | undefined {
  const rows = reducedRows.get(country)?.get(category);
  return rows ? onDate(rows, date, reducedOn, rows) : undefined;
}

/**
 * A tax code's own rate in a country on a date (GB zero-rated food, DE 7 % books), or undefined when the country
 * has no row for the code on that date: then its category's rate applies (reducedVatRate, else the standard rate).
 */
export function taxCodeVatRate(country: string, taxCode: string, date: string): DatedRate | undefined {
  const rows = reducedRows.get(country)?.get(taxCode);
  return rows ? onDate(rows, date, reducedOn, rows) : undefined;
}

/** The tax codes with rows of their own in some VAT country (data/vat-reduced-rates.json `tax_code` rows). */
const vatTaxCodesWithRows = new Set(vatReduced.entries.flatMap((entry) => (entry.tax_code ? [entry.tax_code] : [])));

/**
 * Whether the data leaves a tax code's rate in a country on a date unmodelled: the code has rows somewhere (it is
 * known to be taxed apart from its category), but none for this country, or none yet on this date (before its
 * first row). Its category's rate is answered then, and the answer says so (docs/tax-rules.md, Tax codes). Between
 * two rows (a row's effective_to, then a gap) the data says the category rate applied: that is modelled.
 */
export function taxCodeVatRateUnmodelled(country: string, taxCode: string, date: string): boolean {
  if (!vatTaxCodesWithRows.has(taxCode)) return false;
  const rows = reducedRows.get(country)?.get(taxCode);
  if (!rows) return true;
  return rowOn(rows, date).kind === 'before_history';
}

/** Whether a tax code is zero-rated in Canada (GST/HST, QST and PST alike), with its source. */
export function canadaZeroRatedTaxCode(taxCode: string): { tax_code: string; source: string } | undefined {
  return canada.zero_rated_tax_codes?.find((row) => row.tax_code === taxCode);
}

/** The tax codes the rule data names (for the catalogue's check that each exists). */
export function taxCodesInRuleData(): string[] {
  const us = [usStates.tax_codes, ...usStates.states.map((state) => state.tax_codes)].flatMap((rules) => Object.keys(rules ?? {}));
  const vat = vatReduced.entries.flatMap((entry) => (entry.tax_code ? [entry.tax_code] : []));
  const ca = [...(canada.zero_rated_tax_codes ?? []), ...rebateRows].map((row) => row.tax_code);
  return [...new Set([...us, ...vat, ...ca])];
}

type RebateRow = NonNullable<typeof canada.provincial_part_rebated_tax_codes>[number];
const rebateRows = canada.provincial_part_rebated_tax_codes ?? [];
const rebatedTaxCodes = new Set(rebateRows.map((row) => row.tax_code));
/** Each province's rows per code, sorted: one dated series (the schema checks it has no overlap). */
const rebateSeries = new Map<string, RebateRow[]>();
for (const row of rebateRows) rebateSeries.set(`${row.province} ${row.tax_code}`, sortedByStart([...(rebateSeries.get(`${row.province} ${row.tax_code}`) ?? []), row]));

/**
 * A province's point-of-sale rebate of its part of the HST for a tax code on a date: 'rebated' with its row,
 * 'not_rebated' (the data holds the province's rows for the code and none is in force: the full HST applied), or
 * 'unmodelled' (the code is rebated in some province but the data holds no row for this one, or none yet on the
 * date), undefined for a code no province rebates in the data.
 */
export function canadaProvincialRebate(province: string, taxCode: string, date: string): { kind: 'rebated'; row: RebateRow } | { kind: 'not_rebated' | 'unmodelled' } | undefined {
  if (!rebatedTaxCodes.has(taxCode)) return undefined;
  const found = rowOn(rebateSeries.get(`${province} ${taxCode}`) ?? [], date);
  if (found.kind === 'row') return { kind: 'rebated', row: found.row };
  return found.kind === 'gap' ? { kind: 'not_rebated' } : { kind: 'unmodelled' };
}

export function canadaProvince(code: string): CanadaProvinceData | undefined {
  return provinceByCode.get(code);
}

function provincialOn(province: CanadaProvinceData, date: string): DatedRate {
  const row = rowInForceOrThrow(province.rates, date, () => `${province.name} (CA-${province.code})`)!;
  return datedRate(row, row.provincial_rate);
}

/** Provincial part (PST, QST, provincial HST) of a province on a date, in ppm; 422 outside its history. */
export function canadaProvincialRate(province: CanadaProvinceData, date: string): DatedRate {
  return onDate(province, date, provincialOn, province);
}

export function usState(code: string): UsStateData | undefined {
  return usStateByCode.get(code);
}

function stateBaseOn(state: UsStateData, date: string): DatedRate {
  const row = rowInForceOrThrow(state.rates, date, () => `${state.name} (US-${state.code})`)!;
  return datedRate(row, row.state_rate);
}

/** Statutory statewide base rate of a US state on a date, in ppm; 422 outside its history. */
export function usStateBaseRate(state: UsStateData, date: string): DatedRate {
  return onDate(state, date, stateBaseOn, state);
}

export type UsCategory = Exclude<ProductCategory, 'PHYSICAL_GOODS'>;

/**
 * The state's rule for a non-physical category on a date, for a customer type and delivery: the one rule whose
 * dates, customer group and deliveries cover the sale (the data is checked to hold exactly one). GOVERNMENT,
 * NONPROFIT and RESELLER buy as businesses (group B2B). EBOOKS falls back to DIGITAL_GOODS.
 */
export function usTaxability(state: UsStateData, category: UsCategory, date: string, customerType: CustomerType, delivery: DeliveryMethod): UsTaxabilityRule {
  const rules = category === 'EBOOKS' ? (state.taxability.EBOOKS ?? state.taxability.DIGITAL_GOODS) : state.taxability[category];
  const group: CustomerGroup = customerType === 'B2C' ? 'B2C' : 'B2B';
  const found = rowOn(seriesOf(rules, group, delivery), date);
  const rule = found.kind === 'row' ? found.row : undefined;
  // Unreachable for validated data; a delivery the category does not allow was refused with a 400 before.
  if (!rule) throw new Error(`us-states.json: no ${category} rule for ${state.code} on ${date} (${group}, ${delivery})`);
  return rule;
}

/** rulesFor once per category's rules, customer group and delivery: the data never changes, quotes ask on every call. */
const seriesByRules = new WeakMap<readonly UsRule[], Map<string, ReturnType<typeof rulesFor>>>();
function seriesOf(rules: readonly UsRule[], group: CustomerGroup, delivery: DeliveryMethod): ReturnType<typeof rulesFor> {
  let byCase = seriesByRules.get(rules);
  if (!byCase) seriesByRules.set(rules, (byCase = new Map()));
  const key = `${group}|${delivery}`;
  let series = byCase.get(key);
  if (!series) byCase.set(key, (series = rulesFor(rules, group, delivery)));
  return series;
}

/**
 * A tax code's rule in a state on a date, for a customer type and delivery; undefined when neither the state nor the
 * top-level list has rules for the code (its category's rules apply then). Same groups as usTaxability.
 */
export function usTaxCodeTaxability(state: UsStateData, taxCode: string, date: string, customerType: CustomerType, delivery: DeliveryMethod): UsTaxabilityRule | undefined {
  const rules = state.tax_codes?.[taxCode] ?? usStates.tax_codes?.[taxCode];
  if (!rules) return undefined;
  const found = rowOn(seriesOf(rules, customerType === 'B2C' ? 'B2C' : 'B2B', delivery), date);
  // Unreachable for validated data: every code's rules cover every date, group and delivery.
  if (found.kind !== 'row') throw new Error(`us-states.json: no ${taxCode} rule for ${state.code} on ${date}`);
  return found.row;
}

/** Whether a government buyer of a level is exempt in a state: the state's own rule, else the general one. */
export function usGovernmentRule(state: UsStateData, level: GovernmentLevel): UsGovernmentRule {
  return (state.government ?? usStates.exemptions.GOVERNMENT)[level];
}

/** Whether a PST province's provincial tax applies to a category sold by a delivery method on a date; 422 outside its history. */
export function canadaProvincialTaxApplies(province: CanadaProvinceData, category: ProductCategory, delivery: DeliveryMethod, date: string): boolean {
  const row = rowInForceOrThrow(province.provincial_tax_applies[category], date, () => `${province.name} (CA-${province.code}) ${category}`)!;
  return typeof row.applies === 'boolean' ? row.applies : row.applies.includes(delivery);
}

/** Sale for resale: exempt in every state with a resale certificate. */
export const usResaleExemption = usStates.exemptions.RESELLER;

export const canadaResaleRule = canada.resale_exempts_provincial_tax;
