/**
 * Test support: watching or failing the stores' DynamoDB calls, for faults DynamoDB Local cannot produce on demand.
 * The stores call lib-dynamodb's document client (`get`, `put`, ... each `send`s a command); a test sees each call as
 * its DynamoDB operation (`GetItem`, `TransactWriteItems`, ...) and its input in native values. Undone by
 * `jest.restoreAllMocks()`.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, dynamoDbClient } from '../../src/adapters/dynamodb/client';

const COMMANDS = {
  GetItem: GetCommand,
  PutItem: PutCommand,
  UpdateItem: UpdateCommand,
  DeleteItem: DeleteCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
  BatchGetItem: BatchGetCommand,
  BatchWriteItem: BatchWriteCommand,
  TransactWriteItems: TransactWriteCommand,
} as const;

export type DocumentOperation = keyof typeof COMMANDS;
export type Input = Record<string, any>;
export type Send = (operation: DocumentOperation, input: Input) => Promise<any>;

const operationOf = (command: object): DocumentOperation => {
  const entry = Object.entries(COMMANDS).find(([, type]) => command instanceof type);
  if (!entry) throw new Error(`Not a document command: ${command.constructor.name}`);
  return entry[0] as DocumentOperation;
};

/** Replaces the calls `pick` chooses by `instead` (which gets the real send); the others go to DynamoDB. */
export function interceptDynamoDb(
  pick: (operation: DocumentOperation, input: Input) => boolean,
  instead: (operation: DocumentOperation, input: Input, realSend: Send) => Promise<unknown>,
) {
  const documents = documentClient();
  const original = documents.send.bind(documents) as (command: object) => Promise<any>;
  const realSend: Send = (operation, input) => original(new COMMANDS[operation](input as never));
  return jest.spyOn(documents, 'send').mockImplementation(((command: { input: Input }) => {
    const operation = operationOf(command);
    return pick(operation, command.input) ? instead(operation, command.input, realSend) : original(command);
  }) as never);
}

/** The calls `pick` chooses wait `ms` before they are sent (a slow database); the others go at once. */
export const delayDynamoDb = (pick: (operation: DocumentOperation, input: Input) => boolean, ms: number) =>
  interceptDynamoDb(pick, async (operation, input, realSend) => {
    await new Promise((r) => setTimeout(r, ms));
    return realSend(operation, input);
  });

/** Every call from now on, as operation and input, in order (the calls still go to DynamoDB). */
export function recordDynamoDbCalls(): { operation: DocumentOperation; input: Input; output: Promise<any> }[] {
  const calls: { operation: DocumentOperation; input: Input; output: Promise<any> }[] = [];
  interceptDynamoDb(
    () => true,
    (operation, input, realSend) => {
      const output = realSend(operation, input);
      calls.push({ operation, input, output });
      return output;
    },
  );
  return calls;
}

/**
 * The operations the container's client sends from now on (`GetItem`, `UpdateItem`, ...), the stores' and Powertools'
 * alike: a middleware on the SDK client's stack (instrumentation, not a mock; every call still runs). `stop` removes it.
 */
export function countWireCalls(): { operations: string[]; stop: () => void } {
  const operations: string[] = [];
  const name = `levyTestCount${Math.random().toString(36).slice(2)}`;
  const stack = dynamoDbClient().middlewareStack;
  stack.add(
    (next, context) => (args) => {
      operations.push((context.commandName ?? '').replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { operations, stop: () => void stack.remove(name) };
}

type WireNext = (args: any) => Promise<any>;

/**
 * Replaces the attempts `pick` chooses, below the SDK's retries (each attempt, a retry too, passes here), by `instead`,
 * which gets the real send of that attempt: a fault no real DynamoDB gives on demand, such as an answer lost after the
 * write landed. `stop` removes it.
 */
export function interceptAttempts(
  pick: (operation: string, input: Input) => boolean,
  instead: (send: () => Promise<any>) => Promise<any>,
): { stop: () => void } {
  const name = `levyTestAttempt${Math.random().toString(36).slice(2)}`;
  const stack = dynamoDbClient().middlewareStack;
  stack.add(
    (next: WireNext, context) => (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      return pick(operation, args.input as Input) ? instead(() => next(args)) : next(args);
    },
    { step: 'finalizeRequest', priority: 'low', name },
  );
  return { stop: () => void stack.remove(name) };
}

/** A timeout as the SDK's HTTP handler reports it: retryable. */
export const lostAnswer = () => Object.assign(new Error('socket hang up (injected)'), { name: 'TimeoutError', code: 'ETIMEDOUT' });
