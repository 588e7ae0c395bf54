/**
 * Secondary adapter (DynamoDB): a write whose ConditionExpression may refuse it. A refused condition is an answer
 * (no such record, already revoked, someone else's claim), not an error: the write's output, or undefined.
 */
import { isConditionalCheckFailed } from './errors';

export async function unlessConditionFails<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}
