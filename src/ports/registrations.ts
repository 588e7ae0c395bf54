/**
 * Port (implemented by src/adapters/dynamodb/registration-store.ts and settings-store.ts): the account's tax
 * registrations and its settings. Every method names the account, so another account's id is not found.
 */
import type { RegistrationPeriod, StoredRegistration } from '../domain/registrations/registration';
import type { AccountSettings } from '../domain/settings/settings';

/**
 * The periods of every registration of one entity, type and jurisdiction (registrationSlot), with a version that
 * every write of one of them raises: two writes that read the same version cannot both land, so two overlapping
 * registrations can never be created concurrently.
 */
export interface RegistrationSlotState {
  version: number;
  periods: Record<string, RegistrationPeriod>;
}

export interface RegistrationStore {
  get(accountId: string, id: string): Promise<StoredRegistration | undefined>;
  /** Every registration of the account, in id (creation) order: a few dozen at most (docs/nexus.md). */
  listAll(accountId: string): Promise<StoredRegistration[]>;
  /** The slot's state; version 0 and no periods when nothing was ever registered in it. */
  slot(accountId: string, slot: string): Promise<RegistrationSlotState>;
  /**
   * Writes the registration (new, or replacing the stored one when `seenUpdatedAt` is given and still stored) and
   * its slot's new periods in one transaction, only if the slot still has `seenVersion`: false when either
   * condition failed, and nothing was written.
   */
  write(
    accountId: string,
    registration: StoredRegistration,
    slot: string,
    periods: Record<string, RegistrationPeriod>,
    seen: { version: number; updatedAt?: string },
  ): Promise<boolean>;
}

export interface SettingsStore {
  /** The settings the account changed (undefined: never changed, the defaults apply). */
  get(accountId: string): Promise<Partial<AccountSettings> | undefined>;
  /** Sets the given fields and answers every stored one. */
  update(accountId: string, patch: Partial<AccountSettings>): Promise<Partial<AccountSettings>>;
}
