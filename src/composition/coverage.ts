/**
 * Composition: what GET /v1/tax/coverage and `npx levy coverage` read: the Rates table's manifest, the FX rates'
 * ranges and (the route) the account's exposure counters. Only their function imports this.
 */
import { DynamoDbFxRateStore } from '../adapters/dynamodb/fx-rate-store';
import { DynamoDbRateStore } from '../adapters/dynamodb/rate-store';
import { tableName } from '../config/environment';
import type { CoverageDeps } from '../ports/coverage';
import { lazy } from './lazy';
import { exposure } from './ports';

export const coverageDeps: CoverageDeps = {
  rateTables: /* @__PURE__ */ lazy(() => new DynamoDbRateStore(tableName('Rates'))),
  fxRates: /* @__PURE__ */ lazy(() => new DynamoDbFxRateStore(tableName('FxRates'))),
  exposure,
};
