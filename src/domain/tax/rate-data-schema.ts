/**
 * Domain (pure): the schemas of the rate and rule data files (data/vat-standard-rates.json, vat-reduced-rates.json, vat-tax-code-rates.json,
 * canada-provinces.json, us-states.json) and the types they give. Loaded only to validate the files (rate-data.ts
 * parseDataFile: tests, `npm start`, the CLI, the synth), never by a deployed function, whose files were validated
 * before it was built: building these schemas was about 5 ms of a cold start.
 */
import * as z from 'zod';
import { isAssignedCountry, subdivisionName } from '../geography/countries';
import { once } from '../../shared/once';
import { percentToPpm } from '../money/money';
import { isoDate, source } from './data-file';
import { coverageProblem, datedRowsProblem, SINCE_ALWAYS } from './rate-history';
import { customerGroups, rulesFor, type UsRuleScope } from './us-rule-series';
import { allowedDeliveryMethods, deliveryMethods, productCategories, type DeliveryMethod, type ProductCategory } from './vocabulary';

/** What every rate file's schema is made of: percentages, dated rows, tax-code ids and dated series. */
function commonParts() {
  /** A percentage that is a whole number of ppm (percentToPpm refuses finer ones: a typo in a data file). */
  const percent = z
    .number()
    .min(0)
    .max(100)
    .refine((pct) => {
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

  /** A tax code's id as the rule data names it (data/tax-codes.json; src/domain/tax/tax-codes.ts checks each one exists). */
  const taxCodeId = z.string().regex(/^levy_[a-z0-9_]+$/, 'a tax code id such as levy_groceries');

  /** The key a row's dated series is kept under: its country and its category or tax code. */
  const reducedRowKey = (entry: { country: string; category?: string; tax_code?: string }): string => `${entry.country} ${entry.tax_code ?? entry.category}`;
  /** Each series of the rows (those under one key) is sorted and never overlaps; a refusal names the series' key. */
  const eachSeriesDated =
    <K>(keyOf: (row: K) => string) =>
    (rows: (K & { effective_from: string; effective_to?: string })[], ctx: z.RefinementCtx) => {
      for (const key of new Set(rows.map(keyOf))) {
        const problem = datedRowsProblem(rows.filter((row) => keyOf(row) === key));
        if (problem) ctx.addIssue({ code: 'custom', message: `${key}: ${problem}` });
      }
    };

  return { percent, datedRows, taxCodeId, reducedRowKey, eachSeriesDated };
}

type Common = ReturnType<typeof commonParts>;

/** data/vat-standard-rates.json, vat-reduced-rates.json and vat-tax-code-rates.json. */
function vatSchemas({ percent, datedRows, taxCodeId, reducedRowKey, eachSeriesDated }: Common) {
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

  /** A category's rates per country (data/vat-reduced-rates.json: e-books...). */
  const vatReducedSchema = z.strictObject({
    description: z.string(),
    entries: z
      .array(
        z.strictObject({
          country: z.string().refine(isAssignedCountry),
          category: z.enum(productCategories),
          rate: percent,
          effective_from: isoDate,
          effective_to: isoDate.optional(),
          source,
        }),
      )
      .superRefine(eachSeriesDated(reducedRowKey)),
  });

  /** A tax code's rates per country (data/vat-tax-code-rates.json: food, medicines, print...), read on demand. */
  const vatTaxCodeSchema = z.strictObject({
    description: z.string(),
    entries: z
      .array(
        z.strictObject({
          country: z.string().refine(isAssignedCountry),
          tax_code: taxCodeId,
          rate: percent,
          effective_from: isoDate,
          effective_to: isoDate.optional(),
          source,
        }),
      )
      .superRefine(eachSeriesDated(reducedRowKey)),
  });

  return { vatStandardSchema, vatReducedSchema, vatTaxCodeSchema };
}

/** data/canada-provinces.json. */
function canadaSchemaOf({ percent, datedRows, taxCodeId, eachSeriesDated }: Common) {
  return z.strictObject({
    description: z.string(),
    resale_exempts_provincial_tax: z.object({ value: z.boolean(), cite: z.string() }),
    /** Tax codes zero-rated for GST/HST and QST and exempt from PST/RST in every province (basic groceries, prescription drugs). */
    zero_rated_tax_codes: z.array(z.strictObject({ tax_code: taxCodeId, source })).optional(),
    /**
     * Tax codes whose provincial part of the HST a province rebates at the point of sale (Ontario: printed books,
     * children's clothing and footwear, print newspapers): dated rows per province and code, GST still due.
     */
    provincial_part_rebated_tax_codes: z
      .array(
        z.strictObject({
          province: z.string().refine((code) => subdivisionName('CA', code) !== undefined, 'unknown province'),
          tax_code: taxCodeId,
          effective_from: isoDate,
          effective_to: isoDate.optional(),
          source,
        }),
      )
      .superRefine(eachSeriesDated((row) => `${row.province} ${row.tax_code}`))
      .optional(),
    provinces: z
      .array(
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
      )
      .superRefine((provinces, ctx) => {
        // Every date the rates answer for, the categories answer for too: their rows start no later than the rates.
        for (const province of provinces) {
          const ratesFrom = province.rates[0]!.effective_from;
          for (const [category, rows] of Object.entries(province.provincial_tax_applies)) {
            if (rows[0]!.effective_from > ratesFrom)
              ctx.addIssue({ code: 'custom', message: `${province.code} ${category}: the first row starts after the rates (${ratesFrom})` });
            if (rows[rows.length - 1]!.effective_to !== undefined)
              ctx.addIssue({ code: 'custom', message: `${province.code} ${category}: the last row must hold until further notice` });
          }
        }
      }),
  });
}

/**
 * A category's rules leave no gap and no overlap: for every customer group and allowed delivery, the rules that
 * concern it are one dated series (datedRowsProblem) covering every day (coverageProblem), so exactly one applies.
 */
const deliveriesOf = (category: ProductCategory): readonly DeliveryMethod[] => allowedDeliveryMethods[category];

function usRulesCoverEachCase(deliveries: readonly DeliveryMethod[]) {
  return (rules: UsRuleScope[], ctx: z.RefinementCtx): void => {
    for (const group of customerGroups) {
      for (const delivery of deliveries) {
        const series = rulesFor(rules, group, delivery);
        // The file's convention: a rule that a later one replaces says when it ended (no open row before another).
        const unended = series.slice(0, -1).find((rule) => rule.to === undefined);
        const problem =
          datedRowsProblem(series) ??
          coverageProblem(series, SINCE_ALWAYS) ??
          (unended ? `the rule from ${unended.effective_from} has no 'to' but a later rule follows` : undefined);
        if (problem) ctx.addIssue({ code: 'custom', message: `${group} by ${delivery}: ${problem} (exactly one rule must apply on every date)` });
      }
    }
  };
}

/** data/us-states.json, its rules and its government exemptions. */
function usSchemas({ percent, datedRows, taxCodeId }: Common) {
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
    note: z
      .string()
      .regex(/^[a-z][a-z0-9_]+$/)
      .optional(),
    cite: source,
  });
  const usRules = (category: ProductCategory) =>
    z
      .array(usRuleSchema)
      .min(1)
      .superRefine(usRulesCoverEachCase(deliveriesOf(category)));

  /**
   * A tax code's rules per state (or for every state): one dated series for every customer group and every delivery
   * method (whatever the code's category allows), so the check needs no catalogue.
   */
  const usTaxCodeRules = z.record(taxCodeId, z.array(usRuleSchema).min(1).superRefine(usRulesCoverEachCase(deliveryMethods)));

  /** Whether a government buyer of one level is exempt; `categories` limits the exemption (NM: goods only). */
  const governmentRuleSchema = z.strictObject({ exempt: z.boolean(), categories: z.array(z.enum(productCategories)).min(1).optional(), cite: source });
  const governmentLevelsSchema = z.strictObject({ federal: governmentRuleSchema, state: governmentRuleSchema, local: governmentRuleSchema });

  /** Exported for the data tests (a gap or an overlap in a category's rules must fail). */
  const usStatesSchema = z.object({
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

  return { usStatesSchema, usRuleSchema, governmentRuleSchema };
}

/** Builds the schemas (rateDataSchemas builds them once, when a file is first validated). */
function buildRateDataSchemas() {
  const common = commonParts();
  return { ...vatSchemas(common), canadaSchema: canadaSchemaOf(common), ...usSchemas(common) };
}

/** The schemas, built on first use: importing this module builds nothing. */
export const rateDataSchemas = once(buildRateDataSchemas);

type Schemas = ReturnType<typeof buildRateDataSchemas>;
export type UsRule = z.infer<Schemas['usRuleSchema']>;
export type UsGovernmentRule = z.infer<Schemas['governmentRuleSchema']>;
export type UsStateData = z.infer<Schemas['usStatesSchema']>['states'][number];
export type CanadaProvinceData = z.infer<Schemas['canadaSchema']>['provinces'][number];
