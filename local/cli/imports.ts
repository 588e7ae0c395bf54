/**
 * Admin command line: the reference-data imports: US ZIP rate tables (`levy rates import`), the ZIP-to-county
 * crosswalk (`levy zip-counties import`) and the ECB currency rates (`levy fx import`), and what they hold (`levy coverage`). A bad file imports nothing and
 * is a usage error (exit 2) naming the file and line.
 */
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { FxFileError, importFxRates } from '../fx/fx-import';
import { importRates, NoRateFilesError } from '../rates/rates-import';
import { ZipRateFileError } from '../rates/zip-rate-csv';
import { importZipCounties, ZipCountyFileError } from '../rates/zip-counties-import';
import { awsOption, configureTarget, print, UsageError } from './common';

/** Runs an import; a refusal of its input (or a missing file) becomes `Nothing was imported. <why>`, exit 2. */
async function importing<T>(run: () => Promise<T>, isBadInput: (error: unknown) => boolean): Promise<void> {
  try {
    print(await run());
  } catch (error) {
    if (isBadInput(error) || (error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`Nothing was imported. ${(error as Error).message}`);
    throw error;
  }
}

export function addImportCommands(levy: Command): void {
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
    .addOption(awsOption())
    .action(async (paths: string[], options: { effectiveMonth?: string; progress: boolean; aws?: boolean }) => {
      await configureTarget(!!options.aws, ['Rates']);
      await importing(
        () => importRates(paths, { effectiveMonth: options.effectiveMonth, progress: options.progress }),
        (error) => error instanceof ZipRateFileError || error instanceof NoRateFilesError,
      );
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
    .addOption(awsOption())
    .action(async (file: string, options: { aws?: boolean }) => {
      await configureTarget(!!options.aws, ['Rates']);
      await importing(
        () => importZipCounties(file),
        (error) => error instanceof ZipCountyFileError,
      );
    });
  levy
    .command('coverage')
    .description(
      'what this installation knows, as GET /v1/tax/coverage answers it: the US ZIP tables by month, the ZIP-county crosswalk, ' +
        "the FX rates' days, the rule data's versions and dates, with warnings (no table for this month, a stale table ...)",
    )
    .option('--account <id>', "also warn of the currencies this account's sales use without FX rates")
    .addOption(awsOption())
    .action(async (options: { account?: string; aws?: boolean }) => {
      await configureTarget(!!options.aws, ['Rates', 'FxRates', 'Exposure']);
      const { coverageDeps } = await import('../../src/composition/coverage');
      const { installationCoverage } = await import('../../src/usecases/coverage');
      print(await installationCoverage(options.account ? coverageDeps : { ...coverageDeps, exposure: undefined }, options.account));
    });
  const fx = levy.command('fx').description('currency reference rates (the nexus report converts sales with them)');
  fx.command('import')
    .description('import the ECB euro reference rates (eurofxref-hist.csv: Date,USD,JPY,...) into the FxRates table; a malformed line imports nothing')
    .argument('<file>', 'the ECB CSV file')
    .addOption(awsOption())
    .action(async (file: string, options: { aws?: boolean }) => {
      await configureTarget(!!options.aws, ['FxRates']);
      await importing(
        () => importFxRates(file),
        (error) => error instanceof FxFileError,
      );
    });
}
