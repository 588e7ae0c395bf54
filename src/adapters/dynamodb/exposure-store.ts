/**
 * Secondary adapter (DynamoDB, Exposure table): the precomputed exposure totals of an account, one counter item per
 * (period, currency, country[, state[, county]]):
 *
 *   sk `m#<YYYY-MM>#<currency>#<country>[#<state>[#<county>]]`  a month's totals
 *   sk `a#<currency>#<country>[#<state>[#<county>]]`             all-time totals
 *   attributes: period, currency, country, state?, county?, tax (minor units), sales (count), taxable_sales and
 *               `exempt#<reason>` (the filer's reason, src/domain/sales/line-taxability.ts; net sales amounts in minor units; absent on counters that never had any)
 *
 * and the nexus counters of each selling entity (docs/nexus.md "Counters"), per day and per month, the period
 * before the jurisdiction so one key range reads every jurisdiction of a span:
 *
 *   sk `n#<entity>#d#<YYYY-MM-DD>#<jurisdiction>#<currency>`   a day's sales
 *   sk `n#<entity>#m#<YYYY-MM>#<jurisdiction>#<currency>`      a month's sales
 *   sk `n#<entity>#x#<jurisdiction>#<currency>#<YYYY-MM-DD>`   the day's sales again, by jurisdiction and currency first:
 *                                                             a sale in another currency than a threshold's is
 *                                                             converted at its day's rate, so those days are read
 *   attributes: jurisdiction, period, currency, `<basis>` and `<basis>_n` (amount and count per basis: gross, retail,
 *               taxable, goods, b2c) for the seller's own sales, `mp_<basis>` and `mp_<basis>_n` for marketplace sales
 *   sk `n#<entity>#e#<jurisdiction>|<window key>|<event type>`  a nexus.approaching / .crossed event was written (issue
 *                                                             14): put if absent with the event, so it is written once
 *   attributes: event_id, created_at
 *
 * Counters change only by `ADD` inside the TransactWriteItems that writes the sale or refund they belong to, so
 * they move exactly when the record lands (docs/exposure.md). The report reads counters, never transactions.
 */
import { ALL_TIME, type ExposureDelta, type ExposureKey, type SalesAmounts } from '../../domain/exposure/deltas';
import type { ExposureTotal, PeriodSelection } from '../../domain/exposure/report';
import { emptyChannel, nexusBases, type ChannelTotals, type NexusDelta, type StoredNexusCounter } from '../../domain/nexus/counters';
import { filerReasonOfStored } from '../../domain/sales/line-taxability';
import type { ExposureTotals, NexusCounterStore } from '../../ports/reports';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import { counterUpdate } from './counter-update';
import { queryAll } from './query';
import type { TransactItem } from './transact';

/** The attribute of an exempt-sales counter: `exempt#resale`, `exempt#not_taxable_in_jurisdiction`... */
const EXEMPT_PREFIX = 'exempt#';

/** The net sales amounts of a counter item (none on items written before Levy kept them). */
function salesAmounts(item: Record<string, unknown>): SalesAmounts {
  // Counters written before the reasons were the filer's keep `exempt#RESALE`: read as `resale`, with the newer ones.
  const exempt: Record<string, number> = {};
  for (const [name, amount] of Object.entries(item)) {
    if (!name.startsWith(EXEMPT_PREFIX) || Number(amount) === 0) continue;
    const reason = filerReasonOfStored(name.slice(EXEMPT_PREFIX.length));
    exempt[reason] = (exempt[reason] ?? 0) + Number(amount);
  }
  const taxable = Number(item.taxable_sales ?? 0);
  return { ...(taxable !== 0 ? { taxable_sales: taxable } : {}), ...(Object.keys(exempt).length > 0 ? { exempt_sales: exempt } : {}) };
}

function exposureSortKey(key: ExposureKey): string {
  const head = key.period === ALL_TIME ? ['a'] : ['m', key.period];
  return [...head, key.currency, key.country, ...(key.state ? [key.state] : []), ...(key.state && key.county ? [key.county] : [])].join('#');
}

/** The attributes of a day counter naming the sale that crossed (StoredNexusCounter.crossings). */
const CROSSING_PREFIX = 'cx#';

