/**
 * Secondary adapter (DynamoDB, documents): the interface the stores call, with the shapes of @aws-sdk/lib-dynamodb's
 * commands (native JavaScript values in, native values out; its input and output types, imported as types only), over
 * the lean wire client (lean-client.ts). Inputs are marshalled with removeUndefinedValues, outputs unmarshalled, as
 * `DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } })` does, at the same
 * places (the wire oracle test, test/unit/adapters/dynamodb-wire.test.ts, holds it to that). Errors are not
 * unmarshalled (as in lib-dynamodb): a ConditionalCheckFailed `Item` and a cancellation reason's `Item` stay in
 * AttributeValue form.
 *
 * Every operation passes through `send(operation, input)`, so a test can watch or fail any call in one place.
 */
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall, type marshallOptions } from '@aws-sdk/util-dynamodb';
import type { DynamoDbHttpClient } from './lean-client';

/** The pre-expression parameters (Expected, KeyConditions, ...): not marshalled here, so not accepted. */
type Legacy = 'Expected' | 'ConditionalOperator' | 'AttributeUpdates' | 'KeyConditions' | 'QueryFilter' | 'ScanFilter';
export type GetInput = GetCommandInput;
export type PutInput = Omit<PutCommandInput, Legacy>;
export type UpdateInput = Omit<UpdateCommandInput, Legacy>;
export type DeleteInput = Omit<DeleteCommandInput, Legacy>;
export type QueryInput = Omit<QueryCommandInput, Legacy>;
export type ScanInput = Omit<ScanCommandInput, Legacy>;

/** The operations Levy uses: their DynamoDB names, and lib-dynamodb's input and output shapes. */
export interface DocumentOperations {
  GetItem: [GetInput, GetCommandOutput];
  PutItem: [PutInput, PutCommandOutput];
  UpdateItem: [UpdateInput, UpdateCommandOutput];
  DeleteItem: [DeleteInput, DeleteCommandOutput];
  Query: [QueryInput, QueryCommandOutput];
  Scan: [ScanInput, ScanCommandOutput];
  BatchGetItem: [BatchGetCommandInput, BatchGetCommandOutput];
  BatchWriteItem: [BatchWriteCommandInput, BatchWriteCommandOutput];
  TransactWriteItems: [TransactWriteCommandInput, TransactWriteCommandOutput];
}
export type DocumentOperation = keyof DocumentOperations;
export type DocumentInput<O extends DocumentOperation> = DocumentOperations[O][0];
export type DocumentOutput<O extends DocumentOperation> = DocumentOperations[O][1];

type Doc = Record<string, unknown>;
type AttributeMap = Record<string, never>;

const MARSHALL: marshallOptions = { removeUndefinedValues: true };
const toAttributes = (value: unknown) => (value === undefined ? undefined : marshall(value as Doc, MARSHALL));
const fromAttributes = (value: unknown) => (value === undefined ? undefined : unmarshall(value as AttributeMap));
const eachOf = <T>(list: unknown, convert: (item: T) => unknown) => (Array.isArray(list) ? list.map((item: T) => convert(item)) : list);
const perTable = <T>(map: unknown, convert: (entry: T) => unknown) =>
  map === undefined ? undefined : Object.fromEntries(Object.entries(map as Record<string, T>).map(([table, entry]) => [table, convert(entry)]));

/** A write request of BatchWriteItem (input or UnprocessedItems), either way. */
const writeRequest = (convert: (value: unknown) => unknown) => (request: Doc) => ({
  ...request,
  ...(request.PutRequest ? { PutRequest: { ...(request.PutRequest as Doc), Item: convert((request.PutRequest as Doc).Item) } } : {}),
  ...(request.DeleteRequest ? { DeleteRequest: { ...(request.DeleteRequest as Doc), Key: convert((request.DeleteRequest as Doc).Key) } } : {}),
});

const withKeyAndValues = (part: Doc) => ({ ...part, Key: toAttributes(part.Key), ExpressionAttributeValues: toAttributes(part.ExpressionAttributeValues) });
const withItemAndValues = (part: Doc) => ({ ...part, Item: toAttributes(part.Item), ExpressionAttributeValues: toAttributes(part.ExpressionAttributeValues) });
const withCollectionKey = (metrics: unknown) => metrics && { ...(metrics as Doc), ItemCollectionKey: fromAttributes((metrics as Doc).ItemCollectionKey) };

