/**
 * Domain (pure): the answer of POST /v1/tax/unify as a schema (the OpenAPI document's `UnifyResult`); the use case's
 * return type is this schema's output, and the cart's line and treatment types are checked against it.
 */
import * as z from 'zod';
import { minorUnitsField } from '../fields/money';
import { taxLevels, type TaxLevel } from '../money/levels';
import type { Exactly, Expect } from '../schema-check';
import { once } from '../../shared/once';
import { rateResponseSchemas } from '../tax/rate-response';
import type { CartLineResult } from './cart';

/**
 * Builds the answer schemas. They describe answers (the OpenAPI document, the contract test): nothing parses an answer
 * at run time, so they are built when first read, not by a cold start (as rate-response.ts does).
 */
function buildUnifyResponseSchemas() {
  const { customerTreatmentSchema, jurisdictionSchema, lineTaxabilityShape, rateField } = rateResponseSchemas();

  const levelBreakdownSchema = z.object({ rate: rateField, amount: minorUnitsField });
  const levelNames: Record<TaxLevel, string> = {
    country: 'national tax (VAT/GST, or none in the US)',
    state: 'state or province tax',
    county: 'county tax',
    additional: 'city and district taxes',
    special: 'special-purpose district taxes',
  };
  const levelBreakdown = (level: TaxLevel) => levelBreakdownSchema.meta({ description: `The rate and tax amount (minor units) of the ${levelNames[level]}` });

  const cartLineResultSchema = z.object({
    id: z.string().meta({ description: "The line's id as sent" }),
    amount: minorUnitsField.meta({ description: 'The line total as sent (gross for a tax-inclusive line)' }),
    tax_inclusive: z.boolean().meta({ description: 'true when the amount as sent included the tax, which was carved out' }),
    net_amount: minorUnitsField,
    taxable_amount: minorUnitsField.meta({ description: 'The part of the net amount tax was charged on' }),
    exempt_amount: minorUnitsField.meta({
      description:
        'The rest of the net amount: the share no tax was charged on (exempt, not taxable, zero-rated or reverse charged; taxability_reason says why)',
    }),
    tax_amount: minorUnitsField,
    breakdown: z
      .object(Object.fromEntries(taxLevels.map((level) => [level, levelBreakdown(level)])) as Record<TaxLevel, typeof levelBreakdownSchema>)
      .meta({ description: "The line's tax by level, from the widest to the narrowest" }),
  });

  const unifyLineResultSchema = cartLineResultSchema.extend(lineTaxabilityShape);

  const unifyResultSchema = z
    .object({
      currency: z.string().meta({ description: 'ISO 4217 currency code of every amount', example: 'USD' }),
      date: z.string().meta({ description: 'The date whose rates were applied (YYYY-MM-DD)' }),
      customer: customerTreatmentSchema,
      jurisdiction: jurisdictionSchema,
      reverse_charge_applicable: z.boolean().meta({ description: 'true when the buyer accounts for the tax (B2B reverse charge), so none is charged' }),
      exempt: z
        .boolean()
        .meta({ description: 'true when no line bears tax because the customer is exempt (its exempt flag, its type or a 100 % certificate)' }),
      customer_id: z.string().optional().meta({ description: 'The stored customer the sale named' }),
      line_items: z.array(unifyLineResultSchema).meta({ description: 'The lines with their tax, in the order sent' }),
      subtotal: minorUnitsField,
      tax_total: minorUnitsField,
      total: minorUnitsField,
      transaction: z
        .object({
          id: z.string().meta({ description: 'The transaction id (your order reference)' }),
          created: z.boolean().meta({ description: 'false: the same sale was already recorded (a safe retry)' }),
        })
        .optional()
        .meta({ description: 'With `commit: true`: the recorded transaction' }),
    })
    .meta({ id: 'UnifyResult' });

  return { cartLineResultSchema, unifyLineResultSchema, unifyResultSchema };
}

/** The answer schemas, built on first use. */
const unifyResponseSchemas = once(buildUnifyResponseSchemas);
type Schemas = ReturnType<typeof buildUnifyResponseSchemas>;

/** One line of the answer (a checkout's lines too), built when first read. */
export const unifyLineResultSchema = z.lazy((): Schemas['unifyLineResultSchema'] => unifyResponseSchemas().unifyLineResultSchema);

/** POST /v1/tax/unify's answer (`UnifyResult`), built when first read. */
export const unifyResultSchema = z.lazy((): Schemas['unifyResultSchema'] => unifyResponseSchemas().unifyResultSchema);

export type UnifyResult = z.output<typeof unifyResultSchema>;
export type CartLineResultMatches = Expect<Exactly<z.output<Schemas['cartLineResultSchema']>, CartLineResult>>;
