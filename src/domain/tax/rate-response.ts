/**
 * Domain (pure): the answer of POST /v1/tax/rate as a schema (the OpenAPI document's `TaxRateResult`), checked at
 * compile time against the engine's TaxRateResult. The level fields follow `taxLevels`, so a new level shows up here.
 */
import * as z from 'zod';
import type { LocationSource } from '../geography/location';
import { taxLevels, type TaxLevel } from '../money/levels';
import { once } from '../../shared/once';
import type { Exactly, Expect } from '../schema-check';
import { exemptionReasons } from '../sales/exemption-reasons';
import { customerTypeField } from '../fields/sale';
import { taxIdValidationSchema } from '../tax-ids/validation-schema';
import type { CustomerTreatment } from './customer-treatment';
import { taxabilityReasons } from './taxability';
import type { Jurisdiction, TaxRateResult } from './rate-types';

const locationSources = ['postal_code', 'ip_address', 'state', 'country'] as const satisfies readonly LocationSource[];

/** A rate as a decimal fraction with 6 places (0.19 is 19 %). */
const rateFieldOf = () => z.number().min(0).max(1).meta({ description: 'Decimal fraction, 6 places (0.19 = 19 %)', example: 0.19 });
type RateField = ReturnType<typeof rateFieldOf>;

/** Where the tax is due (`Jurisdiction`). */
function jurisdictionSchemaOf() {
  return z
    .object({
      country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code', example: 'US' }),
      country_name: z.string().meta({ description: 'English name', example: 'United States of America' }),
      state: z.string().optional().meta({ description: 'ISO 3166-2 suffix', example: 'CA' }),
      state_name: z.string().optional().meta({ description: 'English name', example: 'California' }),
      county: z.string().optional().meta({ description: 'County name', example: 'San Francisco' }),
      city: z.string().optional().meta({ description: 'City name' }),
    })
    .meta({ id: 'Jurisdiction', description: 'Where the tax is due' });
}

/** Who the customer was taxed as, and why (POST /v1/tax/rate and unify answer it alike). */
function customerTreatmentSchemaOf() {
  return z
    .object({
      declared_type: customerTypeField,
      applied_type: customerTypeField.meta({ description: 'B2B only with a tax ID that proves business status; else B2C' }),
      exempt: z.boolean().meta({
        description:
          "The same as the answer's exempt (no line bears tax, being exempt); reason customer_exempt when the customer made it so (the request's exempt flag, its type, or a 100 % certificate)",
      }),
      tax_id: taxIdValidationSchema.nullable().meta({ description: 'The tax ID check; null: none sent' }),
      reason: z.enum(['tax_id_missing', 'tax_id_invalid', 'customer_exempt', 'exemption_certificate_missing']).optional().meta({
        description:
          'Why the customer is taxed as it is: exemption_certificate_missing: a stored customer whose type is exempt only with a certificate has none for the place (message names it)',
      }),
      message: z.string().optional().meta({ description: 'The reason in words' }),
    })
    .meta({ id: 'CustomerTreatment', description: 'Who the customer was taxed as, and why' });
}

/** The rate breakdown (`TaxRateResult`): a rate per level, the total, the jurisdiction and how the location was read. */
function taxRateResultSchemaOf(rateField: RateField, jurisdictionSchema: ReturnType<typeof jurisdictionSchemaOf>) {
  const levelRateShape = Object.fromEntries(taxLevels.map((level) => [`${level}_rate`, rateField])) as { [L in TaxLevel as `${L}_rate`]: RateField };
  return z
    .object({
      taxable: z.boolean().meta({ description: 'true when tax applies to the sale' }),
      ...levelRateShape,
      total_rate: rateField,
      reverse_charge_applicable: z.boolean().meta({ description: 'true: the buyer accounts for the tax (B2B reverse charge)' }),
      exempt: z.boolean().meta({ description: 'true: no tax, the customer is exempt' }),
      jurisdiction: jurisdictionSchema,
      location_source: z.enum(locationSources).meta({ description: 'The most precise location field the answer was resolved from' }),
      notes: z
        .array(z.string())
        .optional()
        .meta({ description: 'Machine-readable remarks (e.g. `us_local_rate_unavailable`), only when there is something to say' }),
    })
    .meta({
      id: 'TaxRateResult',
      example: {
        taxable: true,
        ...Object.fromEntries(taxLevels.map((level) => [`${level}_rate`, level === 'country' ? 0.19 : 0])),
        total_rate: 0.19,
        reverse_charge_applicable: false,
        exempt: false,
        jurisdiction: { country: 'DE', country_name: 'Germany' },
        location_source: 'country',
      },
    });
}

