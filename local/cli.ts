#!/usr/bin/env -S npx tsx
/**
 * Admin command line (`npx levy ...`, `npm run levy -- ...`): accounts, API keys and rate tables, which are never
 * exposed over HTTP. Each command prints exactly one JSON value on stdout (`levy env` prints export lines, for eval);
 * messages go to stderr. `levy --help` and `levy <command> --help` describe every option.
 *
 * Local (default): the DynamoDB Local of `npm start` at LEVY_DYNAMODB_ENDPOINT (default http://127.0.0.1:8000),
 * tables `levy-<Table>` unless their env vars (ACCOUNTS_TABLE ...) are set. AWS (`--aws`, LEVY_DYNAMODB_ENDPOINT=aws,
 * or LEVY_DYNAMODB_ENDPOINT unset while ACCOUNTS_TABLE is set): the deployed tables named by the stack outputs, with
 * the usual AWS credentials and AWS_REGION (docs/deployment.md).
 *
 * Errors, commander's own refusals included, are one line `levy: <message>` on stderr. Exit codes: 0 done (and
 * `--help`, `--version`), 1 failed (unknown account or key, database unreachable), 2 bad usage or input (a bad rate
 * file: `levy: Nothing was imported. <file>:<line>: <problem>`).
 */
import './quiet-sdk-warning';
import { readFileSync } from 'node:fs';
import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type * as z from 'zod';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { DynamoDbTransactionStore } from '../src/adapters/dynamodb/transaction-store';
import { tableName } from '../src/config/environment';
import { ports } from '../src/composition/all-ports';
import { calendar, events, filedReturns } from '../src/composition/ports';
import { runTimeDrivenEvents } from '../src/usecases/time-driven-events';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../src/config/api-settings';
import { isPlanId, planIds, type PlanId } from '../src/config/plans';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../src/config/dynamodb-endpoint';
import { REST_API_ID_ENV_VAR } from '../src/config/stack-outputs';
import { tables, type TableId } from '../src/config/tables';
import { isWellFormedApiKey } from '../src/domain/accounts/api-key';
import { countryField, nameField, taxIdField } from '../src/domain/fields/records';
import packageJson from '../package.json';
import { AdminError, changePlan, createAccount, createApiKey, listApiKeys, revokeApiKey, updatePrimaryAddress } from './admin/accounts';
import { entityAddressField } from '../src/domain/records/entity-requests';
import { migrateLegacyAccounts } from './admin/migrate';
import { exportLines } from './admin/stack-env';
import { apiGatewayCacheFlush, localCacheFlush, type AuthorizerCacheFlush } from './admin/authorizer-cache';
import { apiGatewayUsageKeys, localUsageKeys, usagePlanIdsFromEnv, type UsageKeys } from './admin/usage-keys';
import { applyLocalEnv, DEFAULT_LOCAL_DYNAMODB_ENDPOINT, describeConnectionError } from './local-env';
import { importRates, NoRateFilesError, rateTable } from './rates/rates-import';
import { FxFileError, importFxRates } from './fx/fx-import';
import { ZipRateFileError } from './rates/zip-rate-csv';
import { importZipCounties, ZipCountyFileError } from './rates/zip-counties-import';

/** A mistake of the caller: message to stderr, exit 2. */
class UsageError extends Error {}

const ADMIN_TABLES: readonly TableId[] = ['Accounts', 'ApiKeys', 'KeyActivity', 'Entities'];

/** Points the stores at DynamoDB Local or at the deployed tables (whose names must then be set); answers which. */
function configureTarget(aws: boolean, needed: readonly TableId[] = ADMIN_TABLES): 'aws' | 'local' {
  const endpointVar = process.env[DYNAMODB_ENDPOINT_ENV_VAR];
  const useAws = aws || endpointVar === 'aws' || (!endpointVar && !!process.env[tables.Accounts.envVar]);
  if (useAws) {
    delete process.env[DYNAMODB_ENDPOINT_ENV_VAR];
    const missing = needed.map((id) => tables[id].envVar).filter((name) => !process.env[name]);
    if (missing.length) throw new UsageError(`Using the AWS tables needs their names in ${missing.join(', ')} (stack outputs; see docs/deployment.md).`);
    // The SDK's default credential chain: a function's role, an operator's profiles and SSO alike.
    return 'aws';
  }
  applyLocalEnv(endpointVar || DEFAULT_LOCAL_DYNAMODB_ENDPOINT, { keepTableNames: true });
  return 'local';
}

