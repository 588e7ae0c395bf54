/**
 * Configuration (read once per container): environment variables a function needs, failing fast
 * with a clear message when the stack or the local runtime forgot one.
 */
import { tables, type TableId } from '../lib/tables';

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}; the stack or the local runtime must set it.`);
  return value;
}

/** Physical name of a table, from the env var lib/tables.ts assigns it. */
export const tableName = (id: TableId): string => requireEnv(tables[id].envVar);

/** Set only outside AWS (DynamoDB Local); in Lambda the SDK's default endpoint is used. */
export const localDynamoDbEndpoint: string | undefined = process.env.LEVY_DYNAMODB_ENDPOINT || undefined;