const nexusMonthKey = (entityId: string, month: string, jurisdiction: string, currency: string) => `n#${entityId}#m#${month}#${jurisdiction}#${currency}`;
const nexusDayKey = (entityId: string, day: string, jurisdiction: string, currency: string) => `n#${entityId}#d#${day}#${jurisdiction}#${currency}`;
/** The marker of an entity's nexus event of `key` (src/domain/nexus/threshold-events.ts); with `key` empty, the prefix of all of them. */
const nexusEventMarkerKey = (entityId: string, key: string) => `n#${entityId}#e#${key}`;
const nexusCurrencyDayKey = (entityId: string, jurisdiction: string, currency: string, day: string) => `n#${entityId}#x#${jurisdiction}#${currency}#${day}`;

/** A nexus counter item's totals of one channel (`''` the seller's own sales, `mp_` marketplace sales). */
function channelOf(item: Record<string, unknown>, prefix: string): ChannelTotals {
  const totals = emptyChannel();
  for (const basis of nexusBases) {
    totals.amounts[basis] = Number(item[`${prefix}${basis}`] ?? 0);
    totals.counts[basis] = Number(item[`${prefix}${basis}_n`] ?? 0);
  }
  return totals;
}

export class DynamoDbExposureStore implements ExposureTotals, NexusCounterStore {
  constructor(private readonly tableName: string) {}

  /**
   * One Update per delta: SET the descriptive attributes, ADD the tax, the count and the sales amounts, each growing
   * amount guarded below 2^53 (counter-update.ts).
   */
  addItems(accountId: string, deltas: readonly ExposureDelta[]): TransactItem[] {
    return deltas.map((d) =>
      counterUpdate(
        this.tableName,
        { account_id: accountId, sk: exposureSortKey(d) },
        {
          period: d.period,
          currency: d.currency,
          country: d.country,
          ...(d.state ? { state: d.state } : {}),
          ...(d.state && d.county ? { county: d.county } : {}),
        },
        [
          { attribute: 'tax', amount: d.tax },
          { attribute: 'sales', amount: d.sales, guarded: false },
          ...(d.taxable_sales !== undefined && d.taxable_sales !== 0 ? [{ attribute: 'taxable_sales', amount: d.taxable_sales }] : []),
          ...Object.entries(d.exempt_sales ?? {}).map(([reason, amount]) => ({ attribute: `${EXEMPT_PREFIX}${reason}`, amount })),
        ],
      ),
    );
  }

  /**
   * The nexus counters a sale or refund moves: for each delta its day's and its month's item, ADDing every amount and
   * count (creating the item at 0). Amounts are guarded like the exposure totals: no counter passes 2^53 - 1.
   */
  addNexusItems(accountId: string, deltas: readonly NexusDelta[]): TransactItem[] {
    return deltas.flatMap((d) => {
      const prefix = d.channel === 'marketplace' ? 'mp_' : '';
      const amounts = nexusBases.flatMap((basis) =>
        [
          { attribute: `${prefix}${basis}`, amount: d.amounts[basis] },
          { attribute: `${prefix}${basis}_n`, amount: d.counts[basis] },
        ].filter((a) => a.amount !== 0),
      );
      if (amounts.length === 0) return [];
      const item = (sk: string, period: string) =>
        counterUpdate(this.tableName, { account_id: accountId, sk }, { jurisdiction: d.jurisdiction, period, currency: d.currency }, amounts);
      return [
        item(nexusDayKey(d.entity_id, d.day, d.jurisdiction, d.currency), d.day),
        item(nexusCurrencyDayKey(d.entity_id, d.jurisdiction, d.currency, d.day), d.day),
        item(nexusMonthKey(d.entity_id, d.day.slice(0, 7), d.jurisdiction, d.currency), d.day.slice(0, 7)),
      ];
    });
  }

  /** An entity's month counters from `fromMonth` to `toMonth` (YYYY-MM, inclusive), every jurisdiction: one key range. */
  nexusMonths(accountId: string, entityId: string, fromMonth: string, toMonth: string): Promise<StoredNexusCounter[]> {
    return this.nexusRange(accountId, `n#${entityId}#m#${fromMonth}#`, `n#${entityId}#m#${toMonth}#~`);
  }

  /** An entity's day counters of one month (YYYY-MM), every jurisdiction: one key range. */
  nexusDays(accountId: string, entityId: string, month: string): Promise<StoredNexusCounter[]> {
    return this.nexusRange(accountId, `n#${entityId}#d#${month}-`, `n#${entityId}#d#${month}-~`);
  }

