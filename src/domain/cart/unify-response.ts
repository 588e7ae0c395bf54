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

  const cartLineResultSchema = z.object({
    id: z.string(),
    amount: minorUnitsField.meta({ description: 'The line total as sent (gross for a tax-inclusive line)' }),
    tax_inclusive: z.boolean(),
    net_amount: minorUnitsField,
    taxable_amount: minorUnitsField.meta({ description: 'The part of the net amount tax was charged on' }),
    exempt_amount: minorUnitsField.meta({
      description:
        'The rest of the net amount: the share no tax was charged on (exempt, not taxable, zero-rated or reverse charged; taxability_reason says why)',
    }),
    tax_amount: minorUnitsField,
    breakdown: z.object(Object.fromEntries(taxLevels.map((level) => [level, levelBreakdownSchema])) as Record<TaxLevel, typeof levelBreakdownSchema>),
  });

  const unifyLineResultSchema = cartLineResultSchema.extend(lineTaxabilityShape);

  const unifyResultSchema = z
    .object({
      currency: z.string().meta({ example: 'USD' }),
      date: z.string().meta({ description: 'The date whose rates were applied (YYYY-MM-DD)' }),
      customer: customerTreatmentSchema,
      jurisdiction: jurisdictionSchema,
      reverse_charge_applicable: z.boolean(),
      exempt: z.boolean(),
      customer_id: z.string().optional().meta({ description: 'The stored customer the sale named' }),
      line_items: z.array(unifyLineResultSchema),
      subtotal: minorUnitsField,
      tax_total: minorUnitsField,
      total: minorUnitsField,
      transaction: z
        .object({ id: z.string(), created: z.boolean().meta({ description: 'false: the same sale was already recorded (a safe retry)' }) })
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
