/**
 * Secondary adapter (DynamoDB, Exposure table): the precomputed exposure totals of an account, one counter item per
 * (period, currency, country[, state[, county]]):
 *
 *   sk `m#<YYYY-MM>#<currency>#<country>[#<state>[#<county>]]`  a month's totals
 *   sk `a#<currency>#<country>[#<state>[#<county>]]`             all-time totals
 *   attributes: period, currency, country, state?, county?, tax (minor units), sales (count), taxable_sales and
 *               `exempt#<reason>` (net sales amounts in minor units, issue 12; absent on counters that never had any)
 *
 * Counters change only by `ADD` inside the TransactWriteItems that writes the sale or refund they belong to, so
 * they move exactly when the record lands (docs/exposure.md). The report reads counters, never transactions.
 */
import { ALL_TIME, type ExposureDelta, type ExposureKey, type SalesAmounts } from '../../domain/exposure/deltas';
import type { ExposureTotal, PeriodSelection } from '../../domain/exposure/report';
import type { ExposureTotals } from '../../ports/reports';
import { queryAll } from './query';
import type { TransactItem } from './transact';

/** The attribute of an exempt-sales counter: `exempt#RESALE`, `exempt#not_taxable_in_jurisdiction`... */
const EXEMPT_PREFIX = 'exempt#';

/** The net sales amounts of a counter item (none on items written before Levy kept them). */
function salesAmounts(item: Record<string, unknown>): SalesAmounts {
  const exempt = Object.entries(item)
    .filter(([name, amount]) => name.startsWith(EXEMPT_PREFIX) && Number(amount) !== 0)
    .map(([name, amount]) => [name.slice(EXEMPT_PREFIX.length), Number(amount)] as const);
  const taxable = Number(item.taxable_sales ?? 0);
  return { ...(taxable !== 0 ? { taxable_sales: taxable } : {}), ...(exempt.length > 0 ? { exempt_sales: Object.fromEntries(exempt) } : {}) };
}

function exposureSortKey(key: ExposureKey): string {
  const head = key.period === ALL_TIME ? ['a'] : ['m', key.period];
  return [...head, key.currency, key.country, ...(key.state ? [key.state] : []), ...(key.state && key.county ? [key.county] : [])].join('#');
}

export class DynamoDbExposureStore implements ExposureTotals {
  constructor(private readonly tableName: string) {}

  /**
   * One Update per delta: SET the descriptive attributes, ADD the amounts (creates the item at 0 first). A delta that
   * adds tax or sales amounts is conditional on each growing counter staying a safe integer (at most 2^53 - 1), so a
   * report never holds a total that JavaScript, JSON clients or the SDK would round; a refused counter cancels the
   * whole write.
   */
  addItems(accountId: string, deltas: readonly ExposureDelta[]): TransactItem[] {
    return deltas.map((d) => {
      const names: Record<string, string> = { '#period': 'period', '#currency': 'currency', '#country': 'country', '#tax': 'tax', '#sales': 'sales' };
      const values: Record<string, unknown> = { ':period': d.period, ':currency': d.currency, ':country': d.country, ':tax': d.tax, ':sales': d.sales };
      const sets = ['#period = :period', '#currency = :currency', '#country = :country'];
      if (d.state) {
        names['#state'] = 'state';
        values[':state'] = d.state;
        sets.push('#state = :state');
      }
      if (d.state && d.county) {
        names['#county'] = 'county';
        values[':county'] = d.county;
        sets.push('#county = :county');
      }
      // Every amount added is ADDed; each that grows is guarded, so no counter passes 2^53 - 1.
      const adds = ['#tax :tax', '#sales :sales'];
      const guards: string[] = [];
      const guard = (name: string, value: number, key: string) => {
        if (value <= 0) return;
        values[`:ceiling${key}`] = Number.MAX_SAFE_INTEGER - value;
        guards.push(`attribute_not_exists(${name}) OR ${name} <= :ceiling${key}`);
      };
      guard('#tax', d.tax, '');
      if (d.taxable_sales !== undefined && d.taxable_sales !== 0) {
        names['#taxable_sales'] = 'taxable_sales';
        values[':taxable_sales'] = d.taxable_sales;
        adds.push('#taxable_sales :taxable_sales');
        guard('#taxable_sales', d.taxable_sales, '_taxable_sales');
      }
      Object.entries(d.exempt_sales ?? {}).forEach(([reason, amount], index) => {
        names[`#exempt_${index}`] = `${EXEMPT_PREFIX}${reason}`;
        values[`:exempt_${index}`] = amount;
        adds.push(`#exempt_${index} :exempt_${index}`);
        guard(`#exempt_${index}`, amount, `_exempt_${index}`);
      });
      return {
        Update: {
          TableName: this.tableName,
          Key: { account_id: accountId, sk: exposureSortKey(d) },
          UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ...(guards.length > 0 ? { ConditionExpression: guards.length === 1 ? guards[0] : guards.map((g) => `(${g})`).join(' AND ') } : {}),
        },
      };
    });
  }

  /** The counters of the selected periods: all-time items, or the month items of a range (key range, no filter). */
  async totals(accountId: string, selection: PeriodSelection): Promise<ExposureTotal[]> {
    const range =
      selection.kind === 'all'
        ? { low: 'a#', high: 'a#~' }
        : { low: `m#${selection.from ?? '0000-01'}#`, high: `m#${selection.to ?? '9999-12'}#~` };
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':account': accountId, ':low': range.low, ':high': range.high },
      // The report is exact right after a write, as a sale's 201 promises.
      ConsistentRead: true,
    });
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
