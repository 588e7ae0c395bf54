/**
 * Domain (pure): the customer record, its request schemas and its tax IDs, checked offline on write with
 * the validator behind POST /v1/tax/id-validate. An invalid tax ID is kept and flagged, not refused: registries lag
 * (docs/customers.md).
 */
import * as z from 'zod';
import { countryField, emailField, nameField, requireSomeField } from '../fields/records';
import { customerTaxIdField, customerTypeField } from '../fields/sale';
import { knownSubdivisions, subdivisionCodes } from '../geography/countries';
import { normalisePostalCode } from '../geography/location';
import { CUSTOMER_ID_PATTERN, newId, OWN_ID_MESSAGE } from '../ids';
import { validateTaxIdWhere } from '../tax-ids/validator';
import { isSupportedTaxIdType } from '../tax-ids/type-index';
import { expected } from '../validation';
import { timestampField } from '../records/record';
import { electronicAddressField } from '../einvoice/fields';

/** At most this many tax IDs per customer (Stripe allows 25 per customer; a customer rarely has more than a few). */
export const MAX_CUSTOMER_TAX_IDS = 25;

const optionalText = (max: number) =>
  z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty (leave it out instead)' })
    .max(max, { error: `must be at most ${max} characters` })
    .optional();

/** Where the customer is: country required; state checked against Levy's US/CA tables; postal code by its country's format. */
export const customerAddressField = z
  .strictObject(
    {
      country: countryField,
      state: z
        .string({ error: expected('a string') })
        .trim()
        .regex(/^[A-Za-z0-9]{1,3}$/, { error: 'must be a region code such as "CA" or "ON"' })
        .transform((s) => s.toUpperCase())
        .optional()
        .meta({ description: 'Region code ("CA", "ON")' }),
      postal_code: optionalText(12).meta({ description: "Postal code in its country's format" }),
      city: optionalText(100).meta({ description: 'City or town' }),
      line1: optionalText(200).meta({ description: 'Street and number' }),
    },
    { error: expected('an object') },
  )
  .transform((address, ctx) => {
    if (address.state !== undefined) {
      const regions = knownSubdivisions(address.country);
      if (regions !== undefined && regions[address.state] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['state'],
          message: `is '${address.state}', which is not a region of ${address.country}; allowed: ${subdivisionCodes(address.country).join(', ')}`,
        });
      }
    }
    if (address.postal_code !== undefined) {
      try {
        address.postal_code = normalisePostalCode(address.country, address.postal_code);
      } catch (error) {
        // normalisePostalCode names the rate request's field; the message after the name is what applies here.
        ctx.addIssue({ code: 'custom', path: ['postal_code'], message: (error as Error).message.replace(/^'[^']+' /, '').replace(/\.$/, '') });
      }
    }
    return address;
  })
  .meta({ description: "The customer's address: the place its sales are taxed" });

export type CustomerAddress = z.output<typeof customerAddressField>;

const taxIdInputField = z.strictObject(
  {
    type: z
      .string({ error: expected('a string') })
      .trim()
      .toLowerCase()
      .refine(isSupportedTaxIdType, { error: 'must be a supported tax ID type such as "eu_vat", "gb_vat" or "us_ein" (see docs/tax-ids.md)' })
      .optional()
      .meta({ description: 'Tax ID type ("eu_vat", "us_ein"); absent: found from the value' }),
    value: customerTaxIdField,
  },
  { error: expected('an object {type?, value}') },
);

export type TaxIdInput = z.output<typeof taxIdInputField>;

const taxIdsField = z
  .array(taxIdInputField, { error: expected('an array of {type?, value}') })
  .max(MAX_CUSTOMER_TAX_IDS, { error: `must hold at most ${MAX_CUSTOMER_TAX_IDS} tax IDs` })
  .meta({ description: `The customer's tax IDs (up to ${MAX_CUSTOMER_TAX_IDS}), each checked offline` });

const customerIdField = z
  .string({ error: expected('a string') })
  .regex(CUSTOMER_ID_PATTERN, { error: OWN_ID_MESSAGE })
  .meta({ description: 'Your own id for the customer; absent: Levy makes one (`cus_...`)' });

export const createCustomerSchema = z.strictObject({
  id: customerIdField.optional(),
  name: nameField,
  email: emailField.nullish().meta({ description: 'E-mail address; null: none' }),
  customer_type: customerTypeField.default('B2C'),
  address: customerAddressField,
  tax_ids: taxIdsField.default([]),
  electronic_address: electronicAddressField.optional(),
});

const updatableCustomerFields = ['name', 'email', 'customer_type', 'address', 'tax_ids', 'electronic_address'] as const;

