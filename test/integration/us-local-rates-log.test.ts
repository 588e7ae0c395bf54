/**
 * Integration: the line a rating function logs once per container at its first US ZIP lookup
 * (src/composition/ports.ts, src/adapters/observability/us-local-rates-log.ts), on DynamoDB Local with Rates tables of
 * this file's own: INFO naming the table that answered when one is in force, WARN (state base rate only, how to import)
 * when none is; one line per container however many lookups, and no DynamoDB call beyond the lookup's own Query.
 * This file's module registry is one container; `jest.isolateModules` makes another. The rows are this file's fixture
 * (the log names the month of the table that answered, not a rate).
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { keySchema } from '../../local/dynamodb/dynamodb-local';
import { dynamoDbClient } from '../../src/adapters/dynamodb/client';
import { DynamoDbRateStore } from '../../src/adapters/dynamodb/rate-store';
import { logger } from '../../src/adapters/observability/logger';
import { tableEnvVar, tables } from '../../src/config/tables';
import { utcDay } from '../../src/domain/dates';
import { callRoute, newTestAccount } from '../support/api';
import { countWireCalls } from '../support/dynamodb-calls';
import { laRow } from '../support/rate-inputs';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const observed = sourceModeOnly(SOURCE_MODE_ONLY.observesTestProcess);

const RATES_ENV = tableEnvVar('Rates');
const workerTable = process.env[RATES_ENV];
const loadedTable = `usrates-log-loaded-${process.pid}-${Date.now()}`;
const emptyTable = `usrates-log-empty-${process.pid}-${Date.now()}`;
// Before this container's first lookup, which names the store's table (the stack sets this variable on the function).
process.env[RATES_ENV] = loadedTable;
import { cachedZipRates, zipRates } from '../../src/composition/ports';

const month = utcDay().slice(0, 7);

/** What the logger writes: INFO to stdout, WARN to stderr (Powertools writes through console.info and console.warn). */
function captureLogs(): { lines: () => Record<string, unknown>[]; restore: () => void } {
  const written: string[] = [];
  const capture = ((s: string) => written.push(String(s)) > 0) as never;
  const spies = [jest.spyOn(process.stdout, 'write').mockImplementation(capture), jest.spyOn(process.stderr, 'write').mockImplementation(capture)];
  return {
    lines: () =>
      written
        .flatMap((w) => w.split('\n'))
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => String(l.message).startsWith('US local rates:')),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

beforeAll(async () => {
  for (const name of [loadedTable, emptyTable]) {
    await dynamoDbClient().send(new CreateTableCommand({ TableName: name, BillingMode: 'PAY_PER_REQUEST', ...keySchema(tables.Rates) }));
  }
  await new DynamoDbRateStore(loadedTable).putAll([{ ...laRow, zip: '98101', state: 'WA', region_name: 'SEATTLE', effective_month: month }]);
  logger.setLogLevel('INFO');
});
afterAll(() => {
  logger.setLogLevel('SILENT');
  process.env[RATES_ENV] = workerTable;
});

observed.describe('the first US ZIP lookup of a container', () => {
  it('a table in force: one INFO line naming it, and the lookup its only DynamoDB call', async () => {
    const out = captureLogs();
    const calls = countWireCalls();
    try {
      expect((await zipRates.onMonth('98101', 'WA', month)).row?.effective_month).toBe(month);
      expect(calls.operations).toEqual(['Query']);
      await zipRates.onMonth('98101', 'WA', month);
      await cachedZipRates.onMonth('98101', 'WA', month);
    } finally {
      calls.stop();
      out.restore();
    }
    expect(out.lines()).toEqual([
      expect.objectContaining({
        level: 'INFO',
        us_local_rates: 'loaded',
        message: expect.stringContaining(`US local rates: loaded (the first US lookup of this container, ZIP 98101 in WA, was answered by the ${month} table)`),
      }),
    ]);
  });

  it("a rating function's later sales in the same container log nothing more", async () => {
    const seller = (await newTestAccount('US', 'Seattle Goods Inc')).account_id;
    const out = captureLogs();
    let status: number;
    try {
      const body = {
        product_category: 'PHYSICAL_GOODS',
        delivery_method: 'SHIPPED',
        customer_type: 'B2C',
        location: { country: 'US', state: 'WA', postal_code: '98101' },
      };
      status = (await callRoute('tax-rate', { accountId: seller, body })).status;
    } finally {
      out.restore();
    }
    expect(status).toBe(200);
    expect(out.lines()).toEqual([]);
  });

  it('none in force (no tables imported): one WARN line, state base rate only, how to import, however many lookups', async () => {
    let container: { zipRates: typeof zipRates; cachedZipRates: typeof cachedZipRates } | undefined;
    process.env[RATES_ENV] = emptyTable;
    const level = process.env.POWERTOOLS_LOG_LEVEL;
    process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
    const out = captureLogs();
    try {
      jest.isolateModules(() => {
        container = require('../../src/composition/ports');
      });
      const lookups = await Promise.all([container!.zipRates.onMonth('98101', 'WA', month), container!.cachedZipRates.onMonth('10001', 'NY', month)]);
      expect(lookups.map((l) => l.row)).toEqual([null, null]);
      await container!.zipRates.onMonth('90001', 'CA', month);
    } finally {
      out.restore();
      process.env.POWERTOOLS_LOG_LEVEL = level;
      process.env[RATES_ENV] = loadedTable;
    }
    const lines = out.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'WARN', us_local_rates: 'none_in_force' });
    const message = String(lines[0].message);
    expect(message).toContain(
      `US local rates: none in force for ZIP 98101 in WA on ${month} (the first US lookup of this container; no imported table lists it)`,
    );
    expect(message).toContain('a US sale is taxed at its state base rate only, without county, city and district taxes');
    expect(message).toContain('import them with `npx levy rates import <folder or .csv files>` (`--aws` for a deployed stack)');
    expect(message).toContain('https://www.avalara.com/taxrates/en/download-tax-tables.html');
  });
});
