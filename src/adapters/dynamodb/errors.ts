/**
 * Secondary adapter (DynamoDB): the errors the lean client (lean-client.ts) throws, and the one place stores ask what
 * a DynamoDB error was. The client throws plain Errors named by the service's short code, shaped like the SDK's
 * exceptions (name, message, $fault, $metadata, and the body's own fields: CancellationReasons, Item), so stores test
 * names, never classes: the same test holds for an error from the SDK (the CLI's tools, tests that inject faults).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** An answer of DynamoDB other than 200: `name` is the short code of its `__type` (e.g. ConditionalCheckFailedException). */
export class DynamoDbServiceError extends Error {
  /** 'client' for a 4xx, 'server' for a 5xx, as the SDK says. */
  readonly $fault: 'client' | 'server';
  readonly $metadata: { httpStatusCode: number; requestId?: string; attempts?: number; totalRetryDelay?: number };
  /** The body's other fields (CancellationReasons, Item, ...), as the SDK puts them on its exceptions. */
  [field: string]: unknown;

  constructor(name: string, message: string, httpStatusCode: number, requestId: string | undefined, fields: Record<string, unknown>) {
    super(message);
    Object.assign(this, fields);
    this.name = name;
    this.$fault = httpStatusCode >= 500 ? 'server' : 'client';
    this.$metadata = { httpStatusCode, ...(requestId ? { requestId } : {}) };
  }
}

/** One reason per item of a cancelled TransactWriteItems; `Item` (the item as it was) in DynamoDB's AttributeValue form. */
export interface CancellationReason {
  Code?: string;
  Message?: string;
  Item?: Record<string, AttributeValue>;
}

const nameOf = (error: unknown): string | undefined => (error as { name?: unknown } | undefined)?.name as string | undefined;

/** A write refused by its ConditionExpression. */
export const isConditionalCheckFailed = (error: unknown): error is DynamoDbServiceError & { Item?: Record<string, AttributeValue> } =>
  nameOf(error) === 'ConditionalCheckFailedException';

/** The reasons of a cancelled TransactWriteItems, or undefined when the error is something else. */
export function transactionCancellationReasons(error: unknown): CancellationReason[] | undefined {
  if (nameOf(error) !== 'TransactionCanceledException') return undefined;
  return (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
}
