/** Domain (pure): the vendor record (spec 2.1); its request schemas are in vendor-requests.ts. */
import { newId } from '../ids';
import type { StoredRecord } from './record';
import type { CreateVendorRequest } from './vendor-requests';

export interface Vendor extends StoredRecord {
  name: string;
  country: string;
  tax_id: string | null;
  exempt: boolean;
  email: string | null;
}

/** A new vendor record from a create request. */
export function newVendor(fields: CreateVendorRequest, at: Date): Vendor {
  const timestamp = at.toISOString();
  return { id: newId('vnd', at.getTime()), ...fields, tax_id: fields.tax_id ?? null, email: fields.email ?? null, created_at: timestamp, updated_at: timestamp };
}