const usageKeysFor = (target: 'aws' | 'local'): UsageKeys =>
  target === 'aws' ? apiGatewayUsageKeys(new APIGatewayClient({}), usagePlanIdsFromEnv()) : localUsageKeys;

function cacheFlushFor(target: 'aws' | 'local'): AuthorizerCacheFlush {
  if (target === 'local') return localCacheFlush();
  const restApiId = process.env[REST_API_ID_ENV_VAR];
  if (!restApiId) throw new UsageError(`Against a deployment this needs ${REST_API_ID_ENV_VAR} (the stack output ApiId), to flush the authorizer cache.`);
  return apiGatewayCacheFlush(new APIGatewayClient({}), restApiId);
}

/** A commander argument parser from a zod field: its message continues the option's name. */
const checkedBy =
  <S extends z.ZodType>(schema: S) =>
  (value: string): z.output<S> => {
    const result = schema.safeParse(value);
    if (!result.success) throw new InvalidArgumentError(`${result.error.issues[0]?.message ?? 'is not valid'}.`);
    return result.data;
  };

const planOption = () =>
  new Option('--plan <plan>', `usage plan: ${planIds.join(', ')} (src/config/plans.ts)`).argParser((value): PlanId => {
    if (!isPlanId(value)) throw new InvalidArgumentError(`must be one of ${planIds.join(', ')}.`);
    return value;
  });

/** `--address` of `levy accounts update`: JSON checked by the API's own address field, or null (remove it). */
function parseAddressOption(text: string): z.output<typeof entityAddressField> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError('--address must be JSON, e.g. \'{"line1":"Friedrichstrasse 1","city":"Berlin","postal_code":"10117"}\', or null');
  }
  if (parsed === null) return null;
  const checked = entityAddressField.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UsageError(`--address: '${issue?.path.join('.') ?? ''}' ${issue?.message ?? 'is not valid'}.`);
  }
  return checked.data;
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** The secret of a key, from stdin (`--stdin`) or a file (`--key-file`): never from the command line. */
function secretFrom(options: { stdin?: boolean; keyFile?: string }): string {
  const text = options.stdin ? readFileSync(0, 'utf8') : readFileSync(options.keyFile!, 'utf8');
  const secret = text.trim();
  if (!isWellFormedApiKey(secret)) throw new UsageError(`The ${options.stdin ? 'input' : 'file'} does not hold an API key (lvy_ and 43 characters).`);
  return secret;
}

