/**
 * Secondary adapter (DynamoDB): a write of an item over DynamoDB's 400 KB limit is the client's record being too
 * large, not a failure of Levy: DynamoDB refuses the whole call (a transaction included) with a ValidationException,
 * so nothing was written, and the route answers 422 `record_too_large` instead of a 500. A middleware on the SDK
 * client's stack, so every store's writes are covered.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AppError } from '../../domain/errors';

/** DynamoDB's item limit, attribute names and values together (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html). */
export const MAX_ITEM_BYTES = 400 * 1024;

/** DynamoDB's words for it: "Item size has exceeded ..." (PutItem, transactions), "Item size to update has exceeded ..." (UpdateItem). */
export const isItemTooLarge = (error: unknown): boolean =>
  (error as Error | undefined)?.name === 'ValidationException' &&
  /^Item size (to update )?has exceeded the maximum allowed size/.test((error as Error).message);

export const recordTooLarge = () =>
  new AppError(
    422,
    'record_too_large',
    `The record is over the ${MAX_ITEM_BYTES} bytes (400 KB) Levy keeps as one item (DynamoDB's limit), so nothing was written; send fewer or shorter line items, or split it into several records.`,
  );

export function refuseOversizedItems(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw isItemTooLarge(error) ? recordTooLarge() : error;
      }
    },
    { step: 'initialize', name: 'levyRefuseOversizedItems' },
  );
}
