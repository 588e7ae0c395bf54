/**
 * Domain (pure): the vendor record (spec 2.1) and the schemas of its create and update requests.
 */
import { z } from 'zod';
import { booleanField, countryField, emailField, nameField, requireSomeField, taxIdField } from '../fields';
import { newId } from '../ids';
import type { StoredRecord } from './record';

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
  exempt: booleanField.default(false),
  email: emailField.nullish(),
});

const updatableVendorFields = ['name', 'country', 'tax_id', 'exempt', 'email'] as const;

export const updateVendorSchema = z
  .strictObject({
    name: nameField.optional(),
    country: countryField.optional(),
    tax_id: taxIdField.nullable().optional(),
    exempt: booleanField.optional(),
    email: emailField.nullable().optional(),
  })
  .refine(requireSomeField(updatableVendorFields), {
    error: `Send at least one of ${updatableVendorFields.join(', ')}.`,
  });

export type CreateVendorRequest = z.output<typeof createVendorSchema>;

/** A new vendor record from a create request. */
export function newVendor(fields: CreateVendorRequest, at: Date): Vendor {
  const timestamp = at.toISOString();
  return { id: newId('vnd', at.getTime()), ...fields, tax_id: fields.tax_id ?? null, email: fields.email ?? null, created_at: timestamp, updated_at: timestamp };
}
export type UpdateVendorRequest = z.output<typeof updateVendorSchema>;