/**
 * The certificate a line used, the same fields in every answer that names one (rate, unify, transactions, invoices):
 * its id and exempt share, and its details as they were on the sale's date.
 */
export function lineCertificateShapeOf() {
  return {
    exemption_id: z.string().optional().meta({ description: "The customer's exemption certificate that applied (details in `exemption`)" }),
    exempt_percentage: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "The certificate's exempt share: only the rest of the amount is taxed" }),
    exemption: z
      .object({
        id: z.string().meta({ description: 'The certificate (the same as exemption_id)' }),
        reason: z.enum(exemptionReasons).meta({ description: 'Why the certificate exempts' }),
        certificate_number: z.string().meta({ description: "The certificate's own number, as issued" }),
        exempt_percentage: z.number().int().meta({ description: 'The exempt share the certificate grants (the same as exempt_percentage)' }),
      })
      .optional()
      .meta({ description: 'The certificate that applied, as it was on the sale date' }),
  };
}

/** What every rated line says about why it is or is not taxed (rate answers it at the top level, transactions per line). */
function lineTaxabilityShapeOf() {
  return {
    product_id: z.string().optional().meta({ description: 'The product the line named' }),
    tax_code: z.string().meta({
      description: "The tax code the line was taxed under: the product's code on the sale's date, the tax_code sent, or the category's default code",
      example: 'levy_saas',
    }),
    stripe_tax_code: z.string().optional().meta({
      description:
        'The Stripe tax code the line named (txcd_...), when it named one: tax_code is the Levy code it maps to (GET /v1/tax_codes, crosswalk.stripe)',
      example: 'txcd_10103001',
    }),
    taxability_reason: z.enum(taxabilityReasons).meta({ description: 'Why the line is or is not taxed' }),
    ...lineCertificateShapeOf(),
    registration_id: z.string().optional().meta({ description: "The seller's registration that covers the line" }),
  };
}

/**
 * Builds the answer schemas. They describe answers (the OpenAPI document, the contract test): nothing parses an answer
 * at run time, so a function builds them only when it reads them, and the rate function never does (about a third of
 * the schemas its cold start built).
 */
function buildRateResponseSchemas() {
  const rateField = rateFieldOf();
  const jurisdictionSchema = jurisdictionSchemaOf();
  const customerTreatmentSchema = customerTreatmentSchemaOf();
  const taxRateResultSchema = taxRateResultSchemaOf(rateField, jurisdictionSchema);
  const lineTaxabilityShape = lineTaxabilityShapeOf();

  /**
   * POST /v1/tax/rate's answer: the breakdown, the customer treatment, and why the sale is or is not taxed
   * (quote-tax-rate.ts `TaxRateAnswer`).
   */
  const taxRateAnswerSchema = taxRateResultSchema
    .extend({
      customer: customerTreatmentSchema,
      customer_id: z.string().optional().meta({ description: 'The stored customer the request named' }),
      ...lineTaxabilityShape,
      collecting: z.boolean().optional().meta({ description: 'With apply_registrations: whether the seller charges this tax' }),
    })
    .meta({ id: 'TaxRateAnswer' });

  return { rateField, jurisdictionSchema, customerTreatmentSchema, taxRateResultSchema, lineTaxabilityShape, taxRateAnswerSchema, locationSources };
}

/** The answer schemas, built on first use. */
export const rateResponseSchemas = once(buildRateResponseSchemas);

/** POST /v1/tax/rate's answer (`TaxRateAnswer`), built when first read. */
export const taxRateAnswerSchema = z.lazy(() => rateResponseSchemas().taxRateAnswerSchema);

type Schemas = ReturnType<typeof buildRateResponseSchemas>;
export type JurisdictionMatches = Expect<Exactly<z.output<Schemas['jurisdictionSchema']>, Jurisdiction>>;
export type LocationSourcesMatch = Expect<Exactly<Schemas['locationSources'][number], LocationSource>>;
export type TaxRateResultMatches = Expect<Exactly<z.output<Schemas['taxRateResultSchema']>, TaxRateResult>>;
export type CustomerTreatmentMatches = Expect<Exactly<z.output<Schemas['customerTreatmentSchema']>, CustomerTreatment>>;
