/**
 * Domain (pure data, validated at load): Levy's tax-code catalogue (data/tax-codes.json). Each code refines one
 * product_category, whose rules apply unless the rule data has rows for the code; each category maps to a default
 * code, so `product_category` keeps meaning what it meant. docs/products.md describes the catalogue and its crosswalk.
 */
import * as z from 'zod';
import taxCodesJson from '#data/tax-codes.json';
import { parseDataFile, source } from './data-file';
import { taxCodesInRuleData } from './rate-data';
import { taxCodeVat, vatTaxCodesWithRows } from './tax-code-vat-rates';
import type { TaxCodeRules } from './rate-types';
import { defaultTaxCodeIds } from './taxability';
import { allowedDeliveryMethods, deliveryMethods, productCategories, type ProductCategory } from './vocabulary';

/** `levy_` and lower-case words joined by `_`: readable, and never mistaken for a Stripe, TaxJar or Avalara code. */
export const TAX_CODE_PATTERN = /^levy_[a-z0-9]+(_[a-z0-9]+)*$/;

const crosswalkValue = z.string().min(1).nullable();

const codeSchema = z
  .strictObject({
    id: z.string().regex(TAX_CODE_PATTERN),
    name: z.string().min(3),
    description: z.string().min(10),
    category: z.enum(productCategories),
    default_delivery: z.enum(deliveryMethods),
    crosswalk: z.strictObject({ stripe: crosswalkValue, taxjar: crosswalkValue, avalara: crosswalkValue }),
    /** Where each crosswalk value (or its absence) comes from: never empty. */
    crosswalk_sources: z.strictObject({ stripe: source, taxjar: source, avalara: source }),
    default_for: z.enum(productCategories).optional(),
    /** A US buyer group the code forces: business use reads the B2B rows, personal use the B2C rows. */
    us_use: z.enum(['business', 'personal']).optional(),
    rules_like: z.string().regex(TAX_CODE_PATTERN).optional(),
    us_rules_like: z.string().regex(TAX_CODE_PATTERN).optional(),
    vat_rules_like: z.string().regex(TAX_CODE_PATTERN).optional(),
  })
  .refine((code) => allowedDeliveryMethods[code.category].includes(code.default_delivery), {
    error: 'default_delivery must be allowed for the category',
    path: ['default_delivery'],
  })
  .refine((code) => code.default_for === undefined || code.default_for === code.category, {
    error: 'a default code belongs to its category',
    path: ['default_for'],
  });

/** Exported for the data tests (a duplicate id, a missing default or an unknown code in the rule data must fail). */
export const taxCodesFileSchema = z.object({ description: z.string(), codes: z.array(codeSchema).min(1) }).superRefine(({ codes }, ctx) => {
  const ids = new Set<string>();
  for (const code of codes) {
    if (ids.has(code.id)) ctx.addIssue({ code: 'custom', message: `duplicate tax code ${code.id}` });
    ids.add(code.id);
  }
  for (const category of productCategories) {
    const defaults = codes.filter((code) => code.default_for === category).length;
    if (defaults !== 1) ctx.addIssue({ code: 'custom', message: `product_category ${category} needs exactly one default code (has ${defaults})` });
    const named = defaultTaxCodeIds[category];
    if (!codes.some((code) => code.id === named && code.default_for === category)) {
      ctx.addIssue({
        code: 'custom',
        message: `taxability.ts names ${named} as ${category}'s default code; the catalogue must mark it default_for ${category}`,
      });
    }
  }
  for (const code of codes) {
    for (const target of [code.rules_like, code.us_rules_like, code.vat_rules_like]) {
      if (target !== undefined && !ids.has(target)) ctx.addIssue({ code: 'custom', message: `${code.id} follows unknown code ${target}` });
    }
  }
  for (const named of [...taxCodesInRuleData(), ...vatTaxCodesWithRows()]) {
    if (!ids.has(named)) ctx.addIssue({ code: 'custom', message: `the rule data names ${named}, which is not in the catalogue` });
  }
});

type CatalogueEntry = z.output<typeof codeSchema>;

