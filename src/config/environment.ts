/**
 * Config (runtime): readers of the environment a function runs in. Nothing here runs at import:
 * each value is read when first asked for, so the laptop runtime and the tests may set the
 * environment after loading any module. A missing variable fails fast with a clear message.
 */
import { DOCUMENTS_BUCKET_ENV_VAR, DOCUMENTS_DIR_ENV_VAR } from './documents';
import { DYNAMODB_ENDPOINT_ENV_VAR } from './dynamodb-endpoint';
import { tableEnvVar, type TableId } from './tables';
import { FUNCTION_TIMEOUT_SECONDS } from './api-settings';
import { US_LOCAL_RATES_ENV_VAR } from './us-local-rates';

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}; the stack or the local runtime must set it.`);
  return value;
}

/** Physical name of a table, from the env var src/config/tables.ts assigns it. */
export const tableName = (id: TableId): string => requireEnv(tableEnvVar(id));

export { DYNAMODB_ENDPOINT_ENV_VAR };

/** Set (non-empty) only outside AWS (DynamoDB Local); unset or empty, the SDK's default endpoint (real AWS) is used. */
export const localDynamoDbEndpoint = (): string | undefined => process.env[DYNAMODB_ENDPOINT_ENV_VAR] || undefined;

/**
 * Per-request timeout against DynamoDB Local, in ms (default the client's 5 s). DynamoDB Local pages deep into a large
 * partition in seconds, not milliseconds: the 100,000-sale benchmarks raise it (docs/benchmarks.md). Not read deployed.
 */
export const localDynamoDbTimeoutMs = (): number | undefined => Number(process.env.LEVY_DYNAMODB_LOCAL_TIMEOUT_MS) || undefined;

export { DOCUMENTS_BUCKET_ENV_VAR, DOCUMENTS_DIR_ENV_VAR };

/** Where certificate documents go: the bucket when deployed, else the local folder; neither set fails fast. */
export function documentsLocation(): { bucket: string; region: string } | { folder: string } {
  const bucket = process.env[DOCUMENTS_BUCKET_ENV_VAR];
  if (bucket) return { bucket, region: requireEnv('AWS_REGION') };
  return { folder: requireEnv(DOCUMENTS_DIR_ENV_VAR) };
}

/**
 * How long before a finalize the records it locks end (docs/returns.md "Cutoff"): a sale's `created_at` is
 * taken when its function starts, which has FUNCTION_TIMEOUT_SECONDS to write it, so a finalize locks only what was
 * surely written. `LEVY_RETURNS_SETTLE_SECONDS` overrides it (tests set 0).
 */
export const RETURNS_SETTLE_ENV_VAR = 'LEVY_RETURNS_SETTLE_SECONDS';
export function returnsSettleSeconds(): number {
  const value = process.env[RETURNS_SETTLE_ENV_VAR];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : FUNCTION_TIMEOUT_SECONDS;
}

export { US_LOCAL_RATES_ENV_VAR };

/** LEVY_US_LOCAL_RATES=required (./us-local-rates.ts), read when asked; any other value: optional. */
export const usLocalRatesRequired = (): boolean => process.env[US_LOCAL_RATES_ENV_VAR] === 'required';
