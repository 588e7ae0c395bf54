/** Domain (pure): the requests that create and update a vendor (spec 2.1, 4.2), strict: unknown fields are 400. */
import * as z from 'zod';
import { clearableEmailField, clearableTaxIdField, countryField, nameField, requireSomeField } from '../fields/records';
import { booleanField } from '../fields/sale';

export const createVendorSchema = z.strictObject({
  name: nameField,
  country: countryField,
  tax_id: clearableTaxIdField,
  exempt: booleanField.default(false).meta({ description: 'true when the vendor is exempt from tax (default false)' }),
  email: clearableEmailField,
});

const updatableVendorFields = ['name', 'country', 'tax_id', 'exempt', 'email'] as const;

export const updateVendorSchema = z
  .strictObject({
    name: nameField.optional(),
    country: countryField.optional(),
    tax_id: clearableTaxIdField,
    exempt: booleanField.optional().meta({ description: 'true when the vendor is exempt from tax' }),
    email: clearableEmailField,
  })
  .refine(requireSomeField(updatableVendorFields), {
    error: `Send at least one of ${updatableVendorFields.join(', ')}.`,
  });

export type CreateVendorRequest = z.output<typeof createVendorSchema>;
export type UpdateVendorRequest = z.output<typeof updateVendorSchema>;
