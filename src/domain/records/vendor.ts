/** Domain (pure): the vendor record (spec 2.1) and its response schema; its request schemas are in vendor-requests.ts. */
import * as z from 'zod';
import { newId } from '../ids';
import { timestampField } from './record';
import type { CreateVendorRequest } from './vendor-requests';

/** A vendor as every vendor route answers it (the OpenAPI document's `Vendor`). */
export const vendorSchema = z
  .object({
    id: z.string().meta({ description: 'The vendor id (`vnd_...`)', example: 'vnd_0mhx2k3c0a1b2c3d4e5f60718' }),
    name: z.string().meta({ description: 'Legal or display name' }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper case' }),
    tax_id: z.string().nullable().meta({ description: 'Tax number (VAT, GST, EIN ...) as registered; null: none' }),
    exempt: z.boolean().meta({ description: 'true when the vendor is exempt from tax' }),
    email: z.string().nullable().meta({ description: 'E-mail address; null: none' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'Vendor',
    example: {
      id: 'vnd_0mhx2k3c0a1b2c3d4e5f60718',
      name: 'Acme Cloud GmbH',
      country: 'DE',
      tax_id: 'DE136695976',
      exempt: false,
      email: 'billing@acme.example',
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
    },
  });

export type Vendor = z.output<typeof vendorSchema>;

/** A new vendor record from a create request. */
export function newVendor(fields: CreateVendorRequest, at: Date): Vendor {
  const timestamp = at.toISOString();
  return {
    id: newId('vnd', at.getTime()),
    ...fields,
    tax_id: fields.tax_id ?? null,
    email: fields.email ?? null,
    created_at: timestamp,
    updated_at: timestamp,
  };
}
