/**
 * Secondary adapter (DynamoDB, FxRates table keyed currency + date): the ECB euro reference rates an operator imports
 * (`levy fx import`), one item `{currency, date, per_eur}` per currency and business day. The nexus report
 * reads one currency's range of days with one Query.
 *
 * Which days are imported is kept in a manifest under the partition `#ranges` (not a currency code, so no rate read
 * meets it): one item per currency, its code as the sort key, holding its first and last day, widened by every import
 * after its rates are written. The coverage route reads every currency's range with that one Query (instead of two
 * per currency); `levy migrate` writes it for rates imported before it existed (migrateRanges).
 */
import type { FxRate } from '../../domain/nexus/fx';
import type { FxRange } from '../../domain/installation/coverage';
import type { FxRateRanges, FxRateTable } from '../../ports/reports';
import { batchWriteMany } from './batch';
import { isConditionalCheckFailed } from './errors';
import { queryAll, scanPages } from './query';
import { documentClient } from './client';

const RANGES = '#ranges';

type FxRow = { currency: string } & FxRate;

/** Each currency's first and last day among `rows`. */
function rangesOf(rows: Iterable<{ currency: string; date: string }>): Map<string, FxRange> {
  const ranges = new Map<string, FxRange>();
  for (const { currency, date } of rows) {
    const range = ranges.get(currency);
    if (!range) ranges.set(currency, { currency, first_date: date, last_date: date });
    else {
      if (date < range.first_date) range.first_date = date;
      if (date > range.last_date) range.last_date = date;
    }
  }
  return ranges;
}

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

  /** Every imported currency's first and last day, by currency code (the manifest: one Query). */
  async ranges(): Promise<FxRange[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'currency = :ranges',
      ExpressionAttributeValues: { ':ranges': RANGES },
    });
    // An item with one end only is being written (widen): that currency's import has not finished.
    return items
      .filter((item) => typeof item.first_date === 'string' && typeof item.last_date === 'string')
      .map((item) => ({ currency: item.date as string, first_date: item.first_date as string, last_date: item.last_date as string }));
  }

  /** Puts every row (an import of the same day replaces it: the ECB does not revise published rates), then widens the manifest. */
  async put(rows: readonly FxRow[]): Promise<void> {
    await batchWriteMany(
      this.tableName,
      rows.map((row) => ({ PutRequest: { Item: { currency: row.currency, date: row.date, per_eur: row.per_eur } } })),
      'FX rates',
    );
    // Only once the rates are written, so the manifest never names a day that is not there.
    await Promise.all([...rangesOf(rows).values()].map((range) => this.widen(range)));
  }

  /** The manifest for rates imported before it existed: one Scan of the table (an operator command, never a request's path). */
  async migrateRanges(): Promise<{ currencies: number }> {
    const rows: { currency: string; date: string }[] = [];
    for await (const page of scanPages({ TableName: this.tableName, ProjectionExpression: 'currency, #date', ExpressionAttributeNames: { '#date': 'date' } }))
      for (const item of page) if (item.currency !== RANGES) rows.push({ currency: item.currency as string, date: item.date as string });
    const ranges = rangesOf(rows);
    await Promise.all([...ranges.values()].map((range) => this.widen(range)));
    return { currencies: ranges.size };
  }

  /**
   * The currency's manifest item covers at least `range`: each end moved only outwards, by a conditional update of
   * its own, so concurrent or repeated imports (and the migration) leave the widest range whatever their order.
   */
  private async widen(range: FxRange): Promise<void> {
    const end = async (attribute: 'first_date' | 'last_date', day: string) => {
      try {
        await documentClient().update({
          TableName: this.tableName,
          Key: { currency: RANGES, date: range.currency },
          UpdateExpression: 'SET #end = :day',
          ConditionExpression: `attribute_not_exists(#end) OR #end ${attribute === 'first_date' ? '>' : '<'} :day`,
          ExpressionAttributeNames: { '#end': attribute },
          ExpressionAttributeValues: { ':day': day },
        });
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error; // already as wide
      }
    };
    // The first end before the last: a reader never sees a last day without a first.
    await end('first_date', range.first_date);
    await end('last_date', range.last_date);
  }
}
