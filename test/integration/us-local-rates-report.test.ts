/**
 * Integration: the deploy-time custom resource's onEvent handler (functions/us-local-rates-report, what `cdk deploy`
 * prints as the `UsLocalRates` output) on DynamoDB Local: CloudFormation Create and Update events against a Rates
 * table of this file's own, first empty, then with two months imported; a Delete reads nothing; a table it cannot read
 * is reported in the Data, never thrown (a deploy is not rolled back for a summary).
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { keySchema } from '../../local/dynamodb/dynamodb-local';
import { dynamoDbClient } from '../../src/adapters/dynamodb/client';
import { DynamoDbRateStore } from '../../src/adapters/dynamodb/rate-store';
import { tableEnvVar, tables } from '../../src/config/tables';
import { utcDay } from '../../src/domain/dates';
import { countWireCalls } from '../support/dynamodb-calls';
import { laRow } from '../support/rate-inputs';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const noRoute = sourceModeOnly(SOURCE_MODE_ONLY.callsNoRoute);

const RATES_ENV = tableEnvVar('Rates');
const ratesTable = `usrates-report-${process.pid}-${Date.now()}`;
const workerTable = process.env[RATES_ENV];
// Before the handler's first call, which names the store's table (the stack sets this variable on the function).
process.env[RATES_ENV] = ratesTable;
import { handler } from '../../functions/us-local-rates-report/handler';

const event = (RequestType: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent =>
  ({
    RequestType,
    ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:provider',
    ResponseURL: 'https://cloudformation-custom-resource-response.example/',
    StackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/levy/1',
    RequestId: `request-${RequestType}`,
    LogicalResourceId: 'UsLocalRatesReport',
    ResourceType: 'Custom::UsLocalRates',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:provider', RatesTableName: ratesTable },
    ...(RequestType === 'Create' ? {} : { PhysicalResourceId: 'us-local-rates-report', OldResourceProperties: {} }),
  }) as CloudFormationCustomResourceEvent;

/** `YYYY-MM`, `months` months before this one. */
const monthsAgo = (months: number): string => {
  const now = new Date();
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1))).slice(0, 7);
};

beforeAll(async () => {
  await dynamoDbClient().send(new CreateTableCommand({ TableName: ratesTable, BillingMode: 'PAY_PER_REQUEST', ...keySchema(tables.Rates) }));
});
afterAll(() => {
  process.env[RATES_ENV] = workerTable;
});

noRoute.describe('the UsLocalRates custom resource (onEvent)', () => {
  it('Create, no tables imported: says none are loaded, that sales get state base rates, how to import and where public tables are', async () => {
    const answer = await handler(event('Create'));
    expect(answer).toEqual({
      PhysicalResourceId: 'us-local-rates-report',
      Data: {
        Summary:
          `as of ${utcDay()}: none loaded: a US sale is taxed at its state base rate only, without county, city and district taxes (the answer says so in \`notes\`); ` +
          'import them with `npx levy rates import <folder or .csv files>` (`--aws` for a deployed stack); Avalara publishes free ZIP5 tables each month ' +
          '(TAXRATES_ZIP5_<state><YYYYMM>.csv) at https://www.avalara.com/taxrates/en/download-tax-tables.html (docs/local.md "US local rates").',
        Loaded: 'false',
        Months: '',
      },
    });
  });

  it('Create and Update, two months imported: the months, the table in force today with its ZIP and state counts', async () => {
    const [last, current] = [monthsAgo(1), monthsAgo(0)];
    // Last month: CA 90001 and TX 78701; this month: CA 90001, 90002 and TX 78701 (3 ZIPs in 2 states).
    const row = (zip: string, state: string, effective_month: string) => ({ ...laRow, zip, state, effective_month });
    await new DynamoDbRateStore(ratesTable).putAll([
      row('90001', 'CA', last),
      row('78701', 'TX', last),
      row('90001', 'CA', current),
      row('90002', 'CA', current),
      row('78701', 'TX', current),
    ]);
    // A stack created on a table already loaded (Create), or one whose report re-runs (Update): the same answer.
    for (const type of ['Create', 'Update'] as const) {
      expect(await handler(event(type))).toEqual({
        PhysicalResourceId: 'us-local-rates-report',
        Data: {
          Summary: `as of ${utcDay()}: 2 months loaded (${last}..${current}); in force today: ${current}, 3 ZIPs in 2 states.`,
          Loaded: 'true',
          Months: `${current},${last}`,
        },
      });
    }
  });

  it('Delete: answers its physical id and reads nothing', async () => {
    const calls = countWireCalls();
    try {
      expect(await handler(event('Delete'))).toEqual({ PhysicalResourceId: 'us-local-rates-report' });
      expect(calls.operations).toEqual([]);
    } finally {
      calls.stop();
    }
  });

  it('a Rates table it cannot read: the Data says so and where to ask, and the deploy goes on', async () => {
    let isolated: typeof handler | undefined;
    process.env[RATES_ENV] = 'no-such-rates-table';
    jest.isolateModules(() => {
      isolated = (require('../../functions/us-local-rates-report/handler') as { handler: typeof handler }).handler;
    });
    // The table's name is read at the first call.
    const answer = await isolated!(event('Create')).finally(() => (process.env[RATES_ENV] = ratesTable));
    expect(answer.Data?.Loaded).toBe('unknown');
    expect(answer.Data?.Summary).toMatch(/^unknown: the Rates table could not be read at deploy \(ResourceNotFoundException: /);
    expect(answer.Data?.Summary).toContain('`npx levy coverage` (`--aws` for a deployed stack) says what is imported at any time');
  });
});
