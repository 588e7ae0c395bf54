/**
 * Secondary adapter (DynamoDB, KeyActivity table): the UTC day each API key was last used. The authorizer writes it
 * at most once a day per key: each container remembers what it wrote, and the write is conditional on the stored day
 * being older, so containers racing on a key's first call of the day cost one failed condition at most. A table of
 * its own keeps the authorizer's access to the key table itself exactly GetItem.
 */
import type { BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { KeyActivity } from '../../ports/accounts';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';

const BATCH_GET_LIMIT = 100;

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
    const days: Record<string, string> = {};
    for (let i = 0; i < keyIds.length; i += BATCH_GET_LIMIT) {
      let keys: Record<string, unknown>[] | undefined = keyIds.slice(i, i + BATCH_GET_LIMIT).map((key_id) => ({ key_id }));
      while (keys?.length) {
        const out: BatchGetCommandOutput = await documentClient().batchGet({ RequestItems: { [this.tableName]: { Keys: keys } } });
        for (const item of out.Responses?.[this.tableName] ?? []) days[item.key_id as string] = item.last_used_on as string;
        keys = out.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return days;
  }
}
