/** Domain (pure): the requests that create and update a subsidiary entity (spec 4.3, 4.4); `id` and `is_primary` are read-only. */
import * as z from 'zod';
import { countryField, nameField, readOnlyField, requireSomeField, taxIdField } from '../fields/records';

export const createEntitySchema = z.strictObject({
  name: nameField,
  country: countryField,
  tax_id: taxIdField.nullish(),
  id: readOnlyField(),
  is_primary: readOnlyField(),
});

const updatableEntityFields = ['name', 'country', 'tax_id'] as const;

export const updateEntitySchema = z
  .strictObject({
    name: nameField.optional(),
    country: countryField.optional(),
    tax_id: taxIdField.nullable().optional(),
    id: readOnlyField(),
    is_primary: readOnlyField(),
  })
  .refine(requireSomeField(updatableEntityFields), {
    error: `Send at least one of ${updatableEntityFields.join(', ')}.`,
  });

export type CreateEntityRequest = z.output<typeof createEntitySchema>;
export type UpdateEntityRequest = z.output<typeof updateEntitySchema>;
