#!/usr/bin/env -S npx tsx
/**
 * Admin command line (`npx levy ...`, `npm run levy -- ...`): accounts, API keys and rate tables, which are never
 * exposed over HTTP. Each command prints exactly one JSON value on stdout (`levy env` prints export lines, for eval);
 * messages go to stderr. `levy --help` and `levy <command> --help` describe every option.
 *
 * Local (default): the DynamoDB Local of the running `npm start` (the one .levy/server.json names, or
 * LEVY_DYNAMODB_ENDPOINT, or LEVY_DYNAMODB_PORT on 127.0.0.1; with no server, one of its own on .levy/db for the
 * command), tables `levy-<Table>` unless their env vars (ACCOUNTS_TABLE ...) are set. AWS (`--aws`,
 * LEVY_DYNAMODB_ENDPOINT=aws, or neither variable set while ACCOUNTS_TABLE is): the deployed tables named by the
 * stack outputs, with the usual AWS credentials and AWS_REGION (docs/deployment.md).
 *
 * Errors, commander's own refusals included, are one line `levy: <message>` on stderr. Exit codes: 0 done (and
 * `--help`, `--version`), 1 failed (unknown account or key, database unreachable), 2 bad usage or input (a bad rate
 * file: `levy: Nothing was imported. <file>:<line>: <problem>`).
 */
import './quiet-sdk-warning';
import { Command, CommanderError } from 'commander';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../src/config/dynamodb-endpoint';
import packageJson from '../package.json';
import { AdminError } from './admin/accounts';
import { addAccountCommands } from './cli/accounts';
import { closeTarget, UsageError } from './cli/common';
import { addImportCommands } from './cli/imports';
import { addKeyCommands } from './cli/keys';
import { addOperationCommands } from './cli/operations';
import { describeConnectionError } from './local-env';
import { LocalDatabaseError } from './state/local-database';

/** The whole command tree: one module per command group (local/cli/). */
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
  addAccountCommands(levy);
  addKeyCommands(levy);
  addOperationCommands(levy);
  addImportCommands(levy);
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
    if (error instanceof AdminError || error instanceof LocalDatabaseError) {
      process.stderr.write(`levy: ${error.message}\n`);
      return 1;
    }
    const hint = describeConnectionError(error, process.env[DYNAMODB_ENDPOINT_ENV_VAR]);
    process.stderr.write(`levy: ${hint ?? (error as Error)?.message ?? String(error)}\n`);
    return 1;
  } finally {
    // Close the SDK's keep-alive sockets so the process exits at once; then stop a DynamoDB Local it started.
    closeDynamoDbClient();
    await closeTarget();
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
