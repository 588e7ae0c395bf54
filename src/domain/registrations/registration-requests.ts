/**
 * Domain (pure): the request schemas of the registration routes. PATCH may change only `expires_at`,
 * `registration_number` and `filing` (Stripe's rule: a registration ends by setting expires_at; what it is never
 * changes; how often it files does, when the tax authority reassigns the frequency).
 */
import * as z from 'zod';
import { listQuerySchema } from '../fields/periods';
import { countryField, readOnlyField, requireSomeField, subdivisionField } from '../fields/records';
import { dateField, entityIdField, oneOf } from '../fields/sale';
import { expected } from '../validation';
import { registrationStatuses, registrationTypes } from './registration';
import { filingRequestSchema } from '../filing/schedule';

const stateField = subdivisionField('"CA" or "ON"').refine((s) => /^[A-Z0-9]{1,3}$/.test(s), { error: 'must be a subdivision code such as "CA" or "ON"' });

const registrationNumberField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(64, { error: 'must be at most 64 characters' });

const periodInOrder = (r: { active_from?: string; expires_at?: string | null }): boolean =>
  r.active_from === undefined || r.expires_at == null || r.expires_at > r.active_from;

export const createRegistrationSchema = z
  .strictObject({
    entity_id: entityIdField.optional().meta({ description: 'The entity registered; default the primary entity' }),
    country: countryField,
    state: stateField.optional().meta({ description: 'US state or Canadian province (ISO 3166-2 suffix), for a registration with it' }),
    type: z
      .enum(registrationTypes, { error: oneOf(registrationTypes) })
      .meta({ description: 'VAT, GST, SALES_TAX or SELLERS_USE_TAX (a US state), OSS_UNION, OSS_NON_UNION, IOSS (EU schemes) or SIMPLIFIED (non-resident)' }),
    registration_number: registrationNumberField.optional().meta({ description: 'The number the authority issued' }),
    active_from: dateField.meta({ description: 'First day in force (YYYY-MM-DD)' }),
    expires_at: dateField.optional().meta({ description: 'First day no longer in force (YYYY-MM-DD, exclusive)' }),
    filing: filingRequestSchema.optional(),
    id: readOnlyField(),
    status: readOnlyField(),
  })
  .refine(periodInOrder, { error: "must be after 'active_from'", path: ['expires_at'] });

export type CreateRegistrationRequest = z.output<typeof createRegistrationSchema>;

const patchable = ['expires_at', 'registration_number', 'filing'] as const;
const notPatchable = () =>
  z
    .any()
    .refine(() => false, { error: `cannot be changed: only ${patchable.join(' and ')} can (end a registration with expires_at and create another)` })
    .optional()
    .meta({ description: 'Set on create; cannot be changed (end the registration with expires_at and create another)' });

export const updateRegistrationSchema = z
  .strictObject({
    expires_at: dateField.nullable().optional().meta({ description: 'null reopens the registration' }),
    registration_number: registrationNumberField.nullable().optional().meta({ description: 'The number the authority issued; null clears it' }),
    filing: filingRequestSchema.optional().meta({ description: 'Replaces the schedule; omitted fields come from the defaults, not from the current schedule' }),
    entity_id: notPatchable(),
    country: notPatchable(),
    state: notPatchable(),
    type: notPatchable(),
    active_from: notPatchable(),
    id: readOnlyField(),
    status: readOnlyField(),
  })
  .refine(requireSomeField(patchable), { error: `Send at least one of ${patchable.join(', ')}.` });

export type UpdateRegistrationRequest = z.output<typeof updateRegistrationSchema>;

export const listRegistrationsQuerySchema = listQuerySchema.extend({
  status: z.enum(registrationStatuses, { error: oneOf(registrationStatuses) }).optional(),
  country: countryField.optional(),
});

export type ListRegistrationsQuery = z.output<typeof listRegistrationsQuerySchema>;
