/**
 * Domain (pure): the entity record (spec 2.2). One entity per account is primary (created with the
 * account) and cannot be changed through the API; `id` and `is_primary` are read-only.
 */
import { z } from 'zod';
import type { StoredRecord } from '../store/account-record-store';
import { newId } from '../store/ids';
import { countryField, nameField, requireSomeField, taxIdField } from './fields';

export interface Entity extends StoredRecord {
  name: string;
  country: string;
  tax_id: string | null;
  is_primary: boolean;
}

const readOnly = () => z.any().refine(() => false, { error: 'is read-only and cannot be sent' }).optional();

export const createEntitySchema = z.strictObject({
  name: nameField,
  country: countryField,
  tax_id: taxIdField.nullish(),
  id: readOnly(),
  is_primary: readOnly(),
});

const updatableEntityFields = ['name', 'country', 'tax_id'] as const;

export const updateEntitySchema = z
  .strictObject({
    name: nameField.optional(),
    country: countryField.optional(),
    tax_id: taxIdField.nullable().optional(),
    id: readOnly(),
    is_primary: readOnly(),
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
