/** Use case: the account's tax settings: the defaults until the account changes them. */
import { settingsOf, type AccountSettings, type UpdateSettingsRequest } from '../domain/settings/settings';
import type { Ports } from '../ports/ports';

type Deps = Pick<Ports, 'settings'>;

export const getSettings = async (deps: Deps, accountId: string): Promise<AccountSettings> => settingsOf(await deps.settings.get(accountId));

export async function updateSettings(deps: Deps, accountId: string, patch: UpdateSettingsRequest): Promise<AccountSettings> {
  const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<AccountSettings>;
  return settingsOf(await deps.settings.update(accountId, fields));
}
