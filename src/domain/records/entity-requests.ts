/** Domain (pure): the requests that create and update a subsidiary entity (spec 4.3, 4.4); `id` and `is_primary` are read-only. */
import * as z from 'zod';
import { countryField, nameField, readOnlyField, requireSomeField, subdivisionField, taxIdField } from '../fields/records';
import { countryName, knownSubdivisions } from '../geography/countries';
import { expected } from '../validation';

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
 */
export const entityAddressField = z.strictObject(
  {
    line1: addressLine(200),
    line2: addressLine(200).optional(),
    city: addressLine(100),
    postal_code: addressLine(12),
    state: addressLine(100).optional(),
  },
  { error: expected('an object {line1, line2?, city, postal_code, state?}') },
);

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

export const createEntitySchema = z
  .strictObject({
    name: nameField,
    country: countryField,
    tax_id: taxIdField.nullish(),
    state: stateField.optional(),
    address: entityAddressField.nullish(),
    id: readOnlyField(),
    is_primary: readOnlyField(),
  })
  .superRefine(checkStateOfCountry);

const updatableEntityFields = ['name', 'country', 'tax_id', 'state', 'address'] as const;

export const updateEntitySchema = z
  .strictObject({
    name: nameField.optional(),
    country: countryField.optional(),
    tax_id: taxIdField.nullable().optional(),
    state: stateField.nullable().optional(),
    /** Replaced whole; null removes it. */
    address: entityAddressField.nullable().optional(),
    id: readOnlyField(),
    is_primary: readOnlyField(),
  })
  .superRefine(checkStateOfCountry)
  .refine(requireSomeField(updatableEntityFields), {
    error: `Send at least one of ${updatableEntityFields.join(', ')}.`,
  });

export type CreateEntityRequest = z.output<typeof createEntitySchema>;
export type UpdateEntityRequest = z.output<typeof updateEntitySchema>;