/** Where each operation's input holds values (lib-dynamodb's inputKeyNodes, for the members Levy sends). */
const marshallInput: { [O in DocumentOperation]: (input: Doc) => Doc } = {
  GetItem: (i) => ({ ...i, Key: toAttributes(i.Key) }),
  PutItem: withItemAndValues,
  UpdateItem: withKeyAndValues,
  DeleteItem: withKeyAndValues,
  Query: (i) => ({ ...i, ExclusiveStartKey: toAttributes(i.ExclusiveStartKey), ExpressionAttributeValues: toAttributes(i.ExpressionAttributeValues) }),
  Scan: (i) => ({ ...i, ExclusiveStartKey: toAttributes(i.ExclusiveStartKey), ExpressionAttributeValues: toAttributes(i.ExpressionAttributeValues) }),
  BatchGetItem: (i) => ({ ...i, RequestItems: perTable<Doc>(i.RequestItems, (t) => ({ ...t, Keys: eachOf(t.Keys, toAttributes) })) }),
  BatchWriteItem: (i) => ({ ...i, RequestItems: perTable<Doc[]>(i.RequestItems, (requests) => requests.map(writeRequest(toAttributes))) }),
  TransactWriteItems: (i) => ({
    ...i,
    TransactItems: eachOf<Doc>(i.TransactItems, (item) => ({
      ...item,
      ...(item.ConditionCheck ? { ConditionCheck: withKeyAndValues(item.ConditionCheck as Doc) } : {}),
      ...(item.Put ? { Put: withItemAndValues(item.Put as Doc) } : {}),
      ...(item.Delete ? { Delete: withKeyAndValues(item.Delete as Doc) } : {}),
      ...(item.Update ? { Update: withKeyAndValues(item.Update as Doc) } : {}),
    })),
  }),
};

const writeOutput = (o: Doc) => ({ ...o, Attributes: fromAttributes(o.Attributes), ItemCollectionMetrics: withCollectionKey(o.ItemCollectionMetrics) });
const tableMetrics = (o: Doc) => ({ ...o, ItemCollectionMetrics: perTable<unknown[]>(o.ItemCollectionMetrics, (list) => list.map(withCollectionKey)) });

/** Where each operation's output holds values (lib-dynamodb's outputKeyNodes). */
const unmarshallOutput: { [O in DocumentOperation]: (output: Doc) => Doc } = {
  GetItem: (o) => ({ ...o, Item: fromAttributes(o.Item) }),
  PutItem: writeOutput,
  UpdateItem: writeOutput,
  DeleteItem: writeOutput,
  Query: (o) => ({ ...o, Items: eachOf(o.Items, fromAttributes), LastEvaluatedKey: fromAttributes(o.LastEvaluatedKey) }),
  Scan: (o) => ({ ...o, Items: eachOf(o.Items, fromAttributes), LastEvaluatedKey: fromAttributes(o.LastEvaluatedKey) }),
  BatchGetItem: (o) => ({
    ...o,
    Responses: perTable<unknown[]>(o.Responses, (items) => items.map(fromAttributes)),
    UnprocessedKeys: perTable<Doc>(o.UnprocessedKeys, (t) => ({ ...t, Keys: eachOf(t.Keys, fromAttributes) })),
  }),
  BatchWriteItem: (o) => tableMetrics({ ...o, UnprocessedItems: perTable<Doc[]>(o.UnprocessedItems, (requests) => requests.map(writeRequest(fromAttributes))) }),
  TransactWriteItems: tableMetrics,
};

/** Drops the members a conversion left undefined, so outputs have the keys lib-dynamodb's have. */
function defined(doc: Doc): Doc {
  for (const key of Object.keys(doc)) if (doc[key] === undefined) delete doc[key];
  return doc;
}

export class DynamoDbDocuments {
  constructor(private readonly wire: Pick<DynamoDbHttpClient, 'call'>) {}

  /** Every operation of the facade: marshalls, calls DynamoDB, unmarshalls. */
  async send<O extends DocumentOperation>(operation: O, input: DocumentInput<O>): Promise<DocumentOutput<O>> {
    const output = await this.wire.call(operation, defined(marshallInput[operation](input as Doc)));
    return defined(unmarshallOutput[operation](output)) as DocumentOutput<O>;
  }

  get(input: GetInput) {
    return this.send('GetItem', input);
  }

  put(input: PutInput) {
    return this.send('PutItem', input);
  }

  update(input: UpdateInput) {
    return this.send('UpdateItem', input);
  }

  delete(input: DeleteInput) {
    return this.send('DeleteItem', input);
  }

  query(input: QueryInput) {
    return this.send('Query', input);
  }

  scan(input: ScanInput) {
    return this.send('Scan', input);
  }

  batchGet(input: BatchGetCommandInput) {
    return this.send('BatchGetItem', input);
  }

  batchWrite(input: BatchWriteCommandInput) {
    return this.send('BatchWriteItem', input);
  }

  transactWrite(input: TransactWriteCommandInput) {
    return this.send('TransactWriteItems', input);
  }
}
