/** Domain (pure): the request of POST /v1/tax/rate; its fields are shared with sales, carts and their lines (src/domain/fields/sale.ts). */
import * as z from 'zod';
import { checkLineSubject, checkSaleParties, customerIdRefField, productIdRefField, taxCodeRefField } from '../sales/line-subject';
import {
  booleanField,
  checkGovernmentLevel,
  customerTaxIdField,
  customerTypeField,
  dateField,
  deliveryMethodField,
  entityIdField,
  governmentLevelField,
  locationField,
  productCategoryField,
} from '../fields/sale';

export const taxRateRequestSchema = z
  .strictObject({
    product_category: productCategoryField.optional(),
    delivery_method: deliveryMethodField.optional(),
    /** Instead of product_category: a stored product (its code on the date) or a catalogue code. */
    product_id: productIdRefField.optional(),
    tax_code: taxCodeRefField.optional(),
    /** A stored customer: its type, address, tax IDs and certificates apply unless the fields below say otherwise. */
    customer_id: customerIdRefField.optional(),
    customer_type: customerTypeField.optional(),
    /** As unify's customer.tax_id: a B2B customer is taxed as B2B only when it validates (customer-treatment.ts). */
    customer_tax_id: customerTaxIdField.optional(),
    location: locationField.optional(),
    entity_id: entityIdField.optional(),
    date: dateField.optional(),
    government_level: governmentLevelField.optional(),
    /** Adds `collecting` (and the registration used) to the answer (docs/nexus.md). */
    apply_registrations: booleanField.optional(),
  })
  .superRefine(checkLineSubject)
  .superRefine((request, ctx) => checkSaleParties(request, ctx, ['customer_type']))
  .superRefine((request, ctx) => {
    if (request.customer_type !== undefined) checkGovernmentLevel(request.customer_type, request.government_level, ctx, ['government_level']);
  });
