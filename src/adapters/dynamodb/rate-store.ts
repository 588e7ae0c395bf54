/**
 * Secondary adapter (DynamoDB, Rates table): US local sales-tax rates by ZIP5, one item per ZIP, state and month.
 * The sort key `state` holds `<state>#<YYYY-MM>` (src/config/tables.ts says why it keeps that name), so a border ZIP
 * has one item per state and month, and the table in force on a date is one Query: the newest key between `<state>`
 * and `<state>#<month>`, Limit 1, whatever number of months is imported. Items of the layout before monthly tables
 * (sort key the state alone, month only in `effective_month`) sort first in that range, so they still answer as their
 * month's table until `levy migrate` rewrites them (migrateLegacyItems).
 *
 * The same partition holds the counties a ZIP spans in each state (`levy zip-counties import`), one item per ZIP and
 * state under the sort key `counties#<state>`: lower case, so it never falls in a state's `<state>`..`<state>#<month>`
 * range, and a checkout reads a ZIP's rates and counties in one Query (sidesOf).
 *
 * What is imported is kept in a manifest under the partition `#tables` (not a ZIP, so rating never reads it): one item
 * per month and state (`<YYYY-MM>#<state>`) holding the set of its ZIPs (ADDed by every import, so a re-import or a
 * partial one never counts a ZIP twice) and their count, and one item `#counties` for the crosswalk. The coverage
 * route and `npm start` read it with one Query instead of scanning 41,000 items a month.
 */
import type { ZipCountySpan } from '../../domain/geography/zip-counties';
import type { UsLocalRate } from '../../domain/tax/rate-types';
import { zipRateOnMonth, type ZipRateOnMonth } from '../../domain/tax/zip-rate-months';
import type { ImportedTables, ZipRateTable, ZipSides, ZipSidesOf } from '../../ports/rates';
import { documentClient } from './client';
import type { QueryCommandInput as QueryInput } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, batchWriteMany } from './batch';
import { queryAll, scanAll } from './query';

/** `state` is a DynamoDB reserved word, so expressions name the sort key through #sk. */
const SORT_KEY_NAME = { '#sk': 'state' };
/** The sort key prefix of a ZIP's county items. */
const COUNTIES = 'counties#';

/** The manifest's partition, and its crosswalk item's sort key (neither a ZIP nor a `counties#` key: no scan here meets them). */
const MANIFEST = '#tables';
const CROSSWALK = '#counties';

/** A county item: the ZIP's counties in one state. */
type CountyItem = { zip: string; state: string; counties: ZipCountySpan['counties'] };
const isCountyItem = (item: { state: string }): boolean => item.state.startsWith(COUNTIES);
const countyItemOf = (span: ZipCountySpan): CountyItem => ({ zip: span.zip, state: `${COUNTIES}${span.state}`, counties: span.counties });
const spanOf = (item: CountyItem): ZipCountySpan => ({ zip: item.zip, state: item.state.slice(COUNTIES.length), counties: item.counties });

/** The stored item: the row with its sort key `state` = `<state>#<YYYY-MM>` (or `<state>` in the old layout). */
type RateItem = Omit<UsLocalRate, 'state'> & { state: string };

const sortKeyOf = (row: UsLocalRate): string => `${row.state}#${row.effective_month}`;
const rowOf = (item: RateItem): UsLocalRate => ({ ...item, state: item.state.split('#')[0] });
const itemOf = (row: UsLocalRate): RateItem => ({ ...row, state: sortKeyOf(row) });

export class DynamoDbRateStore implements ZipRateTable, ZipSidesOf {
  constructor(private readonly tableName: string) {}

