/** Domain (pure): the requests that create and update a subsidiary entity (spec 4.3, 4.4); `id` and `is_primary` are read-only. */
import * as z from 'zod';
import { clearableTaxIdField, countryField, nameField, readOnlyField, requireSomeField, subdivisionField } from '../fields/records';
import { countryName, knownSubdivisions } from '../geography/countries';
import { expected } from '../validation';
import { contactField, electronicAddressField, legalRegistrationIdField } from '../einvoice/fields';

/**
 * Where in its country the entity is established: a US state or Canadian province, ISO 3166-2 suffix. A
 * PICKUP sale made from the entity is taxed there (docs/nexus.md "Establishments").
 */
const stateField = subdivisionField('"ON" or "CA"');

const addressLine = (max: number) =>
  z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty (leave it out instead)' })
    .max(max, { error: `must be at most ${max} characters` });

/**
 * The seller's postal address on its invoices (Directive 2006/112/EC Art. 226(5)). The country is the
 * entity's `country`; `state` is free text here (a county, a province), unlike the entity's establishment `state`.
 * A `country` sent with it, as most address shapes carry one, must be the entity's own, and is not kept apart.
 */
export const entityAddressField = z.strictObject(
  {
    line1: addressLine(200).meta({ description: 'Street and number' }),
    line2: addressLine(200).optional().meta({ description: 'Second address line (building, floor, c/o)' }),
    city: addressLine(100).meta({ description: 'City or town' }),
    postal_code: addressLine(12).meta({ description: 'Postal code as the country writes it' }),
    state: addressLine(100).optional().meta({ description: 'State, province or county as printed on invoices (free text)' }),
    country: countryField.optional().meta({ description: "The entity's own `country` again, if sent (any other country is refused); not stored apart" }),
  },
  { error: expected('an object {line1, line2?, city, postal_code, state?, country?}') },
);

export type AddressRequest = z.output<typeof entityAddressField>;

/** Why an address's `country` cannot go with an entity of `entityCountry`, or undefined when it can. */
export function addressCountryProblem(address: AddressRequest | null | undefined, entityCountry: string): string | undefined {
  if (address?.country === undefined || address.country === entityCountry) return undefined;
  return `is '${address.country}', but the entity's country is '${entityCountry}': an entity's address is in its own country (leave address.country out, or change country)`;
}

/** The address as stored: its country is the entity's, so it is not kept twice. */
export function storedAddress<A extends AddressRequest | null | undefined>(address: A): A {
  if (!address || address.country === undefined) return address;
  const { country: _country, ...rest } = address;
  return rest as A;
}

function checkAddressCountry(entity: { country?: string | undefined; address?: AddressRequest | null | undefined }, ctx: z.RefinementCtx): void {
  const problem = entity.country === undefined ? undefined : addressCountryProblem(entity.address, entity.country);
  if (problem) ctx.addIssue({ code: 'custom', path: ['address', 'country'], message: problem });
}

/** The state must be one of the country's known subdivisions (only the US and Canada have them in Levy). */
function checkStateOfCountry(entity: { country?: string | undefined; state?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (entity.state == null) return;
  if (entity.country === undefined) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: "is sent without 'country': send both" });
    return;
  }
  if (!knownSubdivisions(entity.country)?.[entity.state]) {
    ctx.addIssue({
      code: 'custom',
      path: ['state'],
      message: `is '${entity.state}', which is not a state or province Levy knows in ${countryName(entity.country)} (${entity.country}); only US states and Canadian provinces are`,
    });
  }
}

/** The logo is an image, not JSON: named here only to say where it is set. */
const logoElsewhereField = () =>
  z
    .any()
    .refine(() => false, { error: 'is set with PUT /entities/{id}/logo (the PNG or JPEG itself as the body), not in JSON' })
    .optional()
    .meta({ description: 'Not sent here: PUT /entities/{id}/logo sets the logo (a request naming it is refused with 400)' });

export const createEntitySchema = z
  .strictObject({
    name: nameField,
    country: countryField,
    tax_id: clearableTaxIdField,
    state: stateField.optional().meta({ description: 'US state or Canadian province where it is established (PICKUP sales are taxed there)' }),
    address: entityAddressField.nullish().meta({ description: 'Postal address printed on its invoices' }),
    electronic_address: electronicAddressField.nullish().meta({ description: 'EN 16931 BT-34: where it receives e-invoices' }),
    contact: contactField.nullish().meta({ description: 'EN 16931 BG-6 seller contact (name, phone, e-mail)' }),
    legal_registration_id: legalRegistrationIdField.nullish().meta({ description: 'EN 16931 BT-30 (e.g. a Handelsregister number)' }),
    logo: logoElsewhereField(),
    id: readOnlyField(),
    is_primary: readOnlyField(),
  })
  .superRefine(checkStateOfCountry)
  .superRefine(checkAddressCountry)
  .transform((entity) => (entity.address ? { ...entity, address: storedAddress(entity.address) } : entity));

const updatableEntityFields = ['name', 'country', 'tax_id', 'state', 'address', 'electronic_address', 'contact', 'legal_registration_id'] as const;

export const updateEntitySchema = z
  .strictObject({
    name: nameField.optional(),
    country: countryField.optional(),
    tax_id: clearableTaxIdField,
    state: stateField.nullable().optional().meta({ description: 'US state or Canadian province where it is established; null clears it' }),
    /** Replaced whole; null removes it. */
    address: entityAddressField.nullable().optional().meta({ description: 'Postal address printed on its invoices, replaced whole; null removes it' }),
    /** Each replaced whole; null removes it. */
    electronic_address: electronicAddressField.nullable().optional().meta({ description: 'EN 16931 BT-34, replaced whole; null removes it' }),
    contact: contactField.nullable().optional().meta({ description: 'EN 16931 BG-6 seller contact, replaced whole; null removes it' }),
    legal_registration_id: legalRegistrationIdField.nullable().optional().meta({ description: 'EN 16931 BT-30; null removes it' }),
    logo: logoElsewhereField(),
    id: readOnlyField(),
    is_primary: readOnlyField(),
  })
  .superRefine(checkStateOfCountry)
  .superRefine(checkAddressCountry)
  .refine(requireSomeField(updatableEntityFields), {
    error: `Send at least one of ${updatableEntityFields.join(', ')}.`,
  });

export type CreateEntityRequest = z.output<typeof createEntitySchema>;
export type UpdateEntityRequest = z.output<typeof updateEntitySchema>;
