/**
 * Config: the setting that refuses a US sale without an imported ZIP table in force on its date (422
 * us_local_rates_missing) instead of rating it at its state base rate with a note. Locally the environment variable;
 * deployed, the stack sets it on its rating functions from the context value `usLocalRates` (docs/deployment.md).
 */
export const US_LOCAL_RATES_ENV_VAR = 'LEVY_US_LOCAL_RATES';

/**
 * The deploy-time report of the US ZIP tables (functions/us-local-rates-report, lib/stack/us-local-rates-report.ts):
 * a CloudFormation custom resource that reads the Rates table's manifest on Create and on any change of its
 * properties, and the stack output `cdk deploy` prints from its Data (docs/deployment.md "US local rates").
 */
export const US_LOCAL_RATES_REPORT = {
  name: 'us-local-rates-report',
  entry: 'functions/us-local-rates-report/handler.ts',
  description: 'Levy deploy: whether US local rate tables are loaded (months, ZIP count), shown as the UsLocalRates output',
  /** Read only, on the one table it reads: the manifest is one Query of the Rates table's `#tables` partition. */
  tables: { Rates: ['Query'] },
  physicalResourceId: 'us-local-rates-report',
  /** The custom resource's Data keys. */
  attributes: { summary: 'Summary', loaded: 'Loaded', months: 'Months' },
  outputId: 'UsLocalRates',
} as const;
