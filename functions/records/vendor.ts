/**
 * Domain (pure): the vendor record (spec 2.1) and the schemas of its create and update requests.
 */
import { z } from 'zod';
import type { StoredRecord } from '../store/account-record-store';
import { countryField, expected, emailField, nameField, requireSomeField, taxIdField } from './fields';

export interface Vendor extends StoredRecord {
  name: string;
  country: string;
  tax_id: string | null;
  exempt: boolean;
  email: string | null;
}

export const createVendorSchema = z.strictObject({
  name: nameField,
  country: countryField,
  tax_id: taxIdField.nullish(),
  exempt: z.boolean({ error: expected('true or false') }).default(false),
  email: emailField.nullish(),
});

const updatableVendorFields = ['name', 'country', 'tax_id', 'exempt', 'email'] as const;

export const updateVendorSchema = z
  .strictObject({
    name: nameField.optional(),
    country: countryField.optional(),
    tax_id: taxIdField.nullable().optional(),
    exempt: z.boolean({ error: expected('true or false') }).optional(),
    email: emailField.nullable().optional(),
  })
  .refine(requireSomeField(updatableVendorFields), {
    error: `Send at least one of ${updatableVendorFields.join(', ')}.`,
  });

export type CreateVendorRequest = z.output<typeof createVendorSchema>;
export type UpdateVendorRequest = z.output<typeof updateVendorSchema>;
