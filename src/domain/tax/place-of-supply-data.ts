// Domain (pure): the place-of-supply rules of data/place-of-supply.json (bundled by esbuild), validated at import (data-file.ts).
import * as z from 'zod';
import placeOfSupplyJson from '#data/place-of-supply.json';
import { countryName, euMemberStates, isAssignedCountry, vatAreaOf } from '../geography/countries';
import { once } from '../../shared/once';
import { isoDate, parseDataFile, source } from './data-file';
import { datedRowsProblem, rowInForceOrThrow } from './rate-history';
import { productCategories, type ProductCategory } from './vocabulary';

export const placeKinds = ['electronic', 'remote_professional', 'services'] as const;
export const placeCustomers = ['consumers', 'businesses'] as const;
/** Where a remote cross-border service is taxed; data/place-of-supply.json's description says what each means. */
export const places = ['customer_place', 'supplier_place', 'supplier_place_within_area', 'exempt', 'recipient_self_assesses'] as const;

/**
 * Builds the file's schema: only to validate it (parseDataFile: tests, `npm start`, the CLI, the synth), never in a
 * deployed function, whose data was validated before the build.
 */
function buildPlaceOfSupplySchema() {
  const note = z.string().regex(/^[a-z0-9_]+$/, 'a note is a snake_case word');
  /** EU for the EU-27 as one area, otherwise a country that is neither in the EU nor part of another country's VAT area. */
  const area = z
    .string()
    .refine((code) => code === 'EU' || (isAssignedCountry(code) && !euMemberStates.has(code) && vatAreaOf(code) === code), 'EU or a country code');

  const ruleSchema = z.strictObject({
    area,
    kind: z.enum(placeKinds),
    customers: z.enum(placeCustomers),
    effective_from: isoDate,
    place: z.enum(places),
    note: note.optional(),
    /** The note when the seller is in the same area but another country (EU Art. 45: the seller's own VAT). */
    same_area_note: note.optional(),
    source,
  });

  const placeOfSupplySchema = z
    .strictObject({
      description: z.string(),
      kinds: z.strictObject(
        Object.fromEntries(placeKinds.map((kind) => [kind, z.array(z.enum(productCategories)).min(1)])) as Record<
          (typeof placeKinds)[number],
          z.ZodArray<z.ZodEnum<{ [K in ProductCategory]: K }>>
        >,
      ),
      rules: z.array(ruleSchema).min(1),
    })
    .superRefine((data, ctx) => {
      const series = new Map<string, (typeof data.rules)[number][]>();
      data.rules.forEach((rule, i) => {
        const key = `${rule.area}|${rule.kind}|${rule.customers}`;
        series.set(key, [...(series.get(key) ?? []), rule]);
        if (rule.place !== 'supplier_place' && rule.place !== 'supplier_place_within_area' && rule.same_area_note !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['rules', i, 'same_area_note'], message: 'only a supplier_place rule has a same_area_note' });
        }
      });
      for (const [key, rows] of series) {
        const problem = datedRowsProblem(rows);
        if (problem) ctx.addIssue({ code: 'custom', path: ['rules'], message: `${key}: ${problem}` });
      }
      // One kind per category for an area and customer group, so a sale never meets two rules.
      const kindsBy = new Map<string, Set<string>>();
      for (const rule of data.rules) {
        const key = `${rule.area}|${rule.customers}`;
        kindsBy.set(key, (kindsBy.get(key) ?? new Set()).add(rule.kind));
      }
      for (const [key, kinds] of kindsBy) {
        const covered = [...kinds].flatMap((kind) => data.kinds[kind as (typeof placeKinds)[number]]);
        if (new Set(covered).size !== covered.length) ctx.addIssue({ code: 'custom', path: ['rules'], message: `${key}: two kinds cover the same category` });
      }
    });

  return { ruleSchema, placeOfSupplySchema };
}

type PlaceOfSupplyRow = z.infer<ReturnType<typeof buildPlaceOfSupplySchema>['ruleSchema']>;
export type PlaceOfSupplyRule = PlaceOfSupplyRow;
export type PlaceCustomers = (typeof placeCustomers)[number];

/** Validated once per process at first import. */
const placeOfSupplySchemas = once(buildPlaceOfSupplySchema);
export const placeOfSupplyData = parseDataFile('place-of-supply.json', () => placeOfSupplySchemas().placeOfSupplySchema, placeOfSupplyJson);

/** The area whose rules apply to a country: the EU-27 as one, otherwise the country's own VAT area (MC -> FR -> EU). */
export function placeAreaOf(country: string): string {
  const vatArea = vatAreaOf(country);
  return euMemberStates.has(vatArea) ? 'EU' : vatArea;
}

/**
 * The rule in force on a date for a category sold to a customer group of an area (rowInForceOrThrow, as for rates),
 * or undefined when the data holds none for it (a country not in the data, a category without a rule): the general
 * rules apply. A date before the first row of a series the data holds is a 422 rate_history_unavailable: Levy does
 * not know the rule then, and the destination rate would be a guess (docs/tax-rules.md, Dates).
 */
export function placeOfSupplyRule(areaCode: string, category: ProductCategory, customers: PlaceCustomers, date: string): PlaceOfSupplyRule | undefined {
  // The series of the area, customer group and category, indexed once (rulesByArea below), read like rate rows.
  const series = rulesByArea.get(areaCode)?.get(customers)?.get(category);
  if (series === undefined) return undefined;
  return rowInForceOrThrow(series, date, () => `the place of supply of ${category} to ${customers} in ${areaCode === 'EU' ? 'the EU' : countryName(areaCode)}`);
}

/** The rules of each area, customer group and category, in data order: built once, asked on every quote. */
const rulesByArea = new Map<string, Map<string, Map<string, PlaceOfSupplyRule[]>>>();
for (const rule of placeOfSupplyData.rules) {
  const byCustomers = rulesByArea.get(rule.area) ?? new Map<string, Map<string, PlaceOfSupplyRule[]>>();
  rulesByArea.set(rule.area, byCustomers);
  const byCategory = byCustomers.get(rule.customers) ?? new Map<string, PlaceOfSupplyRule[]>();
  byCustomers.set(rule.customers, byCategory);
  for (const category of placeOfSupplyData.kinds[rule.kind]) byCategory.set(category, [...(byCategory.get(category) ?? []), rule]);
}
