/**
 * Composition: what GET /v1/tax/coverage and `npx levy coverage` read: the Rates table's manifest, the FX rates'
 * ranges and (the route) the account's exposure counters; and the manifest alone, for what `npm start` and the deploy
 * output `UsLocalRates` say (functions/us-local-rates-report). Only their functions import this.
 */
import { DynamoDbFxRateStore } from '../adapters/dynamodb/fx-rate-store';
import { DynamoDbRateStore } from '../adapters/dynamodb/rate-store';
import { tableName } from '../config/environment';
import type { CoverageDeps } from '../ports/coverage';
import { lazy } from './lazy';
import { exposure } from './ports';

/** The Rates table's manifest of its imports (one Query of its `#tables` partition). */
export const rateTablesManifest: CoverageDeps['rateTables'] = /* @__PURE__ */ lazy(() => new DynamoDbRateStore(tableName('Rates')));

export const coverageDeps: CoverageDeps = {
  rateTables: rateTablesManifest,
  fxRates: /* @__PURE__ */ lazy(() => new DynamoDbFxRateStore(tableName('FxRates'))),
  exposure,
};
