/**
 * Secondary adapter: the one DynamoDB client of a container, the AWS SDK's (`@aws-sdk/client-dynamodb`) behind
 * `@aws-sdk/lib-dynamodb`'s document client, which the stores call (`get`, `put`, `update`, `query`, ...; native
 * values in and out). Held in a module-scope variable and made on first use, then reused, so warm invocations keep
 * its keep-alive connections; made on first use rather than at import because the laptop runtime, the CLI and the
 * tests set LEVY_DYNAMODB_ENDPOINT after loading the modules (the design card: configuration is read when first used).
 *
 * Points at DynamoDB Local when LEVY_DYNAMODB_ENDPOINT is set; deployed, region, credentials and endpoint come from the
 * SDK's own resolution (AWS_REGION, the function role, AWS_ENDPOINT_URL_DYNAMODB, FIPS and dual-stack settings).
 * Each call is an X-Ray subsegment when tracing is built in (Powertools Tracer's captureAWSv3Client).
 * docs/dynamodb-client.md says why each setting is what it is.
 */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  type DeleteCommandInput,
  type DeleteCommandOutput,
  type GetCommandInput,
  type GetCommandOutput,
  type PutCommandInput,
  type PutCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type ScanCommandInput,
  type TranslateConfig,
  type ScanCommandOutput,
  type TransactWriteCommandInput,
  type TransactWriteCommandOutput,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { localDynamoDbEndpoint, localDynamoDbTimeoutMs } from '../../config/environment';
import { levyTracer } from '../observability/tracer';
import { localDynamoDbClientConfig } from './local-client-config';
import { stopWritesAtDeadline } from './deadline-middleware';
import { refuseOversizedItems } from './item-size';

/**
 * How long one attempt may wait for DynamoDB's answer before the SDK gives up on it and retries (its default waits
 * forever, and a function would then spend its whole timeout on one stalled socket). A retried write is safe: see
 * "Safe retries" in docs/dynamodb-client.md.
 */
export const DYNAMODB_REQUEST_TIMEOUT_MS = 5_000;
const CONNECTION_TIMEOUT_MS = 1_000;

/**
 * lib-dynamodb's document client with a method for each call the stores make, as its `DynamoDBDocument` names them
 * (`get`, `put`, ...), each sending its one command. Not `DynamoDBDocument` itself: it has a method for every DynamoDB
 * operation, so every command and its schema came into each function's bundle (about 18 KB of a cold start:
 * docs/benchmarks.md). A call the stores start making is added here.
 */
export class DocumentClient extends DynamoDBDocumentClient {
  static override from(client: DynamoDBClient, translateConfig?: TranslateConfig): DocumentClient {
    return new DocumentClient(client, translateConfig);
  }
  get(input: GetCommandInput): Promise<GetCommandOutput> {
    return this.send(new GetCommand(input));
  }
  put(input: PutCommandInput): Promise<PutCommandOutput> {
    return this.send(new PutCommand(input));
  }
  update(input: UpdateCommandInput): Promise<UpdateCommandOutput> {
    return this.send(new UpdateCommand(input));
  }
  delete(input: DeleteCommandInput): Promise<DeleteCommandOutput> {
    return this.send(new DeleteCommand(input));
  }
  query(input: QueryCommandInput): Promise<QueryCommandOutput> {
    return this.send(new QueryCommand(input));
  }
  scan(input: ScanCommandInput): Promise<ScanCommandOutput> {
    return this.send(new ScanCommand(input));
  }
  batchGet(input: BatchGetCommandInput): Promise<BatchGetCommandOutput> {
    return this.send(new BatchGetCommand(input));
  }
  batchWrite(input: BatchWriteCommandInput): Promise<BatchWriteCommandOutput> {
    return this.send(new BatchWriteCommand(input));
  }
  transactWrite(input: TransactWriteCommandInput): Promise<TransactWriteCommandOutput> {
    return this.send(new TransactWriteCommand(input));
  }
}

let client: DynamoDBClient | undefined;
let documents: DocumentClient | undefined;

function clientConfig(): DynamoDBClientConfig {
  const endpoint = localDynamoDbEndpoint();
  // throwOnRequestTimeout: without it the handler only logs a warning when an attempt passes requestTimeout, and waits on.
  const requestHandler = {
    requestTimeout: (endpoint && localDynamoDbTimeoutMs()) || DYNAMODB_REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    throwOnRequestTimeout: true,
  };
  if (endpoint) return { ...localDynamoDbClientConfig(endpoint), requestHandler };
  if (!process.env.AWS_REGION && !process.env.AWS_DEFAULT_REGION) {
    throw new Error('No AWS region: set AWS_REGION (Lambda sets it) or LEVY_DYNAMODB_ENDPOINT for DynamoDB Local.');
  }
  return { region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION, requestHandler };
}

/** The container's low-level client (the document client's, and Powertools idempotency's). */
export function dynamoDbClient(): DynamoDBClient {
  if (!client) {
    client = new DynamoDBClient(clientConfig());
    stopWritesAtDeadline(client);
    refuseOversizedItems(client);
    levyTracer()?.captureAWSv3Client(client);
  }
  return client;
}

/** The container's document client: removeUndefinedValues, as every store writes optional fields as undefined. */
export function documentClient(): DocumentClient {
  documents ??= DocumentClient.from(dynamoDbClient(), { marshallOptions: { removeUndefinedValues: true } });
  return documents;
}

/** Closes the keep-alive sockets (a CLI or a test file ending); the next documentClient() makes a new client. */
export function closeDynamoDbClient(): void {
  client?.destroy();
  client = undefined;
  documents = undefined;
}
