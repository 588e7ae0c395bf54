/**
 * Secondary adapter (DynamoDB, KeyActivity table): the UTC day each API key was last used. The authorizer writes it
 * at most once a day per key: each container remembers what it wrote, and the write is conditional on the stored day
 * being older, so containers racing on a key's first call of the day cost one failed condition at most. A table of
 * its own keeps the authorizer's access to the key table itself exactly GetItem.
 */
import type { KeyActivity } from '../../ports/accounts';
import { batchGetAll } from './batch';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';

export class DynamoDbKeyActivityStore implements KeyActivity {
  /** key id -> the day this container last wrote for it. */
  private readonly written = new Map<string, string>();

  constructor(private readonly tableName: string) {}

  async noteUsed(keyId: string, day: string): Promise<void> {
    if (this.written.get(keyId) === day) return;
    // Refused when another container already wrote this day or a later one: nothing to do.
    await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { key_id: keyId },
        UpdateExpression: 'SET last_used_on = :day',
        ConditionExpression: 'attribute_not_exists(last_used_on) OR last_used_on < :day',
        ExpressionAttributeValues: { ':day': day },
      }),
    );
    this.written.set(keyId, day);
  }

  async lastUsed(keyIds: readonly string[]): Promise<Record<string, string>> {
    const items = await batchGetAll(
      this.tableName,
      keyIds.map((key_id) => ({ key_id })),
      'key activity records',
    );
    return Object.fromEntries(items.map((item) => [item.key_id as string, item.last_used_on as string]));
  }
}
