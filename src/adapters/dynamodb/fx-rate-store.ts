/**
 * Secondary adapter (DynamoDB, FxRates table keyed currency + date): the ECB euro reference rates an operator imports
 * (`levy fx import`), one item `{currency, date, per_eur}` per currency and business day. The nexus report
 * reads one currency's range of days with one Query.
 */
import type { FxRate } from '../../domain/nexus/fx';
import type { FxRateRanges, FxRateTable } from '../../ports/reports';
import { batchWriteMany } from './batch';
import { queryAll } from './query';
import { documentClient } from './client';

export class DynamoDbFxRateStore implements FxRateTable, FxRateRanges {
  constructor(private readonly tableName: string) {}

  async rates(currency: string, fromDay: string, toDay: string): Promise<FxRate[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'currency = :currency AND #date BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: { ':currency': currency, ':from': fromDay, ':to': toDay },
    });
    return items.map((item) => ({ date: item.date as string, per_eur: Number(item.per_eur) }));
  }

  /** A currency's first and last imported day (two one-item Queries), or null when it has none. */
  async range(currency: string): Promise<{ first_date: string; last_date: string } | null> {
    const end = async (forward: boolean) =>
      (
        await documentClient().query({
          TableName: this.tableName,
          KeyConditionExpression: 'currency = :currency',
          ProjectionExpression: '#date',
          ExpressionAttributeNames: { '#date': 'date' },
          ExpressionAttributeValues: { ':currency': currency },
          ScanIndexForward: forward,
          Limit: 1,
        })
      ).Items?.[0]?.date as string | undefined;
    const [first, last] = await Promise.all([end(true), end(false)]);
    return first && last ? { first_date: first, last_date: last } : null;
  }

  /** Puts every row (an import of the same day replaces it: the ECB does not revise published rates). */
  async put(rows: readonly ({ currency: string } & FxRate)[]): Promise<void> {
    await batchWriteMany(
      this.tableName,
      rows.map((row) => ({ PutRequest: { Item: { currency: row.currency, date: row.date, per_eur: row.per_eur } } })),
      'FX rates',
    );
  }
}
