// Domain (pure): the request vocabulary of POST /v1/tax/rate (zod schemas reused by transactions and unify lines).
import { z } from 'zod';
import { entityIdField } from '../records/fields';
import { requiredOr } from '../validation';

export const productCategories = ['SAAS', 'DIGITAL_GOODS', 'EBOOKS', 'PHYSICAL_GOODS', 'PROFESSIONAL_SERVICES'] as const;
export const deliveryMethods = ['CLOUD', 'DOWNLOAD', 'SHIPPED', 'PICKUP', 'IN_PERSON'] as const;
export const customerTypes = ['B2B', 'B2C', 'GOVERNMENT', 'NONPROFIT', 'RESELLER'] as const;

export type ProductCategory = (typeof productCategories)[number];
export type DeliveryMethod = (typeof deliveryMethods)[number];
export type CustomerType = (typeof customerTypes)[number];

/** Which deliveries make sense for each category; anything else is a 400 (software is not shipped, goods not streamed). */
export const allowedDeliveryMethods: Readonly<Record<ProductCategory, readonly DeliveryMethod[]>> = {
  SAAS: ['CLOUD'],
  DIGITAL_GOODS: ['DOWNLOAD', 'CLOUD'],
  EBOOKS: ['DOWNLOAD', 'CLOUD'],
  PHYSICAL_GOODS: ['SHIPPED', 'PICKUP'],
  PROFESSIONAL_SERVICES: ['CLOUD', 'DOWNLOAD', 'IN_PERSON'],
};

/** This vocabulary's messages name their field: "<field> is required." when absent, otherwise `message`. */
const fieldRequiredOr = (field: string, message: string) => requiredOr(message, `${field} is required.`);

const oneOf = (field: string, values: readonly string[]) => fieldRequiredOr(field, `${field} must be one of: ${values.join(', ')}.`);

export const productCategorySchema = z.enum(productCategories, { error: oneOf('product_category', productCategories) });
export const deliveryMethodSchema = z.enum(deliveryMethods, { error: oneOf('delivery_method', deliveryMethods) });
export const customerTypeSchema = z.enum(customerTypes, { error: oneOf('customer_type', customerTypes) });

/** A calendar date YYYY-MM-DD that exists (no 2025-02-30). */
export const isoDateSchema = z.iso.date({ error: fieldRequiredOr('date', 'date must be a calendar date in the form YYYY-MM-DD.') });

/**
 * Where the customer is. Each field is checked for shape here; whether they fit together (state vs ZIP, private IP,
 * unknown country code, postal format per country) is checked by resolveLocation, which knows the reference data.
 */
export const locationSchema = z
  .strictObject(
    {
      country: z
        .string({ error: () => 'location.country must be a string.' })
        .regex(/^[A-Za-z]{2}$/, { error: () => 'location.country must be an ISO 3166-1 alpha-2 code such as "US" or "DE".' })
        .optional(),
      state: z
        .string({ error: () => 'location.state must be a string.' })
        .regex(/^[A-Za-z0-9]{1,3}$/, { error: () => 'location.state must be a region code such as "CA" or "ON".' })
        .optional(),
      postal_code: z
        .string({ error: () => 'location.postal_code must be a string.' })
        .trim()
        .min(1, { error: () => 'location.postal_code must not be empty.' })
        .max(12, { error: () => 'location.postal_code must be at most 12 characters.' })
        .optional(),
      ip_address: z
        .union([z.ipv4(), z.ipv6()], { error: () => 'location.ip_address must be an IPv4 or IPv6 address.' })
        .optional(),
    },
    // Unknown fields are named by the shared validation message (functions/validation.ts).
    { error: fieldRequiredOr('location', 'location must be an object.') },
  )
  .refine((location) => location.country !== undefined || location.ip_address !== undefined, {
    error: 'location needs a country or an ip_address.',
  });

export type LocationInput = z.infer<typeof locationSchema>;

/** Adds a 400 on delivery_method when it does not fit the category; reused by transaction and cart lines. */
export function checkCategoryDelivery(
  line: { product_category: ProductCategory; delivery_method: DeliveryMethod },
  ctx: z.RefinementCtx,
): void {
  const allowed = allowedDeliveryMethods[line.product_category];
  if (!allowed.includes(line.delivery_method)) {
    ctx.addIssue({
      code: 'custom',
      path: ['delivery_method'],
      message: `delivery_method ${line.delivery_method} does not fit product_category ${line.product_category}; allowed: ${allowed.join(', ')}.`,
    });
  }
}

export const taxRateRequestSchema = z
  .strictObject(
    {
      product_category: productCategorySchema,
      delivery_method: deliveryMethodSchema,
      customer_type: customerTypeSchema,
      location: locationSchema,
      entity_id: entityIdField.optional(),
      date: isoDateSchema.optional(),
    },
    { error: 'The body must be a JSON object.' },
  )
  .superRefine(checkCategoryDelivery);

export type TaxRateRequest = z.infer<typeof taxRateRequestSchema>;
