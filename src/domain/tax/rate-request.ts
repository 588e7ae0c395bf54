/** Domain (pure): the request of POST /v1/tax/rate; its fields are shared with sales, carts and their lines (src/domain/fields.ts). */
import * as z from 'zod';
import {
  checkCategoryDelivery,
  checkGovernmentLevel,
  customerTaxIdField,
  customerTypeField,
  dateField,
  deliveryMethodField,
  entityIdField,
  governmentLevelField,
  locationField,
  productCategoryField,
} from '../fields';

export const taxRateRequestSchema = z
  .strictObject({
    product_category: productCategoryField,
    delivery_method: deliveryMethodField,
    customer_type: customerTypeField,
    /** As unify's customer.tax_id: a B2B customer is taxed as B2B only when it validates (customer-treatment.ts). */
    customer_tax_id: customerTaxIdField.optional(),
    location: locationField,
    entity_id: entityIdField.optional(),
    date: dateField.optional(),
    government_level: governmentLevelField.optional(),
  })
  .superRefine(checkCategoryDelivery)
  .superRefine((request, ctx) => checkGovernmentLevel(request.customer_type, request.government_level, ctx, ['government_level']));
