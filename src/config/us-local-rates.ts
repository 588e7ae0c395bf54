/**
 * Config: the setting that refuses a US sale without an imported ZIP table in force on its date (422
 * us_local_rates_missing) instead of rating it at its state base rate with a note. Locally the environment variable;
 * deployed, the stack sets it on its rating functions from the context value `usLocalRates` (docs/deployment.md).
 */
export const US_LOCAL_RATES_ENV_VAR = 'LEVY_US_LOCAL_RATES';
