/**
 * Admin command line (`npx levy`): what every command group shares: the error kinds main() turns into exit codes,
 * the one-JSON-value output, option parsers, and which tables (DynamoDB Local or the deployed ones) a command uses.
 * Locally that is the DynamoDB Local the running `npm start` uses (local/state/local-database.ts).
 */
import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { InvalidArgumentError, Option } from 'commander';
import type * as z from 'zod';
import { isPlanId, planIds, type PlanId } from '../../src/config/plans';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/dynamodb-endpoint';
import { API_STAGE_NAME_ENV_VAR, REST_API_ID_ENV_VAR } from '../../src/config/stack-outputs';
import { tables, type TableId } from '../../src/config/tables';
import { apiGatewayCacheFlush, localCacheFlush, type AuthorizerCacheFlush } from '../admin/authorizer-cache';
import { apiGatewayUsageKeys, localUsageKeys, usagePlanIdsFromEnv, type UsageKeys } from '../admin/usage-keys';
import { applyLocalEnv, DYNAMODB_PORT_ENV_VAR } from '../local-env';
import { openLocalDatabase, type LocalDatabase } from '../state/local-database';

/** A mistake of the caller: message to stderr, exit 2. */
export class UsageError extends Error {}

export type Target = 'aws' | 'local';

export const ADMIN_TABLES: readonly TableId[] = ['Accounts', 'ApiKeys', 'KeyActivity', 'Entities'];

/** The local database a command opened (one per command: main() releases it). */
let opened: LocalDatabase | undefined;

/**
 * Points the stores at DynamoDB Local or at the deployed tables (whose names must then be set); answers which. AWS
 * when asked (`--aws`, LEVY_DYNAMODB_ENDPOINT=aws) or when a table name is set and no local endpoint or port is.
 */
export async function configureTarget(aws: boolean, needed: readonly TableId[] = ADMIN_TABLES): Promise<Target> {
  const endpointVar = process.env[DYNAMODB_ENDPOINT_ENV_VAR];
  const localNamed = !!endpointVar || !!process.env[DYNAMODB_PORT_ENV_VAR];
  const useAws = aws || endpointVar === 'aws' || (!localNamed && !!process.env[tables.Accounts.envVar]);
  if (useAws) {
    delete process.env[DYNAMODB_ENDPOINT_ENV_VAR];
    const missing = needed.map((id) => tables[id].envVar).filter((name) => !process.env[name]);
    if (missing.length) throw new UsageError(`Using the AWS tables needs their names in ${missing.join(', ')} (stack outputs; see docs/deployment.md).`);
    // The SDK's default credential chain: a function's role, an operator's profiles and SSO alike.
    return 'aws';
  }
  opened = await openLocalDatabase('npx levy');
  applyLocalEnv(opened.endpoint, { keepTableNames: true });
  return 'local';
}

/** Stops the DynamoDB Local a command started for itself (none when it used `npm start`'s). */
export async function closeTarget(): Promise<void> {
  const db = opened;
  opened = undefined;
  await db?.release();
}

export const usageKeysFor = (target: Target): UsageKeys =>
  target === 'aws' ? apiGatewayUsageKeys(new APIGatewayClient({}), usagePlanIdsFromEnv()) : localUsageKeys;

export function cacheFlushFor(target: Target): AuthorizerCacheFlush {
  // The server on this database, whatever port it listens on (LEVY_API_URL still wins).
  if (target === 'local') return localCacheFlush(process.env.LEVY_API_URL ?? opened?.serverUrl);
  const restApiId = process.env[REST_API_ID_ENV_VAR];
  const stageName = process.env[API_STAGE_NAME_ENV_VAR];
  if (!restApiId || !stageName) {
    throw new UsageError(
      `Against a deployment this needs ${REST_API_ID_ENV_VAR} and ${API_STAGE_NAME_ENV_VAR} (the stack outputs ApiId and ApiStageName), to flush the authorizer cache of the deployed stage.`,
    );
  }
  return apiGatewayCacheFlush(new APIGatewayClient({}), restApiId, stageName);
}

/** A commander argument parser from a zod field: its message continues the option's name. */
export const checkedBy =
  <S extends z.ZodType>(schema: S) =>
  (value: string): z.output<S> => {
    const result = schema.safeParse(value);
    if (!result.success) throw new InvalidArgumentError(`${result.error.issues[0]?.message ?? 'is not valid'}.`);
    return result.data;
  };

export const planOption = () =>
  new Option('--plan <plan>', `usage plan: ${planIds.join(', ')} (src/config/plans.ts)`).argParser((value): PlanId => {
    if (!isPlanId(value)) throw new InvalidArgumentError(`must be one of ${planIds.join(', ')}.`);
    return value;
  });

export const awsOption = () => new Option('--aws', 'use the deployed tables (names from the stack outputs)');

/** Every command's output: exactly one JSON value on stdout. */
export const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