  async onMonth(zip: string, state: string, month: string): Promise<ZipRateOnMonth> {
    const inForce = await this.query({
      KeyConditionExpression: 'zip = :zip AND #sk BETWEEN :first AND :last',
      ExpressionAttributeNames: SORT_KEY_NAME,
      ExpressionAttributeValues: { ':zip': zip, ':first': state, ':last': `${state}#${month}` },
      ScanIndexForward: false,
      Limit: 1,
    });
    const found = zipRateOnMonth(inForce, state, month);
    if (found.row) return found;
    // No table on or before the month: is there a later one? (Only on this path, so a hit costs one read.)
    const first = await this.query({
      KeyConditionExpression: 'zip = :zip AND begins_with(#sk, :state)',
      ExpressionAttributeNames: SORT_KEY_NAME,
      ExpressionAttributeValues: { ':zip': zip, ':state': state },
      Limit: 1,
    });
    return zipRateOnMonth(first, state, month);
  }

  /** Every row of a ZIP, each state and month (for tests and checks; rating reads onMonth). */
  async allMonths(zip: string): Promise<UsLocalRate[]> {
    return (await this.sidesOf(zip)).rates;
  }

  /** Every rate row of a ZIP (each state and month) and the counties it spans, in one Query of its partition. */
  async sidesOf(zip: string): Promise<ZipSides> {
    const items = await queryAll({ TableName: this.tableName, KeyConditionExpression: 'zip = :zip', ExpressionAttributeValues: { ':zip': zip } });
    return {
      rates: (items as RateItem[]).filter((item) => !isCountyItem(item)).map(rowOf),
      counties: (items as CountyItem[]).filter(isCountyItem).map(spanOf),
    };
  }

  /** A Limit-ed Query is one call (the newest or oldest key); without a Limit every page is read. */
  private async query(input: Omit<QueryInput, 'TableName'>): Promise<UsLocalRate[]> {
    const items = input.Limit
      ? ((await documentClient().query({ TableName: this.tableName, ...input })).Items ?? [])
      : await queryAll({ TableName: this.tableName, ...input });
    return (items as RateItem[]).map(rowOf);
  }

  /**
   * Makes the stored county spans exactly `spans`: puts every one, then deletes the spans of an earlier import that
   * this one no longer lists (a ZIP now wholly in one county). One filtered scan of the table finds the earlier ones.
   */
  async replaceCountySpans(
    spans: readonly ZipCountySpan[],
    options: { onProgress?: (written: number) => void; zipCount?: number } = {},
  ): Promise<{ written: number; deleted: number }> {
    const earlier = await scanAll({
      TableName: this.tableName,
      ProjectionExpression: 'zip, #sk',
      FilterExpression: 'begins_with(#sk, :counties)',
      ExpressionAttributeNames: SORT_KEY_NAME,
      ExpressionAttributeValues: { ':counties': COUNTIES },
    });
    const items = spans.map(countyItemOf);
    const kept = new Set(items.map((item) => `${item.zip}/${item.state}`));
    const stale = (earlier as { zip: string; state: string }[]).filter((item) => !kept.has(`${item.zip}/${item.state}`));
    await this.writeAll(
      items.map((item) => ({ PutRequest: { Item: item } })),
      options,
    );
    await this.writeAll(stale.map(({ zip, state }) => ({ DeleteRequest: { Key: { zip, state } } })));
    await documentClient().put({
      TableName: this.tableName,
      Item: {
        zip: MANIFEST,
        state: CROSSWALK,
        zip_count: options.zipCount ?? new Set(spans.map((span) => span.zip)).size,
        multi_county_pairs: items.length,
        imported_at: new Date().toISOString(),
      },
    });
    return { written: items.length, deleted: stale.length };
  }

  /**
   * Writes rows in batches of 25, retrying unprocessed items with backoff, then records their months and states in the
   * manifest; puts overwrite and the manifest ADDs ZIPs to a set, so a re-run is safe.
   */
  async putAll(rows: readonly UsLocalRate[], options: { concurrency?: number; onProgress?: (written: number) => void } = {}): Promise<void> {
    await this.writeAll(
      rows.map((row) => ({ PutRequest: { Item: itemOf(row) } })),
      options,
    );
    await this.recordTables(rows);
  }

