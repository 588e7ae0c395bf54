/** Secondary adapter (DynamoDB, Settings table keyed account_id): the settings an account changed. */
import type { AccountSettings } from '../../domain/settings/settings';
import type { SettingsStore } from '../../ports/registrations';
import { documentClient } from './client';
import { setFields } from './set-fields';
import { withoutKeys } from './query';

export class DynamoDbSettingsStore implements SettingsStore {
  constructor(private readonly tableName: string) {}

  async get(accountId: string): Promise<Partial<AccountSettings> | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId } });
    return Item ? withoutKeys<Partial<AccountSettings>>(Item, ['account_id', 'updated_at']) : undefined;
  }

  async update(accountId: string, patch: Partial<AccountSettings>): Promise<Partial<AccountSettings>> {
    const { Attributes } = await documentClient().update({
      TableName: this.tableName,
      Key: { account_id: accountId },
      ...setFields(patch),
      ReturnValues: 'ALL_NEW',
    });
    return withoutKeys<Partial<AccountSettings>>(Attributes!, ['account_id', 'updated_at']);
  }
}
