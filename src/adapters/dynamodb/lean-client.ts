/**
 * Secondary adapter (DynamoDB, the wire): a lean client of DynamoDB's JSON 1.0 protocol, in place of the AWS SDK in
 * the functions (docs/dynamodb-client.md says why and what it leaves out). One call is a POST of the operation's JSON
 * to `/`, named by `x-amz-target`, signed with SigV4 (sigv4.ts), over one keep-alive agent. It retries as the SDK's
 * DynamoDB client does in standard mode (@smithy/core/retry, @aws-sdk/client-dynamodb 3.1162): 4 attempts; full-jitter
 * exponential backoff from 25 ms, from 1 s after throttling; the same throttling and transient error lists; a retry
 * quota. Errors are DynamoDbServiceError (errors.ts). Values stay in DynamoDB's AttributeValue form here (Binary as
 * Uint8Array); documents.ts marshalls.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { DynamoDbServiceError } from './errors';
import { signRequest, type AwsCredentials } from '../aws/sigv4';

/** Wraps one call (all its attempts) for tracing; gives `send` the X-Amzn-Trace-Id to put on the request, if any. */
export type CallTracer = <T>(operation: string, input: Record<string, unknown>, region: string, send: (traceHeader?: string) => Promise<T>) => Promise<T>;

export interface DynamoDbHttpClientOptions {
  region: string;
  /** A full URL (DynamoDB Local, AWS_ENDPOINT_URL_DYNAMODB); default: the region's public endpoint (dynamoDbEndpoint). */
  endpoint?: string;
  credentials: () => AwsCredentials | Promise<AwsCredentials>;
  maxAttempts?: number;
  /** A socket that stays silent this long fails the attempt with a TimeoutError (retried). */
  requestTimeoutMs?: number;
  tracer?: CallTracer;
  /** For tests: the pause between attempts and the jitter. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => Date;
}

/** Response metadata, as the SDK's outputs and errors carry it. */
export interface ResponseMetadata {
  httpStatusCode: number;
  requestId?: string;
  attempts: number;
  totalRetryDelay: number;
}

// The SDK's lists (@smithy/core/retry: THROTTLING_ERROR_CODES, TRANSIENT_ERROR_CODES, ...), DynamoDB's defaults
// (@aws-sdk/client-dynamodb: 4 attempts, base delay 25 ms) and its quota (500 tokens, 14 a retry, 5 after throttling).
const THROTTLING_CODES = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
/** ReplicatedWriteConflictException is retryable by its trait in the SDK's model. */
const TRANSIENT_CODES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'ReplicatedWriteConflictException']);
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
const SOCKET_ERROR_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
export const DEFAULT_MAX_ATTEMPTS = 4;
const BASE_DELAY_MS = 25;
const THROTTLING_BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 20_000;
const QUOTA = 500;
const RETRY_COST = 14;
const THROTTLING_RETRY_COST = 5;
const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
const API_VERSION = 'DynamoDB_20120810';

type RetryKind = 'throttling' | 'transient' | 'none';

function retryKind(error: unknown): RetryKind {
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status === 429 || THROTTLING_CODES.has(e.name ?? '')) return 'throttling';
  if (TRANSIENT_CODES.has(e.name ?? '') || SOCKET_ERROR_CODES.has(e.code ?? '') || TRANSIENT_STATUSES.has(status ?? 0)) return 'transient';
  return 'none';
}

/** The region's public endpoint; FIPS and dual-stack when the SDK's environment variables ask for them. */
export function dynamoDbEndpoint(region: string, env: NodeJS.ProcessEnv = process.env): string {
  const fips = env.AWS_USE_FIPS_ENDPOINT === 'true' ? '-fips' : '';
  const dualStack = env.AWS_USE_DUALSTACK_ENDPOINT === 'true';
  const china = region.startsWith('cn-');
  const suffix = dualStack ? (china ? 'api.amazonwebservices.com.cn' : 'api.aws') : china ? 'amazonaws.com.cn' : 'amazonaws.com';
  return `https://dynamodb${fips}.${region}.${suffix}`;
}

/** JSON with Binary values (Uint8Array) as base64, as the JSON protocol carries them. */
function toJson(body: Record<string, unknown>): string {
  return JSON.stringify(body, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') : value;
  });
}

const fromBase64 = (text: string): Uint8Array => {
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};