/** A tax code as `GET /v1/tax_codes` answers it (the OpenAPI document's `TaxCode`). */
export const taxCodeSchema = z
  .object({
    id: z.string().meta({ description: 'The code', example: 'levy_groceries' }),
    name: z.string().meta({ description: 'Short name' }),
    description: z.string().meta({ description: 'What it covers' }),
    category: z.enum(productCategories).meta({ description: 'The product_category it refines: its rules apply where the rule data has none for the code' }),
    default_delivery: z.enum(deliveryMethods).meta({ description: 'The delivery method assumed when a sale names the code without one' }),
    crosswalk: z
      .object({
        stripe: z.string().nullable().meta({ description: 'Stripe tax code (txcd_...), null when there is none or it is not verified' }),
        taxjar: z.string().nullable().meta({ description: 'TaxJar product_tax_code, null when there is none (fully taxable) or it is not verified' }),
        avalara: z.string().nullable().meta({ description: 'Avalara AvaTax tax code, null when there is none or it is not verified' }),
      })
      .meta({ description: 'The equivalent code at each anchor, sourced in docs/products.md' }),
  })
  .meta({
    id: 'TaxCode',
    example: {
      id: 'levy_groceries',
      name: 'Groceries (food for home consumption)',
      description: 'Food and food ingredients sold for consumption at home; not prepared food, candy or soft drinks.',
      category: 'PHYSICAL_GOODS',
      default_delivery: 'SHIPPED',
      crosswalk: { stripe: 'txcd_40040000', taxjar: '40030', avalara: null },
    },
  });

export type TaxCode = z.output<typeof taxCodeSchema>;

/** Validated once per process at first import; a bad catalogue fails every test and the deploy, never a request. */
const catalogue = parseDataFile('tax-codes.json', () => taxCodesFileSchema, taxCodesJson);
const entryById = new Map<string, CatalogueEntry>(catalogue.codes.map((code) => [code.id, code]));

const publicCode = (entry: CatalogueEntry): TaxCode =>
  Object.freeze({
    id: entry.id,
    name: entry.name,
    description: entry.description,
    category: entry.category,
    default_delivery: entry.default_delivery,
    crosswalk: Object.freeze({ ...entry.crosswalk }),
  });
const publicCodes: readonly TaxCode[] = Object.freeze(catalogue.codes.map(publicCode));
const publicById = new Map(publicCodes.map((code) => [code.id, code]));

/** Every code, in catalogue order (by category, then from the general to the specific). */
export const taxCodes = (): readonly TaxCode[] => publicCodes;

export const taxCode = (id: string): TaxCode | undefined => publicById.get(id);

/** Stripe's tax codes (`txcd_` and 8 digits): a line's `tax_code` of this form is read through the crosswalk. */
export const STRIPE_TAX_CODE_PATTERN = /^txcd_[0-9]{8}$/;

/**
 * Levy's code for each Stripe code the crosswalk names. Where several Levy codes share one Stripe code (`txcd_20060000`:
 * professional, legal, accounting services and consulting; `txcd_30011000`: clothing and footwear), the category's
 * default code if it is one of them, else the first in catalogue order (the catalogue runs from the general to the
 * specific): the code whose rules are Stripe's general ones.
 */
const levyByStripe = new Map<string, TaxCode>();
for (const code of [...catalogue.codes].sort((a, b) => Number(b.default_for !== undefined) - Number(a.default_for !== undefined))) {
  const stripe = code.crosswalk.stripe;
  if (stripe !== null && !levyByStripe.has(stripe)) levyByStripe.set(stripe, publicById.get(code.id)!);
}

/** The Levy code a Stripe tax code maps to (docs/products.md, the crosswalk); undefined when the crosswalk has none. */
export const taxCodeForStripe = (stripe: string): TaxCode | undefined => levyByStripe.get(stripe);

/** The crosswalk sources of a code (docs and tests; the API answers the values only). */
export const crosswalkSources = (id: string): CatalogueEntry['crosswalk_sources'] | undefined => entryById.get(id)?.crosswalk_sources;

/** The code a product_category maps to: the category's rules and nothing else (the catalogue has exactly one each). */
export function defaultTaxCode(category: ProductCategory): TaxCode {
  return publicById.get(catalogue.codes.find((code) => code.default_for === category)!.id)!;
}

function rulesOf(entry: CatalogueEntry): TaxCodeRules {
  const vat = entry.vat_rules_like ?? entry.rules_like ?? entry.id;
  const rules: { -readonly [K in keyof TaxCodeRules]: TaxCodeRules[K] } = {
    us: entry.us_rules_like ?? entry.rules_like ?? entry.id,
    vat,
    vatRate: (country, date) => taxCodeVat(country, vat, date),
  };
  if (entry.us_use) rules.usGroup = entry.us_use === 'business' ? 'B2B' : 'B2C';
  return Object.freeze(rules);
}
/** Each code's rules, built once at load: a quote asks for them on every rated line. */
const rulesById = new Map(catalogue.codes.map((entry) => [entry.id, rulesOf(entry)]));

/** How the rule data reads a code (src/domain/tax/rate-types.ts TaxCodeRules); undefined for an unknown id. */
export const taxCodeRules = (id: string): TaxCodeRules | undefined => rulesById.get(id);
