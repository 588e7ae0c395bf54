/**
 * Domain (pure): the entity record (spec 2.2). One entity per account is primary (created with the
 * account) and cannot be changed through the API; `id` and `is_primary` are read-only.
 */
import { z } from 'zod';
import { countryField, nameField, readOnlyField, requireSomeField, taxIdField } from '../fields';
import { newId } from '../ids';
import type { StoredRecord } from './record';

export interface Entity extends StoredRecord {
  name: string;
  country: string;
  tax_id: string | null;
  is_primary: boolean;
}

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

/** A new entity record: the primary one is made with its account, subsidiaries through the API. */
export function newEntity(fields: { name: string; country: string; tax_id?: string | null }, isPrimary: boolean, at: Date): Entity {
  const timestamp = at.toISOString();
  return {
    id: newId('ent', at.getTime()),
    name: fields.name,
    country: fields.country,
    tax_id: fields.tax_id ?? null,
    is_primary: isPrimary,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

export type CreateEntityRequest = z.output<typeof createEntitySchema>;
export type UpdateEntityRequest = z.output<typeof updateEntitySchema>;
