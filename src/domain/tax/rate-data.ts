// Domain (pure): loads the project's own rate and rule data (data/*.json, bundled by esbuild) and validates it once.
import vatStandardJson from '#data/vat-standard-rates.json';
import vatReducedJson from '#data/vat-reduced-rates.json';
import canadaJson from '#data/canada-provinces.json';
import usStatesJson from '#data/us-states.json';
import { countryName } from '../geography/countries';
import { percentToPpm } from '../money/money';
import { parseDataFile } from './data-file';
import { rateDataSchemas, type CanadaProvinceData, type UsGovernmentRule, type UsRule, type UsStateData } from './rate-data-schema';
import { rowInForceOrThrow, rowOn, seriesByTwoKeys, sortedByStart } from './rate-history';
import { rulesFor, type CustomerGroup } from './us-rule-series';
import type { CustomerType, DeliveryMethod, GovernmentLevel, ProductCategory } from './vocabulary';

export type { CanadaProvinceData, UsGovernmentRule, UsStateData } from './rate-data-schema';
export type UsTaxabilityRule = UsRule;

/** Validated once per process at first import; a bad data file fails every test and the deploy, never a request. */
const vatStandard = parseDataFile('vat-standard-rates.json', () => rateDataSchemas().vatStandardSchema, vatStandardJson);
const vatReduced = parseDataFile('vat-reduced-rates.json', () => rateDataSchemas().vatReducedSchema, vatReducedJson);
const canada = parseDataFile('canada-provinces.json', () => rateDataSchemas().canadaSchema, canadaJson);
const usStates = parseDataFile('us-states.json', () => rateDataSchemas().usStatesSchema, usStatesJson);

const vatByCountry = new Map(vatStandard.countries.map((entry) => [entry.country, entry]));
const provinceByCode = new Map(canada.provinces.map((entry) => [entry.code, entry]));
const usStateByCode = new Map(usStates.states.map((entry) => [entry.code, entry]));

export interface DatedRate {
  ppm: number;
  effective_from: string;
  effective_to?: string;
  source: string;
}

/** A data row's rate as answers carry it (frozen: callers share it). */
export function datedRate(row: { effective_from: string; effective_to?: string; source: string }, percentage: number): DatedRate {
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
/** The reduced-rate rows of each country and category, in data order. */
const reducedRows = seriesByTwoKeys(
  vatReduced.entries,
  (entry) => entry.country,
  (entry) => entry.category,
);
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

/** Whether a tax code is zero-rated in Canada (GST/HST, QST and PST alike), with its source. */
export function canadaZeroRatedTaxCode(taxCode: string): { tax_code: string; source: string } | undefined {
  return canada.zero_rated_tax_codes?.find((row) => row.tax_code === taxCode);
}

/** The tax codes the US and Canadian rule data name (for the catalogue's check that each exists; VAT: tax-code-vat-rates.ts). */
export function taxCodesInRuleData(): string[] {
  const us = [usStates.tax_codes, ...usStates.states.map((state) => state.tax_codes)].flatMap((rules) => Object.keys(rules ?? {}));
  const ca = [...(canada.zero_rated_tax_codes ?? []), ...rebateRows].map((row) => row.tax_code);
  return [...new Set([...us, ...ca])];
}

type RebateRow = NonNullable<typeof canada.provincial_part_rebated_tax_codes>[number];
const rebateRows = canada.provincial_part_rebated_tax_codes ?? [];
const rebatedTaxCodes = new Set(rebateRows.map((row) => row.tax_code));
/** Each province's rows per code, sorted: one dated series (the schema checks it has no overlap). */
const rebateSeries = new Map<string, RebateRow[]>();
for (const row of rebateRows)
  rebateSeries.set(`${row.province} ${row.tax_code}`, sortedByStart([...(rebateSeries.get(`${row.province} ${row.tax_code}`) ?? []), row]));

/**
 * A province's point-of-sale rebate of its part of the HST for a tax code on a date: 'rebated' with its row,
 * 'not_rebated' (the data holds the province's rows for the code and none is in force: the full HST applied), or
 * 'unmodelled' (the code is rebated in some province but the data holds no row for this one, or none yet on the
 * date), undefined for a code no province rebates in the data.
 */
export function canadaProvincialRebate(
  province: string,
  taxCode: string,
  date: string,
): { kind: 'rebated'; row: RebateRow } | { kind: 'not_rebated' | 'unmodelled' } | undefined {
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
type UsRuleSeries = ReturnType<typeof rulesFor<UsRule>>;
const seriesByRules = new WeakMap<readonly UsRule[], Map<string, UsRuleSeries>>();
function seriesOf(rules: readonly UsRule[], group: CustomerGroup, delivery: DeliveryMethod): UsRuleSeries {
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
export function usTaxCodeTaxability(
  state: UsStateData,
  taxCode: string,
  date: string,
  customerType: CustomerType,
  delivery: DeliveryMethod,
): UsTaxabilityRule | undefined {
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
