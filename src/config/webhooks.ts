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
