/** Domain (pure): the request of POST /v1/tax/rate; its fields are shared with sale and cart lines (src/domain/fields.ts). */
import { z } from 'zod';
import {
  checkCategoryDelivery,
  customerTypeField,
  dateField,
  deliveryMethodField,
  entityIdField,
  locationField,
  productCategoryField,
} from '../fields';

export const taxRateRequestSchema = z
  .strictObject({
    product_category: productCategoryField,
    delivery_method: deliveryMethodField,
    customer_type: customerTypeField,
    location: locationField,
    entity_id: entityIdField.optional(),
    date: dateField.optional(),
  })
  .superRefine(checkCategoryDelivery);
