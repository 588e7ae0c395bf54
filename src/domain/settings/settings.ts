/**
 * Domain (pure): the account's tax settings (docs/nexus.md). `collection` decides whether a sale is taxed
 * wherever the engine says it is taxable (`everywhere`, the default and Levy's behaviour before registrations) or only
 * where an active registration of the selling entity covers it (`registered_only`, Stripe Tax's model).
 * `approaching_threshold_percent` is the share of a nexus threshold at which the nexus report says `approaching`.
 */
import * as z from 'zod';
import { requireSomeField } from '../fields/records';
import { requiredOr } from '../validation';

export const collectionModes = ['everywhere', 'registered_only'] as const;
export type CollectionMode = (typeof collectionModes)[number];

export interface AccountSettings {
  collection: CollectionMode;
  approaching_threshold_percent: number;
}

export const defaultSettings: Readonly<AccountSettings> = Object.freeze({ collection: 'everywhere', approaching_threshold_percent: 80 });

export const settingsSchema = z
  .object({
    collection: z
      .enum(collectionModes)
      .meta({ description: '`everywhere`: tax wherever taxable; `registered_only`: only where an active registration covers the sale' }),
    approaching_threshold_percent: z
      .number()
      .int()
      .meta({ description: 'Share of a nexus threshold (1-99) from which the nexus report answers `approaching`' }),
  })
  .meta({ id: 'Settings', example: { collection: 'registered_only', approaching_threshold_percent: 80 } });

const percentMessage = 'must be a whole number from 1 to 99';
const fields = ['collection', 'approaching_threshold_percent'] as const;
export const updateSettingsSchema = z
  .strictObject({
    collection: z.enum(collectionModes, { error: requiredOr(`must be one of: ${collectionModes.join(', ')}`) }).optional(),
    approaching_threshold_percent: z
      .number({ error: percentMessage })
      .int({ error: percentMessage })
      .min(1, { error: percentMessage })
      .max(99, { error: percentMessage })
      .optional(),
  })
  .refine(requireSomeField(fields), { error: `Send at least one of ${fields.join(', ')}.` });

export type UpdateSettingsRequest = z.output<typeof updateSettingsSchema>;

/** Stored settings over the defaults (an account that never changed them has none stored). */
export const settingsOf = (stored: Partial<AccountSettings> | undefined): AccountSettings => ({ ...defaultSettings, ...stored });