/** A PATCH replaces `address` and `tax_ids` whole (as Stripe's customer update does); null clears `email`. */
export const updateCustomerSchema = z
  .strictObject({
    name: nameField.optional(),
    email: emailField.nullable().optional().meta({ description: 'E-mail address; null clears it' }),
    customer_type: customerTypeField.optional(),
    address: customerAddressField.optional(),
    tax_ids: taxIdsField.optional(),
    /** Replaced whole; null removes it. */
    electronic_address: electronicAddressField
      .nullable()
      .optional()
      .meta({ description: 'Where the customer receives e-invoices (EN 16931 BT-49); null removes it' }),
  })
  .refine(requireSomeField(updatableCustomerFields), { error: `Send at least one of ${updatableCustomerFields.join(', ')}.` });

export type CreateCustomerRequest = z.output<typeof createCustomerSchema>;
export type UpdateCustomerRequest = z.output<typeof updateCustomerSchema>;

/** A tax ID as stored and answered: what was sent and the offline check's verdict at `checked_at`. */
export const customerTaxIdSchema = z.object({
  type: z.string().nullable().meta({ description: 'The type sent, or the one the check found; null when none applies (unsupported)' }),
  value: z.string().meta({ description: 'The tax ID as sent' }),
  valid: z
    .boolean()
    .nullable()
    .meta({ description: 'Offline format and check-digit verdict; null when the country or type is not supported. An invalid ID is kept.' }),
  country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 country of the ID; null when unknown' }),
  normalized: z.string().nullable().meta({ description: 'The ID without separators, in its canonical form; null when not valid' }),
  reason: z
    .enum(['invalid_format', 'invalid_checksum', 'invalid_length', 'unsupported'])
    .optional()
    .meta({ description: 'Why it is not valid: wrong format, wrong check digit, wrong length, or a country/type Levy cannot check' }),
  checked_at: timestampField,
});

export type CustomerTaxId = z.output<typeof customerTaxIdSchema>;

export const customerSchema = z
  .object({
    id: z.string().meta({ description: 'The customer id (yours, or `cus_...`)' }),
    name: z.string().meta({ description: 'Legal or display name' }),
    email: z.string().nullable().meta({ description: 'E-mail address; null: none' }),
    customer_type: customerTypeField,
    address: z
      .object({
        country: z.string().meta({ description: 'ISO 3166-1 alpha-2 country code' }),
        state: z.string().optional().meta({ description: 'Region code ("CA", "ON")' }),
        postal_code: z.string().optional().meta({ description: "Postal code, normalised to its country's format" }),
        city: z.string().optional().meta({ description: 'City or town' }),
        line1: z.string().optional().meta({ description: 'Street and number' }),
      })
      .meta({ description: "The customer's address: the place its sales are taxed" }),
    tax_ids: z.array(customerTaxIdSchema).meta({ description: "The customer's tax IDs with the offline check's verdict" }),
    electronic_address: z
      .object({
        scheme: z.string().meta({ description: 'EAS code of the address scheme ("0204" Leitweg-ID, "0088" GLN ...)' }),
        value: z.string().meta({ description: 'The address within the scheme' }),
      })
      .nullable()
      .optional()
      .meta({ description: 'EN 16931 BT-49: where the customer receives e-invoices (`scheme` an EAS code: "0204" Leitweg-ID, "0088" GLN...)' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'Customer',
    example: {
      id: 'cus_0mhx2k3c0a1b2c3d4e5f60718',
      name: 'Acme Retail Inc',
      email: 'ap@acme.example',
      customer_type: 'RESELLER',
      address: { country: 'US', state: 'TX', postal_code: '78701', city: 'Austin' },
      tax_ids: [{ type: 'us_ein', value: '04-2103594', valid: true, country: 'US', normalized: '042103594', checked_at: '2026-01-15T09:30:00.000Z' }],
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
    },
  });

export type Customer = z.output<typeof customerSchema>;

/** Checks one tax ID offline where the customer is addressed, as a quote checks it (validateTaxIdWhere). */
export function checkTaxId(input: TaxIdInput, addressCountry: string, at: Date): CustomerTaxId {
  const verdict = validateTaxIdWhere({ tax_id: input.value, type: input.type }, addressCountry);
  return {
    type: verdict.type ?? input.type ?? null,
    value: input.value,
    valid: verdict.valid,
    country: verdict.country,
    normalized: verdict.normalized,
    ...(verdict.reason !== undefined ? { reason: verdict.reason } : {}),
    checked_at: at.toISOString(),
  };
}

export const checkTaxIds = (inputs: readonly TaxIdInput[], addressCountry: string, at: Date): CustomerTaxId[] =>
  inputs.map((input) => checkTaxId(input, addressCountry, at));

/** A new customer from a create request: the caller's id or `cus_...`, tax IDs checked now. */
export function newCustomer(request: CreateCustomerRequest, at: Date): Customer {
  const timestamp = at.toISOString();
  return {
    id: request.id ?? newId('cus', at.getTime()),
    name: request.name,
    email: request.email ?? null,
    customer_type: request.customer_type,
    address: request.address,
    tax_ids: checkTaxIds(request.tax_ids, request.address.country, at),
    ...(request.electronic_address ? { electronic_address: request.electronic_address } : {}),
    created_at: timestamp,
    updated_at: timestamp,
  };
}
