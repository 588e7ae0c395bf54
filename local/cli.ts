#!/usr/bin/env -S npx tsx
/**
 * Admin command line (`npx levy ...`, `npm run levy -- ...`): accounts and API keys, which are never
 * exposed over HTTP. Each command prints exactly one JSON object on stdout; messages go to stderr.
 *
 *   levy accounts create --name <name> --country <CC> [--tax-id <id>]
 *   levy keys create --account <account id>
 *   levy keys revoke <api key>
 *   levy rates import <files or folder>
 *
 * Local (default): the DynamoDB Local of `npm start` at LEVY_DYNAMODB_ENDPOINT (default
 * http://127.0.0.1:8000), tables `levy-<Table>` unless their env vars (ACCOUNTS_TABLE ...) are set.
 * AWS (`--aws`, LEVY_DYNAMODB_ENDPOINT=aws, or LEVY_DYNAMODB_ENDPOINT unset while ACCOUNTS_TABLE
 * is set): the deployed tables named by ACCOUNTS_TABLE, API_KEYS_TABLE, ENTITIES_TABLE (RATES_TABLE
 * for the rate import), from the stack outputs, with the usual AWS credentials and AWS_REGION.
 *
 * Exit codes: 0 done, 1 failed (unknown account or key, database unreachable), 2 bad usage or input.
 */
import './quiet-sdk-warning';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { ports } from '../src/composition/all-ports';
import { tables, type TableId } from '../src/config/tables';
import { countryField, nameField, taxIdField } from '../src/domain/fields';
import { createAccount, createApiKey, revokeApiKey } from './admin/accounts';
import { applyLocalEnv, DEFAULT_LOCAL_DYNAMODB_ENDPOINT, describeConnectionError } from './local-env';
import { runRatesImport } from './rates/rates-import';

const USAGE = `Usage:
  levy accounts create --name <name> --country <CC> [--tax-id <id>] [--aws]
  levy keys create --account <account id> [--aws]
  levy keys revoke <api key> [--aws]
  levy rates import <files or folder> [--aws]

Local by default (DynamoDB Local of \`npm start\`, LEVY_DYNAMODB_ENDPOINT, default ${DEFAULT_LOCAL_DYNAMODB_ENDPOINT}).
--aws (or LEVY_DYNAMODB_ENDPOINT=aws) uses the deployed tables named by ACCOUNTS_TABLE, API_KEYS_TABLE
and ENTITIES_TABLE (stack outputs), with the default AWS credentials and AWS_REGION.`;

/** A mistake of the caller: message to stderr, exit 2. */
class UsageError extends Error {}
/** The command ran but could not do it (unknown id ...): message to stderr, exit 1. */
class CommandFailed extends Error {}

const ADMIN_TABLES: readonly TableId[] = ['Accounts', 'ApiKeys', 'Entities'];

/** Points the stores at DynamoDB Local or at the deployed tables (whose names must then be set). */
function configureTarget(aws: boolean, needed: readonly TableId[] = ADMIN_TABLES): void {
  const endpointVar = process.env.LEVY_DYNAMODB_ENDPOINT;
  const useAws = aws || endpointVar === 'aws' || (!endpointVar && !!process.env[tables.Accounts.envVar]);
  if (useAws) {
    delete process.env.LEVY_DYNAMODB_ENDPOINT;
    const missing = needed.map((id) => tables[id].envVar).filter((name) => !process.env[name]);
    if (missing.length) {
      throw new UsageError(`Using the AWS tables needs their names in ${missing.join(', ')} (stack outputs; see docs/deployment.md).`);
    }
    return;
  }
  applyLocalEnv(endpointVar || DEFAULT_LOCAL_DYNAMODB_ENDPOINT, { keepTableNames: true });
}

function validated<S extends z.ZodType>(schema: S, value: unknown, option: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const message = issue?.message ?? 'is not valid';
    throw new UsageError(/^[a-z]/.test(message) ? `${option} ${message}.` : `${option}: ${message}`);
  }
  return result.data;
}

type ParsedArgs = { values: { aws?: boolean } & Record<string, string | undefined>; positionals: string[] };

/** Every command takes string options plus --aws. */
function parse(argv: string[], options: Record<string, { type: 'string' }>): ParsedArgs {
  try {
    const parsed = parseArgs({ args: argv, options: { ...options, aws: { type: 'boolean' } }, allowPositionals: true, strict: true });
    return parsed as unknown as ParsedArgs;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function accountsCreate(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv, { name: { type: 'string' }, country: { type: 'string' }, 'tax-id': { type: 'string' } });
  if (positionals.length) throw new UsageError(`Unexpected argument '${positionals[0]}'.`);
  if (values.name === undefined) throw new UsageError('--name is required.');
  if (values.country === undefined) throw new UsageError('--country is required.');
  const input = {
    name: validated(nameField, values.name, '--name'),
    country: validated(countryField, values.country, '--country'),
    tax_id: values['tax-id'] === undefined ? null : validated(taxIdField, values['tax-id'], '--tax-id'),
  };
  configureTarget(!!values.aws);
  const created = await createAccount(ports, input);
  print({ account_id: created.account_id, api_key: created.api_key, primary_entity: created.primary_entity });
}

async function keysCreate(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv, { account: { type: 'string' } });
  if (positionals.length) throw new UsageError(`Unexpected argument '${positionals[0]}'.`);
  const accountId = values.account?.trim();
  if (!accountId) throw new UsageError('--account <account id> is required.');
  configureTarget(!!values.aws);
  const apiKey = await createApiKey(ports, accountId);
  if (!apiKey) throw new CommandFailed(`No account '${accountId}'.`);
  print({ account_id: accountId, api_key: apiKey });
}

async function keysRevoke(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv, {});
  if (positionals.length !== 1) throw new UsageError('Give exactly one API key: levy keys revoke <api key>.');
  configureTarget(!!values.aws);
  if (!(await revokeApiKey(ports, positionals[0].trim()))) throw new CommandFailed('No such API key.');
  print({ revoked: true });
}

/** `levy rates import`: its own options (--effective-month ...) are parsed by runRatesImport; only --aws is ours. */
async function ratesImport(argv: string[]): Promise<void> {
  configureTarget(argv.includes('--aws'), ['Rates']);
  const code = await runRatesImport(argv.filter((a) => a !== '--aws'));
  if (code !== 0) process.exitCode = code;
}

const commands: Record<string, (argv: string[]) => Promise<void>> = {
  'accounts create': accountsCreate,
  'keys create': keysCreate,
  'keys revoke': keysRevoke,
  'rates import': ratesImport,
};

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    (argv.length === 0 ? process.stderr : process.stdout).write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const command = commands[`${argv[0]} ${argv[1] ?? ''}`];
  try {
    if (!command) throw new UsageError(`Unknown command '${argv.slice(0, 2).join(' ')}'.`);
    await command(argv.slice(2));
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`levy: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof CommandFailed) {
      process.stderr.write(`levy: ${error.message}\n`);
      return 1;
    }
    const hint = describeConnectionError(error, process.env.LEVY_DYNAMODB_ENDPOINT);
    process.stderr.write(`levy: ${hint ?? (error as Error)?.message ?? String(error)}\n`);
    return 1;
  } finally {
    // Close the SDK's keep-alive sockets so the process exits at once.
    closeDynamoDbClient();
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