export function program(): Command {
  const levy = new Command('levy')
    .description('Levy admin: accounts, API keys and rate tables (local DynamoDB by default, --aws for a deployment)')
    .version(packageJson.version)
    .exitOverride()
    .configureOutput({
      writeErr: (s) => process.stderr.write(s),
      writeOut: (s) => process.stdout.write(s),
      // Commander's own refusals (unknown option, missing argument) in the CLI's one error format.
      outputError: (s, write) => write(`levy: ${s.replace(/^error: /, '')}`),
    });
  const aws = () => new Option('--aws', 'use the deployed tables (names from the stack outputs)');

  const accounts = levy.command('accounts').description('accounts: the tenants every record and key belongs to');
  accounts
    .command('create')
    .description('create an account with its primary entity, usage plan and first API key (shown once)')
    .requiredOption('--name <name>', 'legal name of the primary entity', checkedBy(nameField))
    .requiredOption('--country <CC>', 'ISO 3166-1 alpha-2 country of the primary entity', checkedBy(countryField))
    .option('--tax-id <id>', 'tax ID of the primary entity', checkedBy(taxIdField))
    .addOption(planOption().default('starter'))
    .addOption(aws())
    .action(async (options: { name: string; country: string; taxId?: string; plan: PlanId; aws?: boolean }) => {
      const target = configureTarget(!!options.aws);
      print(await createAccount(ports, { name: options.name, country: options.country, tax_id: options.taxId ?? null, plan: options.plan }, usageKeysFor(target)));
    });
  accounts
    .command('update')
    .description("change an account's usage plan, or its primary entity's seller address (printed on invoices; the API refuses changes to the primary entity)")
    .requiredOption('--account <id>', 'account id')
    .addOption(planOption())
    .option('--address <json>', 'the primary entity\'s address as JSON: {"line1","line2"?,"city","postal_code","state"?}, or null to remove it')
    .addOption(aws())
    .action(async (options: { account: string; plan?: PlanId; address?: string; aws?: boolean }) => {
      if (options.plan === undefined && options.address === undefined) throw new UsageError('Send --plan or --address (or both).');
      const address = options.address === undefined ? undefined : parseAddressOption(options.address);
      const target = configureTarget(!!options.aws);
      if (options.plan !== undefined) print(await changePlan(ports, options.account, options.plan, usageKeysFor(target)));
      if (address !== undefined) print(await updatePrimaryAddress(ports, options.account, address));
    });

  const keys = levy.command('keys').description('API keys: several per account, for rotation');
  keys
    .command('create')
    .description('issue a further API key for an account (shown once)')
    .requiredOption('--account <id>', 'account id')
    .addOption(aws())
    .action(async (options: { account: string; aws?: boolean }) => {
      configureTarget(!!options.aws);
      const created = await createApiKey(ports, options.account);
      if (!created) throw new AdminError(`No account '${options.account}'.`);
      print({ account_id: options.account, ...created });
    });
  keys
    .command('list')
    .description("an account's keys with their id, prefix, status, created_at and last_used_on; never a secret")
    .requiredOption('--account <id>', 'account id')
    .addOption(aws())
    .action(async (options: { account: string; aws?: boolean }) => {
      configureTarget(!!options.aws);
      print(await listApiKeys(ports, options.account));
    });
  keys
    .command('revoke')
    .description('revoke a key by its id or prefix (or its secret from --stdin or --key-file), then flush the authorizer cache')
    .argument('[key id or prefix]', 'key id (key_...) or the key prefix `levy keys list` shows')
    .option('--stdin', 'read the secret key from standard input')
    .option('--key-file <path>', 'read the secret key from a file')
    .addOption(aws())
    .action(async (idOrPrefix: string | undefined, options: { stdin?: boolean; keyFile?: string; aws?: boolean }) => {
      const given = [idOrPrefix !== undefined, !!options.stdin, options.keyFile !== undefined].filter(Boolean).length;
      if (given !== 1) throw new UsageError('Name the key by exactly one of: its id or prefix, --stdin, --key-file.');
      if (idOrPrefix && isWellFormedApiKey(idOrPrefix)) {
        throw new UsageError('That is a secret key: never put one on the command line (it stays in shell history and `ps`). Use its id or prefix, --stdin or --key-file.');
      }
      const target = configureTarget(!!options.aws);
      const flush = cacheFlushFor(target);
      const revoked = await revokeApiKey(ports, idOrPrefix ? { idOrPrefix } : { secret: secretFrom(options) });
      try {
        print({ revoked, flushed: await flush() });
      } catch (error) {
        // The key is revoked either way: say so, and that cached Allows may let it in for up to 300 s.
        print({ revoked, flushed: false, error: (error as Error).message ?? String(error) });
        process.stderr.write(`levy: the key is revoked, but the authorizer cache was not flushed, so it may keep working for up to ${AUTHORIZER_CACHE_TTL_SECONDS} s: ${(error as Error).message}\n`);
        process.exitCode = 1;
      }
    });

  levy
    .command('migrate')
    .description(
      'complete accounts and keys made before usage plans: plan, usage key, key ids; then flush the authorizer cache; ' +
        'and key ZIP rates imported before monthly tables by their month; and date refunds recorded before returns (safe to run again)',
    )
    .addOption(aws())
    .action(async (options: { aws?: boolean }) => {
      const target = configureTarget(!!options.aws, [...ADMIN_TABLES, 'Rates', 'Transactions']);
      const report = await migrateLegacyAccounts(ports, usageKeysFor(target));
      // Cached authorizer answers of the old keys carry no usage key: forget them, so the keys pass at once.
      const flushed = report.accounts_completed.length ? await cacheFlushFor(target)() : false;
      const rates = await rateTable().migrateLegacyItems();
      // Refunds recorded before returns (issue 15) enter the by-date index a return reads them from.
      const refunds = await new DynamoDbTransactionStore(tableName('Transactions')).migrateRefundDateIds();
      print({ ...report, flushed, rates, refunds });
    });

  levy
    .command('events')
    .description('events (issue 14): `levy events daily` writes the day\'s time-driven events (certificates expiring and expired, registrations activated and expired), each once')
    .command('daily')
    .description('run the daily job now: safe to run again (an event already written is not written twice)')
    .addOption(aws())
    .action(async (options: { aws?: boolean }) => {
      configureTarget(!!options.aws, ['Events', 'Exemptions', 'Registrations']);
      print(await runTimeDrivenEvents({ calendar, events, filedReturns }));
    });

  levy
    .command('env')
    .description('print the export lines that point this CLI at a deployment (eval "$(npx levy env --outputs-file cdk-outputs.json)")')
    .requiredOption('--outputs-file <path>', 'the file `npx cdk deploy --outputs-file` wrote')
    .option('--stack <name>', 'the stack, when the file holds several')
    .action((options: { outputsFile: string; stack?: string }) => {
      // The one command that prints shell, not JSON: its output is meant for eval.
      const lines = exportLines(JSON.parse(readFileSync(options.outputsFile, 'utf8')) as Record<string, Record<string, string>>, options.stack);
      process.stdout.write(`${lines.join('\n')}\nexport ${DYNAMODB_ENDPOINT_ENV_VAR}=aws\n`);
    });

  const rates = levy.command('rates').description('US local rate tables');
  rates
    .command('import')
    .description(
      'import ZIP5 rate files (Avalara TAXRATES_ZIP5 format) into the Rates table, each as the table of its month; ' +
        'every file is checked first, so a bad row (named by file and line) imports nothing',
    )
    .argument('<paths...>', 'CSV files, or folders of them')
    .addOption(
      new Option('--effective-month <YYYY-MM>', "the month of every file (default: from each file's name, else its folder's)").argParser((value) => {
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new InvalidArgumentError('must be YYYY-MM.');
        return value;
      }),
    )
    .option('--no-progress', 'no progress bar on stderr')
    .addOption(aws())
    .action(async (paths: string[], options: { effectiveMonth?: string; progress: boolean; aws?: boolean }) => {
      configureTarget(!!options.aws, ['Rates']);
      try {
        print(await importRates(paths, { effectiveMonth: options.effectiveMonth, progress: options.progress }));
      } catch (error) {
        if (error instanceof ZipRateFileError || (error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof NoRateFilesError) {
          throw new UsageError(`Nothing was imported. ${(error as Error).message}`);
        }
        throw error;
      }
    });
  levy
    .command('zip-counties')
    .description('US ZIP-to-county crosswalk (a checkout asks for the street address in a ZIP that spans counties)')
    .command('import')
    .description(
      'import the HUD-USPS ZIP-to-county crosswalk (ZIP_COUNTY_<quarter>.csv, or the named layout zip,county_fips,state,tot_ratio) ' +
        'into the Rates table, keeping the ZIPs that reach into two or more counties of a state; a bad line (named) imports nothing',
    )
    .argument('<file>', 'the crosswalk CSV file')
    .addOption(aws())
    .action(async (file: string, options: { aws?: boolean }) => {
      configureTarget(!!options.aws, ['Rates']);
      try {
        print(await importZipCounties(file));
      } catch (error) {
        if (error instanceof ZipCountyFileError || (error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`Nothing was imported. ${(error as Error).message}`);
        throw error;
      }
    });
  const fx = levy.command('fx').description('currency reference rates (the nexus report converts sales with them)');
  fx
    .command('import')
    .description('import the ECB euro reference rates (eurofxref-hist.csv: Date,USD,JPY,...) into the FxRates table; a malformed line imports nothing')
    .argument('<file>', 'the ECB CSV file')
    .addOption(aws())
    .action(async (file: string, options: { aws?: boolean }) => {
      configureTarget(!!options.aws, ['FxRates']);
      try {
        print(await importFxRates(file));
      } catch (error) {
        if (error instanceof FxFileError || (error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`Nothing was imported. ${(error as Error).message}`);
        throw error;
      }
    });
  return levy;
}

export async function main(argv: string[]): Promise<number> {
  process.exitCode = undefined;
  try {
    await program().parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are a success; anything else commander refuses is a usage mistake (it printed why).
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`levy: ${error.message}\n`);
      return 2;
    }
    if (error instanceof AdminError) {
      process.stderr.write(`levy: ${error.message}\n`);
      return 1;
    }
    const hint = describeConnectionError(error, process.env[DYNAMODB_ENDPOINT_ENV_VAR]);
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
