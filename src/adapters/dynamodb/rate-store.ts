/**
 * Secondary adapter (DynamoDB, Rates table): US local sales-tax rates by ZIP5. A ZIP on a state border has one item
 * per state (sort key), so a lookup returns every candidate.
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { UsLocalRate } from '../../domain/tax/rate-types';
import type { ZipRateTable } from '../../ports/rates';
import { documentClient } from './client';

const BATCH_SIZE = 25; // BatchWriteItem's limit

export class DynamoDbRateStore implements ZipRateTable {
  constructor(private readonly tableName: string) {}

  async forZip(zip: string): Promise<UsLocalRate[]> {
    const { Items = [] } = await documentClient().send(
      new QueryCommand({ TableName: this.tableName, KeyConditionExpression: 'zip = :zip', ExpressionAttributeValues: { ':zip': zip } }),
    );
    return Items as UsLocalRate[];
  }

  /** Writes rows in batches of 25, retrying unprocessed items with backoff; puts overwrite, so a re-run is safe. */
  async putAll(rows: readonly UsLocalRate[], options: { concurrency?: number; onProgress?: (written: number) => void } = {}): Promise<void> {
    const table = this.tableName;
    const batches: UsLocalRate[][] = [];
    for (let i = 0; i < rows.length; i += BATCH_SIZE) batches.push(rows.slice(i, i + BATCH_SIZE));
    let next = 0;
    let written = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        let requests = batch.map((row) => ({ PutRequest: { Item: row } }));
        for (let attempt = 0; requests.length > 0; attempt++) {
          if (attempt > 8) throw new Error(`DynamoDB kept ${requests.length} rate items unprocessed; re-run the import`);
          if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
          const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
          requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
        }
        written += batch.length;
        options.onProgress?.(written);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  }
}