/** Binary values back to Uint8Array (B and BS are the only base64 strings a DynamoDB answer holds, and only inside AttributeValues). */
function fromJson(text: string): Record<string, unknown> {
  if (text === '') return {};
  return JSON.parse(text, (key, value: unknown) => {
    if (key === 'B' && typeof value === 'string') return fromBase64(value);
    if (key === 'BS' && Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map(fromBase64);
    return value;
  }) as Record<string, unknown>;
}

interface RawResponse {
  status: number;
  requestId?: string;
  body: string;
}

export class DynamoDbHttpClient {
  readonly region: string;
  readonly endpoint: string;
  private readonly url: URL;
  private readonly agent: http.Agent;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private quota = QUOTA;

  constructor(private readonly options: DynamoDbHttpClientOptions) {
    this.region = options.region;
    this.endpoint = options.endpoint ?? dynamoDbEndpoint(options.region);
    this.url = new URL(this.endpoint);
    const secure = this.url.protocol === 'https:';
    // One agent per container: warm invocations reuse its sockets (no TLS handshake per call).
    this.agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 50 }) : new http.Agent({ keepAlive: true, maxSockets: 50 });
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  /** One operation (e.g. 'GetItem') with its input in AttributeValue form; its output with `$metadata`. */
  async call(operation: string, input: Record<string, unknown>): Promise<Record<string, unknown> & { $metadata: ResponseMetadata }> {
    const body = toJson(input);
    const send = (traceHeader?: string) => this.withRetries(operation, body, traceHeader);
    return this.options.tracer ? this.options.tracer(operation, input, this.region, send) : send();
  }

  /** Closes the idle keep-alive sockets. */
  destroy(): void {
    this.agent.destroy();
  }

  private async withRetries(operation: string, body: string, traceHeader: string | undefined) {
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const random = this.options.random ?? Math.random;
    let totalRetryDelay = 0;
    let lastRetryCost: number | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.send(operation, body, traceHeader);
        const $metadata: ResponseMetadata = { httpStatusCode: response.status, requestId: response.requestId, attempts: attempt, totalRetryDelay };
        if (response.status >= 300) throw serviceError(response);
        this.quota = Math.min(QUOTA, this.quota + (lastRetryCost ?? 1));
        return { ...fromJson(response.body), $metadata };
      } catch (error) {
        const kind = retryKind(error);
        const cost = kind === 'throttling' ? THROTTLING_RETRY_COST : RETRY_COST;
        if (error instanceof Error) {
          const metadata = ((error as Partial<DynamoDbServiceError>).$metadata ?? {}) as Partial<ResponseMetadata>;
          (error as { $metadata?: unknown }).$metadata = { ...metadata, attempts: attempt, totalRetryDelay };
        }
        if (kind === 'none' || attempt >= this.maxAttempts || this.quota < cost) throw error;
        this.quota -= cost;
        lastRetryCost = cost;
        const base = kind === 'throttling' ? THROTTLING_BASE_DELAY_MS : BASE_DELAY_MS;
        const delay = Math.floor(random() * Math.min(base * 2 ** (attempt - 1), MAX_DELAY_MS));
        totalRetryDelay += delay;
        await sleep(delay);
      }
    }
  }

  private async send(operation: string, body: string, traceHeader: string | undefined): Promise<RawResponse> {
    const credentials = await this.options.credentials();
    const headers = signRequest(
      {
        method: 'POST',
        path: '/',
        headers: {
          host: this.url.host,
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `${API_VERSION}.${operation}`,
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      },
      { region: this.region, service: 'dynamodb' },
      credentials,
      (this.options.now ?? (() => new Date()))(),
    );
    // Not signed, as the SDK's signer leaves it out: X-Ray may rewrite it on the way.
    if (traceHeader) headers['x-amzn-trace-id'] = traceHeader;
    const transport = this.url.protocol === 'https:' ? https : http;
    return new Promise<RawResponse>((resolve, reject) => {
      const request = transport.request(
        { hostname: this.url.hostname, port: this.url.port || undefined, path: '/', method: 'POST', headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const requestId = response.headers['x-amzn-requestid'];
            resolve({ status: response.statusCode ?? 0, requestId: typeof requestId === 'string' ? requestId : undefined, body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      request.setTimeout(this.timeoutMs, () => {
        request.destroy(Object.assign(new Error(`DynamoDB ${operation}: no answer within ${this.timeoutMs} ms`), { name: 'TimeoutError' }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }
}

/** The service's error: its short code as the name, its message, and the body's other fields (as the SDK does). */
function serviceError(response: RawResponse): DynamoDbServiceError {
  let fields: Record<string, unknown> = {};
  try {
    fields = fromJson(response.body);
  } catch {
    // Not JSON (a proxy's page): named by the status below.
  }
  const type = typeof fields.__type === 'string' ? fields.__type : undefined;
  const name = type ? type.slice(type.lastIndexOf('#') + 1) : response.status >= 500 ? 'InternalServerError' : 'UnknownError';
  const { __type, message, Message, ...rest } = fields;
  void __type;
  const text = typeof message === 'string' ? message : typeof Message === 'string' ? Message : `DynamoDB answered ${response.status}`;
  return new DynamoDbServiceError(name, text, response.status, response.requestId, rest);
}
