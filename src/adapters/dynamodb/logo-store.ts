/**
 * Secondary adapter (DynamoDB, Logos table keyed (account_id, sha256)): the logo images of an account, one item per
 * image: its bytes as a binary attribute (at most 256 KiB: DynamoDB counts binary as its raw length, so the item stays
 * far under the 400 KB item limit) and its facts. An item is put once, conditionally, and never updated or deleted.
 */
import type { Logo, LogoImage } from '../../domain/documents/logo-image';
import type { LogoStore } from '../../ports/logos';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';

export class DynamoDbLogoStore implements LogoStore {
  constructor(private readonly tableName: string) {}

  async put(accountId: string, logo: Logo, bytes: Uint8Array): Promise<void> {
    // Keyed by the hash of the bytes: an item already there holds these same bytes (a retry, or another entity's logo).
    await unlessConditionFails(() =>
      documentClient().put({
        TableName: this.tableName,
        Item: { account_id: accountId, ...logo, bytes },
        ConditionExpression: 'attribute_not_exists(sha256)',
      }),
    );
  }

  async get(accountId: string, sha256: string): Promise<LogoImage | undefined> {
    const { Item } = await documentClient().get({
      TableName: this.tableName,
      Key: { account_id: accountId, sha256 },
      ProjectionExpression: '#type, #bytes',
      ExpressionAttributeNames: { '#type': 'content_type', '#bytes': 'bytes' },
    });
    return Item && { content_type: Item.content_type as LogoImage['content_type'], bytes: Item.bytes as Uint8Array };
  }
}
