/**
 * Secondary adapter (DynamoDB, ReturnCounters table): the return counters and the ledger's records by recording time
 * (docs/returns.md "Counters"), partitioned by account:
 *
 *   sk `d#<YYYY-MM-DD>#c#<cover>#<currency>#<line>`   a day's figures of one cover and currency for one return line
 *                                                   (`<jurisdiction>|<rate type>`) or, with `<line>` empty, the totals
 *      attributes: day, cover, currency, line (the line's key; absent on totals), n, taxable, tax, refunded_taxable,
 *                  refunded_exempt, refund_tax and `x#<reason>` (exempt sales by the filer's reason)
 *   sk `d#<YYYY-MM-DD>#k#<kind>#<covers>`             how many sales (refunds) of the day have lines under these covers
 *      attributes: day, kind, covers, count
 *   sk `t#<YYYY-MM>#<recorded_at>#<kind>#<transaction id>[#<refund id>]`
 *                                                   a record dated in that month, by the instant it was recorded: a
 *                                                   return reads those recorded after an instant (its cutoff, a
 *                                                   finalized return's lock) one by one, never the whole period
 *      attributes: date, kind, transaction_id, refund_id?, recorded_at
 *
 * The counters change only by ADD, and the record's `t#` item is put only if absent, in the TransactWriteItems that
 * writes the sale or refund (src/adapters/dynamodb/ledger.ts): a record is counted exactly once, which also makes
 * `levy migrate` (counting records written before the counters existed) safe to run again. A period's counters are
 * one key range whatever its number of sales.
 */
import { counterId, countId, emptyCounterFigures, type LineKey, type ReturnCounter, type ReturnCount, type ReturnDeltas } from '../../domain/returns/counters';
import type { RecordingEntry, ReturnCounterStore } from '../../ports/returns';
import { counterUpdate } from './counter-update';
import { queryAll } from './query';
import type { TransactItem } from './transact';

/** The attribute of exempt sales of one reason. */
const EXEMPT_PREFIX = 'x#';
const AMOUNTS = ['n', 'taxable', 'tax', 'refunded_taxable', 'refunded_exempt', 'refund_tax'] as const;

const counterKey = (c: ReturnCounter) => {
  const [day, ...rest] = counterId(c).split('#');
  return `d#${day}#c#${rest.join('#')}`;
};
const countKey = (c: ReturnCount) => {
  const [day, ...rest] = countId(c).split('#');
  return `d#${day}#k#${rest.join('#')}`;
};
const recordingKey = (e: RecordingEntry) =>
  `t#${e.date.slice(0, 7)}#${e.recorded_at}#${e.kind}#${e.transaction_id}${e.refund_id !== undefined ? `#${e.refund_id}` : ''}`;

function toCounter(item: Record<string, unknown>): ReturnCounter {
  const figures = emptyCounterFigures();
  for (const name of AMOUNTS) figures[name] = Number(item[name] ?? 0);
  for (const [name, amount] of Object.entries(item)) if (name.startsWith(EXEMPT_PREFIX) && Number(amount) !== 0) figures.exempt[name.slice(2)] = Number(amount);
  return {
    day: item.day as string,
    cover: item.cover as string,
    currency: item.currency as string,
    ...(item.line !== undefined ? { line: item.line as LineKey } : {}),
    figures,
  };
}

export class DynamoDbReturnCounterStore implements ReturnCounterStore {
  /**
   * A name, or how to get it when first needed: the sale and refund ledgers hold this store, and a function that only
   * reads sales (GET /v1/transactions/{id}) is not given the ReturnCounters table (nor its name).
   */
  constructor(private readonly tableNameOrGetter: string | (() => string)) {}

  private get tableName(): string {
    return typeof this.tableNameOrGetter === 'string' ? this.tableNameOrGetter : this.tableNameOrGetter();
  }

  /** The writes of a record's counters (ADD, each growing amount guarded below 2^53 like the exposure totals) and counts. */
  addItems(accountId: string, deltas: ReturnDeltas): TransactItem[] {
    const counters = deltas.counters.map((c) =>
      counterUpdate(
        this.tableName,
        { account_id: accountId, sk: counterKey(c) },
        { day: c.day, cover: c.cover, currency: c.currency, ...(c.line ? { line: c.line } : {}) },
        [
          ...AMOUNTS.map((name) => ({ attribute: name, amount: c.figures[name] })),
          ...Object.entries(c.figures.exempt).map(([reason, amount]) => ({ attribute: `${EXEMPT_PREFIX}${reason}`, amount })),
        ].filter((a) => a.amount !== 0),
      ),
    );
    const counts = deltas.counts.map((c) =>
      counterUpdate(this.tableName, { account_id: accountId, sk: countKey(c) }, { day: c.day, kind: c.kind, covers: [...c.covers] }, [
        { attribute: 'count', amount: c.count, guarded: false },
      ]),
    );
    return [...counters, ...counts];
  }

  /** The record's entry by recording time, put only if absent: the record is counted once (item of its write). */
  recordingItem(accountId: string, entry: RecordingEntry): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: { account_id: accountId, sk: recordingKey(entry), ...entry },
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    };
  }

  /** The counters and counts of the days `from` to `to` (inclusive): one key range, read consistently. */
  async counters(accountId: string, from: string, to: string): Promise<ReturnDeltas> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':account': accountId, ':low': `d#${from}#`, ':high': `d#${to}#~` },
      ConsistentRead: true,
    });
    const out: ReturnDeltas = { counters: [], counts: [] };
    for (const item of items) {
      if (String(item.sk).split('#')[2] === 'k') {
        out.counts.push({ day: item.day as string, kind: item.kind as 'sale' | 'refund', covers: item.covers as string[], count: Number(item.count ?? 0) });
      } else out.counters.push(toCounter(item));
    }
    return out;
  }

  /** The records dated in these months (YYYY-MM) recorded after `after` (exclusive, none: from the first) and at most `upTo`. */
  async recorded(accountId: string, months: readonly string[], after: string | undefined, upTo: string | undefined): Promise<RecordingEntry[]> {
    const pages = await Promise.all(
      months.map((month) =>
        queryAll({
          TableName: this.tableName,
          KeyConditionExpression: 'account_id = :account AND sk BETWEEN :low AND :high',
          ExpressionAttributeValues: {
            ':account': accountId,
            ':low': after === undefined ? `t#${month}#` : `t#${month}#${after}~`,
            ':high': upTo === undefined ? `t#${month}#~` : `t#${month}#${upTo}#~`,
          },
          ConsistentRead: true,
        }),
      ),
    );
    return pages.flat().map((item) => ({
      kind: item.kind as 'sale' | 'refund',
      transaction_id: item.transaction_id as string,
      ...(item.refund_id !== undefined ? { refund_id: item.refund_id as string } : {}),
      date: item.date as string,
      recorded_at: item.recorded_at as string,
    }));
  }
}
