/**
 * Domain (pure): the fields of a sale as rate, unify and transactions state it: what is sold, how, to whom, where,
 * when, by which seller. The API's field schemas live in src/domain/fields/, one file per concern, because zod builds
 * every schema of a module when it is imported: a function builds only the fields it uses (the rate function's cold
 * start, docs/benchmarks.md). Formats are decided where the spec leaves them open (docs/api.md); each message continues
 * the field's name (src/domain/validation.ts puts the name in front).
 */
import * as z from 'zod';
import {
  customerTypes,
  deliveryMisfit,
  deliveryMethods,
  governmentLevelMisfit,
  governmentLevels,
  productCategories,
  taxBehaviors,
  type CustomerType,
  type DeliveryMethod,
  type GovernmentLevel,
  type ProductCategory,
} from '../tax/vocabulary';
import { expected, requiredOr } from '../validation';

/** A customer's tax ID as sent for checking (longer than a record's `tax_id`: separators and prefixes are allowed). */
export const customerTaxIdField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(64, { error: 'must be at most 64 characters' })
  .meta({ description: "The customer's tax ID (VAT, GST ...), checked offline; a valid business number can make the sale B2B (reverse charge)" });

/** The id of one of the account's entities, to calculate or record as that seller. */
export const entityIdField = z
  .string({ error: expected('a string') })
  .min(1, { error: 'must not be empty' })
  .max(128, { error: 'must be at most 128 characters' })
  .meta({ description: "The seller: one of the account's entities (GET /entities); absent, the primary entity" });

/** A flag: true or false (rate, unify, transactions, and the records' flags). */
export const booleanField = z.boolean({ error: expected('true or false') });

/** A calendar date YYYY-MM-DD that exists (no 2025-02-30). */
export const dateField = z.iso
  .date({ error: requiredOr('must be a calendar date in the form YYYY-MM-DD') })
  .meta({ description: 'A calendar date, YYYY-MM-DD' });

/** An enum's error: missing, or not one of `values`. */
export const oneOf = (values: readonly string[]) => requiredOr(`must be one of: ${values.join(', ')}`);

export const productCategoryField = z
  .enum(productCategories, { error: oneOf(productCategories) })
  .meta({ description: 'What is sold, by category (instead of a product_id or tax_code); decides the rules that apply' });
export const deliveryMethodField = z
  .enum(deliveryMethods, { error: oneOf(deliveryMethods) })
  .meta({ description: 'How it reaches the buyer (CLOUD, DOWNLOAD, SHIPPED, PICKUP ...); must fit the category' });
export const customerTypeField = z
  .enum(customerTypes, { error: oneOf(customerTypes) })
  .meta({ description: 'Who buys: B2C, B2B, GOVERNMENT, NONPROFIT or RESELLER; B2B needs a valid tax ID to be treated as a business' });
export const taxBehaviorField = z
  .enum(taxBehaviors, { error: oneOf(taxBehaviors) })
  .meta({ description: '`exclusive`: amounts are net and tax is added; `inclusive`: amounts include tax, which is carved out' });
/** Which government a GOVERNMENT customer is: federal, state or local (US sales tax; docs/tax-rules.md). */
export const governmentLevelField = z
  .enum(governmentLevels, { error: oneOf(governmentLevels) })
  .meta({ description: 'For a GOVERNMENT customer: federal, state or local (decides US exemptions)' });

/** Adds a 400 on `path` when a government level comes with a customer type other than GOVERNMENT. */
export function checkGovernmentLevel(customerType: CustomerType, level: GovernmentLevel | undefined, ctx: z.RefinementCtx, path: (string | number)[]): void {
  const misfit = governmentLevelMisfit(customerType, level, `the customer is ${customerType}`);
  if (misfit) ctx.addIssue({ code: 'custom', path, message: misfit });
}

/** Adds a 400 on delivery_method when it does not fit the category; shared by rate requests, sale and cart lines. */
export function checkCategoryDelivery(line: { product_category: ProductCategory; delivery_method: DeliveryMethod }, ctx: z.RefinementCtx): void {
  const misfit = deliveryMisfit(line.product_category, line.delivery_method, `product_category ${line.product_category}`);
  if (misfit) ctx.addIssue({ code: 'custom', path: ['delivery_method'], message: misfit });
}

/**
 * Where the customer is. Each field is checked for shape here; whether they fit together (state vs ZIP, private IP,
 * unknown country code, postal format per country) is checked by resolveLocation, which knows the reference data.
 */
export const locationField = z
  .strictObject(
    {
      country: z
        .string({ error: expected('a string') })
        .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code such as "US" or "DE"' })
        .optional()
        .meta({ description: 'The buyer\'s country, ISO 3166-1 alpha-2 ("DE", "US")' }),
      state: z
        .string({ error: expected('a string') })
        .regex(/^[A-Za-z0-9]{1,3}$/, { error: 'must be a region code such as "CA" or "ON"' })
        .optional()
        .meta({ description: 'US state or Canadian province code ("CA", "ON"); with the ZIP, places a US sale' }),
      postal_code: z
        .string({ error: expected('a string') })
        .trim()
        .min(1, { error: 'must not be empty' })
        .max(12, { error: 'must be at most 12 characters' })
        .optional()
        .meta({ description: 'Postal or ZIP code; in the US it selects the local (county, city, district) rates' }),
      ip_address: z
        .union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' })
        .optional()
        .meta({ description: "The buyer's IP address, placing the country when none is sent (evidence for digital sales)" }),
    },
    { error: expected('an object') },
  )
  .refine((location) => location.country !== undefined || location.ip_address !== undefined, {
    error: 'needs a country or an ip_address',
  })
  .meta({ description: 'Where the buyer is (the place of supply): a country, with state and postal code in the US, or an IP address' });

export type LocationInput = z.infer<typeof locationField>;
