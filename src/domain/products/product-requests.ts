/** Domain (pure): the requests that create and update a product, strict: unknown fields are 400. */
import * as z from 'zod';
import { nameField, requireSomeField } from '../fields/records';
import { booleanField, dateField } from '../fields/sale';
import { OWN_ID_MESSAGE, PRODUCT_ID_PATTERN } from '../ids';
import { taxCode } from '../tax/tax-codes';
import { expected, requiredOr } from '../validation';

const productIdField = z
  .string({ error: expected('a string') })
  .regex(PRODUCT_ID_PATTERN, { error: OWN_ID_MESSAGE })
  .meta({ description: 'Your own id for the product (1-64 of A-Z a-z 0-9 _ . -); absent: Levy makes one (`prod_...`)' });

/** A Levy tax code; an unknown one is a 400 naming it (GET /v1/tax_codes lists them). */
const taxCodeField = z
  .string({ error: requiredOr('must be a Levy tax code such as "levy_saas" (GET /v1/tax_codes lists them)') })
  .refine((id) => taxCode(id) !== undefined, { error: (issue) => `is '${String(issue.input)}', which is not a Levy tax code; GET /v1/tax_codes lists them` })
  .meta({ description: 'The Levy tax code that decides how the product is taxed (GET /v1/tax_codes)' });

const skuField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty (send null to clear it)' })
  .max(100, { error: 'must be at most 100 characters' });
const descriptionField = z
  .string({ error: expected('a string') })
  .trim()
  .max(2000, { error: 'must be at most 2000 characters' });

export const createProductSchema = z.strictObject({
  id: productIdField.optional(),
  name: nameField,
  tax_code: taxCodeField,
  sku: skuField.nullish().meta({ description: 'Your stock-keeping unit (up to 100 characters)' }),
  description: descriptionField.nullish().meta({ description: 'What the product is, in words (up to 2000 characters)' }),
  active: booleanField.optional().meta({ description: 'false archives it (default true)' }),
});

const updatableProductFields = ['name', 'tax_code', 'sku', 'description', 'active'] as const;

export const updateProductSchema = z
  .strictObject({
    name: nameField.optional(),
    tax_code: taxCodeField.optional(),
    /** The first day the new code applies (default: today, UTC); not before the last change, not after today. */
    tax_code_effective_from: dateField.optional(),
    sku: skuField.nullable().optional().meta({ description: 'Your stock-keeping unit; null clears it' }),
    description: descriptionField.nullable().optional().meta({ description: 'What the product is, in words; null clears it' }),
    active: booleanField.optional().meta({ description: 'false archives it, true restores it' }),
  })
  .refine(requireSomeField(updatableProductFields), { error: `Send at least one of ${updatableProductFields.join(', ')}.` });

export type CreateProductRequest = z.output<typeof createProductSchema>;
export type UpdateProductRequest = z.output<typeof updateProductSchema>;
