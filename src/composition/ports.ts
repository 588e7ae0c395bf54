/**
 * Composition root: the production implementation of every port, each built on first use, so no module reads the
 * environment at import (table names and the DynamoDB endpoint are read when a port is first called). Each port is
 * its own export, so a function's bundle carries only the adapters its handler names. Handlers, the authorizer and
 * the local tools take their ports from here; use cases only ever see the port interfaces.
 */
import { DynamoDbAccountStore } from '../adapters/dynamodb/account-store';
import { DynamoDbApiKeyStore } from '../adapters/dynamodb/api-key-store';
import { DynamoDbEntityStore } from '../adapters/dynamodb/entity-store';
import { DynamoDbExposureStore } from '../adapters/dynamodb/exposure-store';
import { DynamoDbKeyActivityStore } from '../adapters/dynamodb/key-activity-store';
import { DynamoDbRefundLedger, DynamoDbSaleLedger } from '../adapters/dynamodb/ledger';
import { DynamoDbRateStore } from '../adapters/dynamodb/rate-store';
import { DynamoDbTransactionStore } from '../adapters/dynamodb/transaction-store';
import { DynamoDbUsageStore } from '../adapters/dynamodb/usage-store';
import { DynamoDbVendorStore } from '../adapters/dynamodb/vendor-store';
import { geoLocationLookups } from '../adapters/geo';
import { tableName } from '../config/environment';
import type { Ports } from '../ports/ports';
import { lazy, once } from './once';

// Stores shared by several ports, made once.
const entityStore = /* @__PURE__ */ once(() => new DynamoDbEntityStore(tableName('Entities')));
const apiKeyStore = /* @__PURE__ */ once(() => new DynamoDbApiKeyStore(tableName('ApiKeys')));
const transactionStore = /* @__PURE__ */ once(() => new DynamoDbTransactionStore(tableName('Transactions')));
const exposureStore = /* @__PURE__ */ once(() => new DynamoDbExposureStore(tableName('Exposure')));

export const accounts: Ports['accounts'] = /* @__PURE__ */ lazy(() => new DynamoDbAccountStore(tableName('Accounts'), entityStore, apiKeyStore));
export const apiKeys: Ports['apiKeys'] = /* @__PURE__ */ lazy(apiKeyStore);
export const keyActivity: Ports['keyActivity'] = /* @__PURE__ */ lazy(() => new DynamoDbKeyActivityStore(tableName('KeyActivity')));
export const vendors: Ports['vendors'] = /* @__PURE__ */ lazy(() => new DynamoDbVendorStore(tableName('Vendors')));
export const entities: Ports['entities'] = /* @__PURE__ */ lazy(entityStore);
export const sales: Ports['sales'] = /* @__PURE__ */ lazy(() => new DynamoDbSaleLedger(transactionStore, exposureStore));
export const refunds: Ports['refunds'] = /* @__PURE__ */ lazy(() => new DynamoDbRefundLedger(transactionStore, exposureStore));
export const exposure: Ports['exposure'] = /* @__PURE__ */ lazy(exposureStore);
export const usage: Ports['usage'] = /* @__PURE__ */ lazy(() => new DynamoDbUsageStore(tableName('Usage')));
export const zipRates: Ports['zipRates'] = /* @__PURE__ */ lazy(() => new DynamoDbRateStore(tableName('Rates')));
export const locations: Ports['locations'] = geoLocationLookups;
