/**
 * Secondary adapter (DynamoDB): no write attempt starts once the running invocation is about to time out
 * (src/adapters/invocation/deadline.ts says why). A middleware on the SDK client's stack, inside its retry loop, so a
 * retry is checked too. Reads are not held back: an unanswered read writes nothing.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { InvocationDeadlineError, lastWriteAt } from '../invocation/deadline';

const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

export function stopWritesAtDeadline(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const deadline = lastWriteAt();
      if (deadline !== undefined && Date.now() > deadline && WRITE_COMMANDS.has(context.commandName ?? '')) {
        throw new InvocationDeadlineError(context.commandName ?? 'A write');
      }
      return next(args);
    },
    // After the retry middleware (high priority in the same step), so each attempt passes here.
    { step: 'finalizeRequest', priority: 'low', name: 'levyStopWritesAtDeadline' },
  );
}