  /** Adds each month and state's ZIPs to its manifest item, then stores the set's size (read back from the ADD). */
  private async recordTables(rows: readonly UsLocalRate[]): Promise<void> {
    const zipsByTable = new Map<string, Set<string>>();
    for (const row of rows) {
      const key = sortKeyOf(row).split('#').reverse().join('#');
      zipsByTable.set(key, (zipsByTable.get(key) ?? new Set()).add(row.zip));
    }
    const importedAt = new Date().toISOString();
    const client = documentClient();
    for (const [key, zips] of zipsByTable) {
      const added = await client.update({
        TableName: this.tableName,
        Key: { zip: MANIFEST, state: key },
        UpdateExpression: 'ADD zips :zips SET imported_at = :at',
        ExpressionAttributeValues: { ':zips': zips, ':at': importedAt },
        ReturnValues: 'UPDATED_NEW',
      });
      const size = (added.Attributes?.zips as Set<string> | undefined)?.size ?? zips.size;
      await client.update({
        TableName: this.tableName,
        Key: { zip: MANIFEST, state: key },
        UpdateExpression: 'SET zip_count = :count',
        ExpressionAttributeValues: { ':count': size },
      });
    }
  }

  /** What the manifest says is imported: each month and state's table, and the crosswalk (one Query, the ZIP sets left out). */
  async importedTables(): Promise<ImportedTables> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'zip = :manifest',
      ProjectionExpression: '#sk, zip_count, imported_at, multi_county_pairs',
      ExpressionAttributeNames: SORT_KEY_NAME,
      ExpressionAttributeValues: { ':manifest': MANIFEST },
    });
    const crosswalk = items.find((item) => item.state === CROSSWALK);
    return {
      zipTables: items
        .filter((item) => item.state !== CROSSWALK)
        .map((item) => {
          const [month, state] = (item.state as string).split('#') as [string, string];
          return { month, state, zip_count: Number(item.zip_count ?? 0), imported_at: item.imported_at as string };
        }),
      crosswalk: crosswalk
        ? { zip_count: Number(crosswalk.zip_count), multi_county_pairs: Number(crosswalk.multi_county_pairs), imported_at: crosswalk.imported_at as string }
        : null,
    };
  }

  /**
   * Rewrites every item of the layout before monthly tables under its monthly key (`<state>#<effective_month>`), then
   * deletes it; an item whose monthly key was imported since is only deleted (the import is the newer copy). One
   * filtered scan of the table; safe to run again (puts first, deletes after; a second run finds nothing).
   */
  async migrateLegacyItems(): Promise<{ legacy_rows: number; rewritten: number; already_monthly: number }> {
    const legacy = (
      await scanAll({
        TableName: this.tableName,
        FilterExpression: 'NOT contains(#sk, :separator)',
        ExpressionAttributeNames: SORT_KEY_NAME,
        ExpressionAttributeValues: { ':separator': '#' },
      })
    ).map((item) => rowOf(item as RateItem));
    const monthly = await this.existingKeys(legacy.map((row) => ({ zip: row.zip, state: sortKeyOf(row) })));
    const missing = legacy.filter((row) => !monthly.has(`${row.zip}/${sortKeyOf(row)}`));
    await this.putAll(missing);
    await this.writeAll(legacy.map((row) => ({ DeleteRequest: { Key: { zip: row.zip, state: row.state } } })));
    return { legacy_rows: legacy.length, rewritten: missing.length, already_monthly: legacy.length - missing.length };
  }

  /** Which of these keys have an item, as `zip/sort key` (BatchGetItem, 100 keys a call). */
  private async existingKeys(keys: readonly { zip: string; state: string }[]): Promise<Set<string>> {
    const items = (await batchGetAll(this.tableName, keys, 'rate keys', {
      ProjectionExpression: 'zip, #sk',
      ExpressionAttributeNames: SORT_KEY_NAME,
    })) as RateItem[];
    return new Set(items.map((item) => `${item.zip}/${item.state}`));
  }

  private writeAll(
    requests: readonly Record<string, unknown>[],
    options: { concurrency?: number; onProgress?: (written: number) => void } = {},
  ): Promise<void> {
    return batchWriteMany(this.tableName, requests, 'rate items', options);
  }
}
