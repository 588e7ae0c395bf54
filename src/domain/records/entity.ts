/**
 * Domain (pure): the entity record (spec 2.2). One entity per account is primary (created with the account) and
 * cannot be changed through the API. Its request schemas are in entity-requests.ts.
 */
import { newId } from '../ids';
import type { StoredRecord } from './record';

export interface Entity extends StoredRecord {
  name: string;
  country: string;
  tax_id: string | null;
  is_primary: boolean;
}

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
