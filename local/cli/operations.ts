/**
 * Admin command line: the operator's occasional commands: `levy migrate` (bring data of an older Levy up to date),
 * `levy events daily` (the time-driven events job, on demand) and `levy env` (export lines for a deployment).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { DynamoDbFxRateStore } from '../../src/adapters/dynamodb/fx-rate-store';
import { DynamoDbTransactionStore } from '../../src/adapters/dynamodb/transaction-store';
import { ports } from '../../src/composition/all-ports';
import { calendar, events, filedReturns } from '../../src/composition/ports';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/dynamodb-endpoint';
import { tableName } from '../../src/config/environment';
import { runTimeDrivenEvents } from '../../src/usecases/time-driven-events';
import { migrateLegacyAccounts } from '../admin/migrate';
import { migrateReturnCounters } from '../../src/adapters/dynamodb/return-counter-migration';
import { DynamoDbReturnCounterStore } from '../../src/adapters/dynamodb/return-counter-store';
import { exportLines } from '../admin/stack-env';
import { rateTable } from '../rates/rates-import';
import { ADMIN_TABLES, awsOption, cacheFlushFor, configureTarget, print, usageKeysFor } from './common';

export function addOperationCommands(levy: Command): void {
  levy
    .command('migrate')
    .description(
      'complete accounts and keys made before usage plans: plan, usage key, key ids; then flush the authorizer cache; ' +
        'and key ZIP rates imported before monthly tables by their month; date refunds recorded before returns; count sales and refunds recorded before the return counters; ' +
        'and list the FX rates imported before their manifest (safe to run again)',
    )
    .addOption(awsOption())
    .action(async (options: { aws?: boolean }) => {
      const target = await configureTarget(!!options.aws, [...ADMIN_TABLES, 'Rates', 'Transactions', 'ReturnCounters', 'FxRates']);
      const report = await migrateLegacyAccounts(ports, usageKeysFor(target));
      // Cached authorizer answers of the old keys carry no usage key: forget them, so the keys pass at once.
      const flushed = report.accounts_completed.length ? await cacheFlushFor(target)() : false;
      const rates = await rateTable().migrateLegacyItems();
      // Refunds recorded before returns existed lack the by-date key a return finds them by: add it.
      const transactions = new DynamoDbTransactionStore(tableName('Transactions'));
      const refunds = await transactions.migrateRefundDateIds();
      // Sales and refunds recorded before the return counters existed: counted once (docs/returns.md "Counters").
      const returnCounters = await migrateReturnCounters(tableName('Transactions'), transactions, new DynamoDbReturnCounterStore(tableName('ReturnCounters')));
      // FX rates imported before the manifest of their days (the coverage route reads it): their ranges, from the rates.
      const fxRanges = await new DynamoDbFxRateStore(tableName('FxRates')).migrateRanges();
      print({ ...report, flushed, rates, refunds, return_counters: returnCounters, fx_ranges: fxRanges });
    });

  levy
    .command('events')
    .description(
      "events: `levy events daily` writes the day's time-driven events (certificates expiring and expired, registrations activated and expired), each once",
    )
    .command('daily')
    .description('run the daily job now: safe to run again (an event already written is not written twice)')
    .addOption(awsOption())
    .action(async (options: { aws?: boolean }) => {
      await configureTarget(!!options.aws, ['Events', 'Exemptions', 'Registrations']);
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
}
