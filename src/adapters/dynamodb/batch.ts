/**
 * Secondary adapter (DynamoDB): batch reads and writes that finish. BatchGetItem and BatchWriteItem may leave part of a
 * batch unprocessed (throttling, the 16 MB answer cap); what is left is sent again after a growing pause, up to 9
 * tries, then the caller is told how many were left. One loop for every batch call of the stores.
 */
import { documentClient } from './client';

type Item = Record<string, unknown>;

/** BatchGetItem takes at most 100 keys a call, BatchWriteItem 25 requests. */
const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
const ATTEMPTS = 9;

/** Sends `first`, then whatever `send` answers as unprocessed, until nothing is left. `what` names the items in an error. */
async function untilProcessed<T>(first: T[], send: (pending: T[]) => Promise<T[]>, what: string): Promise<void> {
  let pending = first;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= ATTEMPTS) throw new Error(`DynamoDB kept ${pending.length} ${what} unprocessed; re-run the command`);
    if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    pending = await send(pending);
  }
}

/** The items of these keys that exist (any order), 100 keys a call; `request` adds a projection to each call. */
export async function batchGetAll(
  tableName: string,
  keys: readonly Item[],
  what: string,
  request: { ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> } = {},
): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_LIMIT) {
    await untilProcessed(
      keys.slice(i, i + BATCH_GET_LIMIT),
      async (pending) => {
        const result = await documentClient().batchGet({ RequestItems: { [tableName]: { Keys: pending, ...request } } });
        found.push(...(result.Responses?.[tableName] ?? []));
        return result.UnprocessedKeys?.[tableName]?.Keys ?? [];
      },
      what,
    );
  }
  return found;
}

/**
 * Any number of put or delete requests, 25 a BatchWriteItem, `concurrency` calls in flight (8 unless told);
 * `onProgress` hears how many are written so far.
 */
export async function batchWriteMany(
  tableName: string,
  requests: readonly Item[],
  what: string,
  options: { concurrency?: number; onProgress?: (written: number) => void } = {},
): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) batches.push(requests.slice(i, i + BATCH_WRITE_LIMIT));
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      await batchWriteAll(tableName, batch, what);
      written += batch.length;
      options.onProgress?.(written);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
}

/** One BatchWriteItem of up to 25 put or delete requests, sent until every request is processed. */
export async function batchWriteAll(tableName: string, requests: Item[], what: string): Promise<void> {
  await untilProcessed(
    requests,
    async (pending) => ((await documentClient().batchWrite({ RequestItems: { [tableName]: pending } })).UnprocessedItems?.[tableName] ?? []) as Item[],
    what,
  );
}