  /** An entity's day counters of one jurisdiction and currency from `fromDay` to `toDay` (inclusive): one key range. */
  nexusCurrencyDays(
    accountId: string,
    entityId: string,
    jurisdiction: string,
    currency: string,
    fromDay: string,
    toDay: string,
  ): Promise<StoredNexusCounter[]> {
    return this.nexusRange(
      accountId,
      nexusCurrencyDayKey(entityId, jurisdiction, currency, fromDay),
      nexusCurrencyDayKey(entityId, jurisdiction, currency, toDay),
    );
  }

  /** The items of one sort-key range; read consistently, so a report is exact right after a write (a sale's 201). */
  private range(accountId: string, low: string, high: string) {
    return queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':account': accountId, ':low': low, ':high': high },
      ConsistentRead: true,
    });
  }

  private async nexusRange(accountId: string, low: string, high: string): Promise<StoredNexusCounter[]> {
    const items = await this.range(accountId, low, high);
    return items.map((item) => {
      const crossings = Object.entries(item).filter(([name]) => name.startsWith(CROSSING_PREFIX));
      return {
        jurisdiction: item.jurisdiction as string,
        period: item.period as string,
        currency: item.currency as string,
        direct: channelOf(item, ''),
        marketplace: channelOf(item, 'mp_'),
        ...(crossings.length > 0 ? { crossings: Object.fromEntries(crossings.map(([name, id]) => [name.slice(CROSSING_PREFIX.length), id as string])) } : {}),
      };
    });
  }

  /**
   * Remembers on a day counter (only if it exists: never creates a counter) which sale crossed a threshold on that day,
   * under a key that names the totals it was found with, so the next report does not read the day's sales again.
   */
  async rememberCrossing(
    accountId: string,
    entityId: string,
    day: string,
    jurisdiction: string,
    currency: string,
    key: string,
    transactionId: string,
  ): Promise<void> {
    await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { account_id: accountId, sk: nexusDayKey(entityId, day, jurisdiction, currency) },
        UpdateExpression: 'SET #crossing = :id',
        ConditionExpression: 'attribute_exists(sk)',
        ExpressionAttributeNames: { '#crossing': `${CROSSING_PREFIX}${key}` },
        ExpressionAttributeValues: { ':id': transactionId },
      }),
    );
  }

  /**
   * The marker of a nexus event (src/domain/nexus/threshold-events.ts): created with the event in one transaction,
   * only if absent, so an event of that entity, key (jurisdiction, window, type) is written once. An UpdateItem (the
   * sale's functions may already update this table), never a counter's key range.
   */
  nexusEventMarkerItem(accountId: string, entityId: string, key: string, eventId: string, createdAt: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: { account_id: accountId, sk: nexusEventMarkerKey(entityId, key) },
        UpdateExpression: 'SET event_id = :event, created_at = :at',
        ConditionExpression: 'attribute_not_exists(sk)',
        ExpressionAttributeValues: { ':event': eventId, ':at': createdAt },
      },
    };
  }

  /** The keys of the entity's nexus event markers (one Query: a sale past its thresholds finds its events written). */
  async nexusEventKeys(accountId: string, entityId: string): Promise<Set<string>> {
    const prefix = nexusEventMarkerKey(entityId, '');
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':account': accountId, ':prefix': prefix },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
    });
    return new Set(items.map((item) => String(item.sk).slice(prefix.length)));
  }

  /** The counters of the selected periods: all-time items, or the month items of a range (key range, no filter). */
  async totals(accountId: string, selection: PeriodSelection): Promise<ExposureTotal[]> {
    const range =
      selection.kind === 'all' ? { low: 'a#', high: 'a#~' } : { low: `m#${selection.from ?? '0000-01'}#`, high: `m#${selection.to ?? '9999-12'}#~` };
    const items = await this.range(accountId, range.low, range.high);
    return items.map((item) => ({
      period: item.period as string,
      currency: item.currency as string,
      country: item.country as string,
      ...(item.state !== undefined ? { state: item.state as string } : {}),
      ...(item.county !== undefined ? { county: item.county as string } : {}),
      tax: Number(item.tax ?? 0),
      sales: Number(item.sales ?? 0),
      ...salesAmounts(item),
    }));
  }
}
