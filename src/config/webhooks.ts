/**
 * Config (runtime): webhook delivery settings, read when first asked for. Locally (DynamoDB Local, i.e. `npm start`
 * and the tests) an endpoint may be http://localhost or http://127.0.0.1; deployed, only https to public addresses.
 */
import { localDynamoDbEndpoint } from './environment';

export const WEBHOOK_RETRY_SECONDS_ENV_VAR = 'LEVY_WEBHOOK_RETRY_SECONDS';
/** The first retry waits this long; each later one twice as long (capped at 12 h). */
export const DEFAULT_WEBHOOK_RETRY_SECONDS = 60;

export function webhookRetrySeconds(): number {
  const raw = process.env[WEBHOOK_RETRY_SECONDS_ENV_VAR];
  if (raw === undefined || raw === '') return DEFAULT_WEBHOOK_RETRY_SECONDS;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${WEBHOOK_RETRY_SECONDS_ENV_VAR} must be a positive number of seconds, got '${raw}'`);
  return value;
}

/** True outside AWS: loopback endpoints over http are allowed for development. */
export const webhooksAllowLoopback = (): boolean => localDynamoDbEndpoint() !== undefined;

/** Set by the stack on the functions that queue deliveries: the SQS queue and its dead-letter queue. */
export const DELIVERY_QUEUE_URL_ENV_VAR = 'LEVY_DELIVERY_QUEUE_URL';
export const DEAD_LETTER_QUEUE_URL_ENV_VAR = 'LEVY_DEAD_LETTER_QUEUE_URL';

/** The deployed queues, or undefined outside AWS (the in-process queue of `npm start` and the tests). */
export function deliveryQueues(): { queueUrl: string; deadLetterQueueUrl: string; region: string } | undefined {
  const queueUrl = process.env[DELIVERY_QUEUE_URL_ENV_VAR];
  const deadLetterQueueUrl = process.env[DEAD_LETTER_QUEUE_URL_ENV_VAR];
  if (!queueUrl || !deadLetterQueueUrl) return undefined;
  return { queueUrl, deadLetterQueueUrl, region: process.env.AWS_REGION ?? 'us-east-1' };
}
