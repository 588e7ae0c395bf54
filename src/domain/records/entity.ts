/**
 * Domain (pure): the entity record (spec 2.2) and its response schema. One entity per account is primary (created
 * with the account) and cannot be changed through the API. Its request schemas are in entity-requests.ts.
 */
import * as z from 'zod';
import { newId } from '../ids';
import { partyEInvoiceShape } from '../einvoice/fields';
import { logoSchema } from '../documents/logo-image';
import { timestampField } from './record';

/** The seller's postal address: printed on its invoices (Directive 2006/112/EC Art. 226(5)). */
export const entityAddressSchema = z
  .object({
    line1: z.string().meta({ description: 'Street and number' }),
    line2: z.string().optional().meta({ description: 'Second address line (building, floor, c/o)' }),
    city: z.string().meta({ description: 'City or town' }),
    postal_code: z.string().meta({ description: 'Postal code as the country writes it' }),
    state: z.string().optional().meta({ description: 'State, province or county as printed on invoices' }),
  })
  .meta({ id: 'EntityAddress', description: "The entity's postal address, printed on its invoices; the country is the entity's `country`" });

export type EntityAddress = z.output<typeof entityAddressSchema>;

/** An entity as every entity route answers it (the OpenAPI document's `Entity`). */
export const entitySchema = z
  .object({
    id: z.string().meta({ description: 'The entity id (`ent_...`)', example: 'ent_0mhx2k3c0f1e2d3c4b5a69788' }),
    name: z.string().meta({ description: 'Legal name of the selling entity' }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper case' }),
    tax_id: z.string().nullable().meta({ description: 'Tax number (VAT, GST, EIN ...) as registered; null: none' }),
    state: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'US state or Canadian province where the entity is established (PICKUP sales are taxed there)' }),
    address: entityAddressSchema.nullable().optional().meta({ description: 'Postal address printed on its invoices; null: none' }),
    electronic_address: partyEInvoiceShape.electronic_address
      .unwrap()
      .nullable()
      .optional()
      .meta({ description: 'EN 16931 BT-34: where it receives e-invoices' }),
    contact: partyEInvoiceShape.contact
      .unwrap()
      .nullable()
      .optional()
      .meta({ description: 'EN 16931 BG-6 seller contact (BT-41 name, BT-42 phone, BT-43 e-mail)' }),
    legal_registration_id: z.string().nullable().optional().meta({ description: 'EN 16931 BT-30 (e.g. a Handelsregister number)' }),
    logo: logoSchema
      .nullable()
      .optional()
      .meta({ description: 'Printed on its invoices and credit notes (PUT /entities/{id}/logo; the primary entity with `levy accounts update --logo`)' }),
    is_primary: z.boolean().meta({ description: 'The seller of record, created with the account; it cannot be changed through the API' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'Entity',
    example: {
      id: 'ent_0mhx2k3c0f1e2d3c4b5a69788',
      name: 'Levy Example Ltd',
      country: 'GB',
      tax_id: 'GB980780684',
      is_primary: false,
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
    },
  });

export type Entity = z.output<typeof entitySchema>;

/** What an invoice takes from its seller entity beyond name, country and tax id; the primary entity's is set by an operator. */
export type SellerDetails = Pick<Entity, 'address' | 'electronic_address' | 'contact' | 'legal_registration_id' | 'logo'>;

/** A new entity record: the primary one is made with its account, subsidiaries through the API. */
export function newEntity(
  fields: { name: string; country: string; tax_id?: string | null; state?: string | undefined; address?: EntityAddress | null | undefined } & Partial<
    Pick<Entity, 'electronic_address' | 'contact' | 'legal_registration_id'>
  >,
  isPrimary: boolean,
  at: Date,
): Entity {
  const timestamp = at.toISOString();
  return {
    id: newId('ent', at.getTime()),
    name: fields.name,
    country: fields.country,
    tax_id: fields.tax_id ?? null,
    ...(fields.state !== undefined ? { state: fields.state } : {}),
    ...(fields.address != null ? { address: fields.address } : {}),
    ...(fields.electronic_address != null ? { electronic_address: fields.electronic_address } : {}),
    ...(fields.contact != null ? { contact: fields.contact } : {}),
    ...(fields.legal_registration_id != null ? { legal_registration_id: fields.legal_registration_id } : {}),
    is_primary: isPrimary,
    created_at: timestamp,
    updated_at: timestamp,
  };
}
