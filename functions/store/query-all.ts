/**
 * Secondary adapter (DynamoDB): every item a Query matches, following LastEvaluatedKey across
 * DynamoDB's 1 MB pages. For reads bounded by design (a report's counters, a sale's refunds, a
 * usage period), not for lists a client pages through.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './dynamodb-client';

export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
