/**
 * Secondary adapter (DynamoDB): the write of one counter item, for the exposure totals, the nexus counters and the
 * return counters alike. SET its descriptive attributes, ADD each amount (DynamoDB creates the item, and the
 * attribute, at 0 first); an amount that grows is guarded so the counter never passes 2^53 - 1, so a report never
 * holds a total that JavaScript, JSON clients or the SDK would round (a refused counter cancels the whole write).
 */
import type { TransactItem } from './transact';

/** An attribute ADDed to; `guarded: false` for a count one record moves by one (it cannot come near 2^53). */
export interface CounterAmount {
  attribute: string;
  amount: number;
  guarded?: boolean;
}

export function counterUpdate(
  tableName: string,
  key: Record<string, unknown>,
  set: Readonly<Record<string, unknown>>,
  amounts: readonly CounterAmount[],
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set).map(([attribute, value], i) => {
    names[`#s${i}`] = attribute;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const adds: string[] = [];
  const guards: string[] = [];
  amounts.forEach(({ attribute, amount, guarded = true }, i) => {
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = amount;
    adds.push(`#a${i} :a${i}`);
    if (!guarded || amount <= 0) return;
    values[`:ceiling${i}`] = Number.MAX_SAFE_INTEGER - amount;
    guards.push(`attribute_not_exists(#a${i}) OR #a${i} <= :ceiling${i}`);
  });
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')}${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(guards.length === 0 ? {} : { ConditionExpression: guards.length === 1 ? guards[0] : guards.map((g) => `(${g})`).join(' AND ') }),
    },
  };
}
