/**
 * Composition root: the production implementation of every port, built on first use, so no module reads the
 * environment at import (table names and the DynamoDB endpoint are read when a store is first asked for). Handlers,
 * the authorizer and the local tools take their ports from here; use cases only ever see the Ports interface.
 */
import { tableName } from '../config/environment';
import type { TableId } from '../config/tables';
import { DynamoDbAccountStore } from '../adapters/dynamodb/account-store';
import { DynamoDbApiKeyStore } from '../adapters/dynamodb/api-key-store';
import { DynamoDbEntityStore } from '../adapters/dynamodb/entity-store';
import { DynamoDbExposureStore } from '../adapters/dynamodb/exposure-store';
import { DynamoDbRefundLedger, DynamoDbSaleLedger } from '../adapters/dynamodb/ledger';
import { DynamoDbRateStore } from '../adapters/dynamodb/rate-store';
import { DynamoDbTransactionStore } from '../adapters/dynamodb/transaction-store';
import { DynamoDbUsageStore } from '../adapters/dynamodb/usage-store';
import { DynamoDbVendorStore } from '../adapters/dynamodb/vendor-store';
import { geoLocationLookups } from '../adapters/geo';
import type { Ports } from '../ports/ports';
import { once } from './once';

/** A store of one table, built on first use with the table's name from the environment. */
const storeOf = <T>(id: TableId, make: (table: string) => T) => once(() => make(tableName(id)));

const entities = storeOf('Entities', (t) => new DynamoDbEntityStore(t));
const apiKeys = storeOf('ApiKeys', (t) => new DynamoDbApiKeyStore(t));
const transactions = storeOf('Transactions', (t) => new DynamoDbTransactionStore(t));
const exposure = storeOf('Exposure', (t) => new DynamoDbExposureStore(t));
/** Also used directly by the local rate import (no use case writes rates). */
export const rateStore = storeOf('Rates', (t) => new DynamoDbRateStore(t));

const accounts = storeOf('Accounts', (t) => new DynamoDbAccountStore(t, entities, apiKeys));
const vendors = storeOf('Vendors', (t) => new DynamoDbVendorStore(t));
const usage = storeOf('Usage', (t) => new DynamoDbUsageStore(t));
const sales = once(() => new DynamoDbSaleLedger(transactions, exposure));
const refunds = once(() => new DynamoDbRefundLedger(transactions, exposure));

export const ports: Ports = {
  get accounts() { return accounts(); },
  get apiKeys() { return apiKeys(); },
  get vendors() { return vendors(); },
  get entities() { return entities(); },
  get sales() { return sales(); },
  get refunds() { return refunds(); },
  get exposure() { return exposure(); },
  get usage() { return usage(); },
  get zipRates() { return rateStore(); },
  locations: geoLocationLookups,
};
