/**
 * Composition root: the production implementation of every port, each built on first use, so no module reads the
 * environment at import (table names and the DynamoDB endpoint are read when a port is first called). Each port is
 * its own export, so a function's bundle carries only the adapters its handler names. Handlers, the authorizer and
 * the local tools take their ports from here; use cases only ever see the port interfaces.
 */
import { CachingEntityStore, CachingZipRateTable } from '../adapters/cache/caching-stores';
import { DynamoDbAccountStore } from '../adapters/dynamodb/account-store';
import { DynamoDbApiKeyStore } from '../adapters/dynamodb/api-key-store';
import { DynamoDbEntityStore } from '../adapters/dynamodb/entity-store';
import { DynamoDbExposureStore } from '../adapters/dynamodb/exposure-store';
import { DynamoDbKeyActivityStore } from '../adapters/dynamodb/key-activity-store';
import { DynamoDbLogoStore } from '../adapters/dynamodb/logo-store';
import { DynamoDbRateStore } from '../adapters/dynamodb/rate-store';
import { DynamoDbTransactionStore } from '../adapters/dynamodb/transaction-store';
import { DynamoDbUsageStore } from '../adapters/dynamodb/usage-store';
import { DynamoDbVendorStore } from '../adapters/dynamodb/vendor-store';
import { geoLocationLookups } from '../adapters/geo';
import { zlibInflater } from '../adapters/images/zlib-inflater';
import { ENTITY_CACHE_MAX_ENTRIES, READ_CACHE_TTL_SECONDS, ZIP_RATE_CACHE_MAX_ENTRIES } from '../config/api-settings';
import { documentsLocation, tableName } from '../config/environment';
import { DEAD_LETTER_QUEUE_URL_ENV_VAR, DELIVERY_QUEUE_URL_ENV_VAR, deliveryQueues, webhooksAllowLoopback } from '../config/webhooks';
import type { Ports } from '../ports/ports';
import type { ZipRateTable } from '../ports/rates';
import { lazy, lazyImport } from './lazy';
import { once, onceAsync } from '../shared/once';

// Stores shared by several ports, made once.
const entityStore = /* @__PURE__ */ once(() => new DynamoDbEntityStore(tableName('Entities')));
const apiKeyStore = /* @__PURE__ */ once(() => new DynamoDbApiKeyStore(tableName('ApiKeys')));
const transactionStore = /* @__PURE__ */ once(() => new DynamoDbTransactionStore(tableName('Transactions')));
const exposureStore = /* @__PURE__ */ once(() => new DynamoDbExposureStore(tableName('Exposure')));
const rateStore = /* @__PURE__ */ once(() => new DynamoDbRateStore(tableName('Rates')));
/** The adapters most requests never touch, loaded together with the first request that needs one (on-demand-adapters.ts). */
const onDemandAdapters = /* @__PURE__ */ onceAsync(() => import('./on-demand-adapters'));
type OnDemandAdapters = Awaited<ReturnType<typeof onDemandAdapters>>;
/** A port made from the on-demand adapters by the first call that needs it. */
const onDemand = <T extends object>(make: (adapters: OnDemandAdapters) => T | Promise<T>): T => lazyImport(async () => make(await onDemandAdapters()));
/** A store made from the on-demand adapters once, for the ports (and stores) that share it. */
const onDemandOnce = <T>(make: (adapters: OnDemandAdapters) => T | Promise<T>): (() => Promise<T>) => onceAsync(async () => make(await onDemandAdapters()));

// Every store and ledger that writes a change adds its event through the container's one outbox (./event-outbox.ts),
// which comes with the on-demand adapters: a function that writes no event (POST /v1/tax/rate) never loads it.
// The container's one entity cache: the quote routes read through it, the entity routes' writes drop its copies.
const entityCache = /* @__PURE__ */ once(
  () => new CachingEntityStore(entityStore(), { maxEntries: ENTITY_CACHE_MAX_ENTRIES, ttlMs: READ_CACHE_TTL_SECONDS * 1000 }),
);

export const accounts: Ports['accounts'] = /* @__PURE__ */ lazy(() => new DynamoDbAccountStore(tableName('Accounts'), entityStore, apiKeyStore));
export const apiKeys: Ports['apiKeys'] = /* @__PURE__ */ lazy(apiKeyStore);
export const keyActivity: Ports['keyActivity'] = /* @__PURE__ */ lazy(() => new DynamoDbKeyActivityStore(tableName('KeyActivity')));
export const vendors: Ports['vendors'] = /* @__PURE__ */ lazy(() => new DynamoDbVendorStore(tableName('Vendors')));
/** Entity CRUD: reads go to the table (a client reads back what it wrote); writes also drop this container's cached copies. */
export const entities: Ports['entities'] = /* @__PURE__ */ lazy(() => entityCache().uncachedReads());
/**
 * The seller of a quote (POST /v1/tax/rate, /v1/tax/unify): cached per container for READ_CACHE_TTL_SECONDS
 * (src/adapters/cache/caching-stores.ts says what that means for an update made in another container).
 */
export const sellerEntities: Ports['sellerEntities'] = /* @__PURE__ */ lazy(entityCache);
export const logos: Ports['logos'] = /* @__PURE__ */ lazy(() => new DynamoDbLogoStore(tableName('Logos')));
export const inflater: Ports['inflater'] = zlibInflater;
/** The return counters: written by the sale and refund ledgers, read by the returns (docs/returns.md "Counters"). */
const returnCounterStore = /* @__PURE__ */ onDemandOnce(({ DynamoDbReturnCounterStore }) => new DynamoDbReturnCounterStore(() => tableName('ReturnCounters')));
export const sales: Ports['sales'] = /* @__PURE__ */ onDemand(
  async ({ DynamoDbSaleLedger, eventOutbox }) =>
    new DynamoDbSaleLedger(transactionStore, exposureStore, () => customerStore(), eventOutbox(), await returnCounterStore()),
);
export const refunds: Ports['refunds'] = /* @__PURE__ */ onDemand(
  async ({ DynamoDbRefundLedger, eventOutbox }) => new DynamoDbRefundLedger(transactionStore, exposureStore, eventOutbox(), await returnCounterStore()),
);
export const returnCounters: Ports['returnCounters'] = /* @__PURE__ */ onDemand(() => returnCounterStore());
export const exposure: Ports['exposure'] = /* @__PURE__ */ lazy(exposureStore);
/** The one Usage store of a container: the usage route reads it, the billable routes' idempotency store writes it. */
export const usageStore = /* @__PURE__ */ once(() => new DynamoDbUsageStore(tableName('Usage')));
export const usage: Ports['usage'] = /* @__PURE__ */ lazy(usageStore);
/**
 * The rating functions' ZIP lookup, whose first answer in a container is logged once: whether an imported table
 * answered it (src/adapters/observability/us-local-rates-log.ts, loaded beside that first lookup, never at a cold
 * start's import, and reading nothing the lookup did not). Concurrent first lookups log one line.
 */
const loggedZipRates = /* @__PURE__ */ once((): ZipRateTable => {
  const store = rateStore();
  let logging: Promise<typeof import('../adapters/observability/us-local-rates-log')> | undefined;
  return {
    async onMonth(zip, state, month) {
      const log = logging ? undefined : (logging = import('../adapters/observability/us-local-rates-log'));
      const found = await store.onMonth(zip, state, month);
      if (log) (await log).logFirstUsLookup({ zip, state, month, found });
      return found;
    },
  };
});
export const zipRates: Ports['zipRates'] = /* @__PURE__ */ lazy(loggedZipRates);
/** The ZIP rows of a quote, cached per container like sellerEntities (a table import reaches it within the TTL). */
export const cachedZipRates: Ports['cachedZipRates'] = /* @__PURE__ */ lazy(
  () => new CachingZipRateTable(loggedZipRates(), { maxEntries: ZIP_RATE_CACHE_MAX_ENTRIES, ttlMs: READ_CACHE_TTL_SECONDS * 1000 }),
);
export const locations: Ports['locations'] = geoLocationLookups;
/**
 * Customers, their certificates and products: their store modules load with the first call (a dynamic import), so a
 * function parses it only when a request needs it; the rate function's category path never does
 * (test/infra/bundle.test.ts). The customer store also builds the write that marks a customer as named by a
 * transaction (recordTransactionItem), which the sale ledger puts in the sale's own transaction.
 */
export const customerStore = /* @__PURE__ */ onDemandOnce(
  ({ DynamoDbCustomerStore, eventOutbox }) => new DynamoDbCustomerStore(tableName('Customers'), () => tableName('Exemptions'), eventOutbox()),
);
export const customers: Ports['customers'] = /* @__PURE__ */ lazyImport(customerStore);
const exemptionStore = /* @__PURE__ */ onDemandOnce(
  ({ DynamoDbExemptionStore, eventOutbox }) => new DynamoDbExemptionStore(tableName('Exemptions'), () => tableName('Customers'), eventOutbox()),
);
export const exemptions: Ports['exemptions'] = /* @__PURE__ */ lazyImport(exemptionStore);
/** Certificate documents: the stack's bucket when DOCUMENTS_BUCKET is set (deployed), else the local folder. */
export const documents: Ports['documents'] = /* @__PURE__ */ onDemand(({ S3BlobStore, FolderBlobStore }) => {
  const where = documentsLocation();
  return 'bucket' in where ? new S3BlobStore(where.bucket, where.region) : new FolderBlobStore(where.folder);
});
export const products: Ports['products'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbProductStore, eventOutbox }) => new DynamoDbProductStore(tableName('Products'), eventOutbox()),
);

/** Registrations and settings: loaded on first use, like products (the rate route reads them only with apply_registrations). */
const registrationStore = /* @__PURE__ */ onDemandOnce(
  ({ DynamoDbRegistrationStore, eventOutbox }) => new DynamoDbRegistrationStore(tableName('Registrations'), eventOutbox()),
);
export const registrations: Ports['registrations'] = /* @__PURE__ */ lazyImport(registrationStore);
/** The tax calendar's feed token hash, kept in the Registrations table by the registration store. */
export const calendarFeedTokens: Ports['calendarFeedTokens'] = /* @__PURE__ */ lazyImport(registrationStore);
export const settings: Ports['settings'] = /* @__PURE__ */ onDemand(({ DynamoDbSettingsStore }) => new DynamoDbSettingsStore(tableName('Settings')));

/** The nexus counters live in the Exposure table: its store writes them with each sale and reads them. */
export const nexusCounters: Ports['nexusCounters'] = /* @__PURE__ */ lazy(exposureStore);
/** The imported ECB reference rates: loaded on first use. */
export const fxRates: Ports['fxRates'] = /* @__PURE__ */ onDemand(({ DynamoDbFxRateStore }) => new DynamoDbFxRateStore(tableName('FxRates')));
/**
 * Events and webhooks (docs/webhooks.md): loaded on first use. The delivery queue is SQS when deployed
 * (LEVY_DELIVERY_QUEUE_URL, set by the stack) and the in-process timer queue locally (`npm start`, tests), whose
 * consumer local/server/webhook-dispatcher.ts wires to the delivery use case.
 */
export const events: Ports['events'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbEventStore, eventOutbox }) => new DynamoDbEventStore(tableName('Events'), eventOutbox()),
);
export const webhookEndpoints: Ports['webhookEndpoints'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbWebhookEndpointStore, eventOutbox }) => new DynamoDbWebhookEndpointStore(tableName('WebhookEndpoints'), eventOutbox()),
);
export const deliveries: Ports['deliveries'] = /* @__PURE__ */ onDemand(({ DynamoDbDeliveryLog }) => new DynamoDbDeliveryLog(tableName('WebhookDeliveries')));
export const hostResolver: Ports['hostResolver'] = /* @__PURE__ */ onDemand(({ DnsHostResolver }) => new DnsHostResolver());
// The addresses are checked when the delivery connects (DNS rebinding); loopback receivers only outside AWS.
export const webhookTransport: Ports['webhookTransport'] = /* @__PURE__ */ onDemand(
  ({ NodeHttpWebhookTransport }) => new NodeHttpWebhookTransport({ allowLoopback: webhooksAllowLoopback() }),
);
/** The in-process delivery queue of this process (local runtime and tests). */
export const localDeliveryQueue = /* @__PURE__ */ onDemandOnce(({ TimerDeliveryQueue }) => new TimerDeliveryQueue());
export const deliveryQueue: Ports['deliveryQueue'] = /* @__PURE__ */ lazyImport(async () => {
  const queues = deliveryQueues();
  if (!queues) {
    // In-process only outside AWS: deployed, a missing queue would silently drop every message.
    if (webhooksAllowLoopback()) return localDeliveryQueue();
    throw new Error(
      `No delivery queue: ${DELIVERY_QUEUE_URL_ENV_VAR} and ${DEAD_LETTER_QUEUE_URL_ENV_VAR} are not set (the stack sets them on the functions that send deliveries)`,
    );
  }
  const { SqsDeliveryQueue } = await onDemandAdapters();
  return new SqsDeliveryQueue(queues.queueUrl, queues.deadLetterQueueUrl, queues.region);
});
/** Notifications: read and dismissed through this store; the outbox writes them with their events. */
export const notifications: Ports['notifications'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbNotificationStore }) => new DynamoDbNotificationStore(tableName('Notifications')),
);
/** nexus.approaching / .crossed events: each once per entity, jurisdiction and window (a marker in Exposure). */
export const nexusEvents: Ports['nexusEvents'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbNexusEventLog, eventOutbox }) => new DynamoDbNexusEventLog(exposureStore, eventOutbox),
);
/** What the daily run of time-driven events reads (a Scan of Exemptions and Registrations). */
export const calendar: Ports['calendar'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbCalendarSource }) => new DynamoDbCalendarSource(tableName('Exemptions'), tableName('Registrations')),
);
/** Invoice series and invoices (docs/invoices.md): loaded on first use. */
export const invoices: Ports['invoices'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbInvoiceStore, eventOutbox }) => new DynamoDbInvoiceStore(tableName('Invoices'), eventOutbox()),
);
/**
 * The outbox's stream records as events (the fan-out function); loaded with its first batch. Not in `Ports`: it reads
 * Lambda's stream event, and only the fan-out handler calls it, handing the events to its use case.
 */
export const streamEvents = {
  async inserted(batch: import('aws-lambda').DynamoDBStreamEvent) {
    const { insertedEvents } = await onDemandAdapters();
    return insertedEvents(batch);
  },
};

/** Checkouts and payment links (docs/checkouts.md); a ZIP's rate rows of every state and its counties, for required_fields. */
export const checkouts: Ports['checkouts'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbCheckoutStore, eventOutbox }) => new DynamoDbCheckoutStore(tableName('Checkouts'), eventOutbox()),
);
export const paymentLinks: Ports['paymentLinks'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbPaymentLinkStore }) => new DynamoDbPaymentLinkStore(tableName('PaymentLinks')),
);
export const zipSides: Ports['zipSides'] = /* @__PURE__ */ lazy(rateStore);
/** Tax returns: loaded on first use; the ledger reads they are computed from go to the one Transactions store. */
export const returns: Ports['returns'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbReturnStore, eventOutbox }) => new DynamoDbReturnStore(tableName('Returns'), eventOutbox()),
);
export const returnLedger: Ports['returnLedger'] = /* @__PURE__ */ lazy(transactionStore);
/** The tax calendar's view of the returns (which periods are filed, by which return): the same store. */
export const filedReturns: Ports['filedReturns'] = returns;
/** Tax-authority notices (docs/notices.md): loaded on first use. */
export const notices: Ports['notices'] = /* @__PURE__ */ onDemand(
  ({ DynamoDbNoticeStore, eventOutbox }) => new DynamoDbNoticeStore(tableName('Notices'), eventOutbox()),
);
/** Certificate requests, and the link-signing secret kept in their table; completing one writes the certificate too. */
const certificateRequestStore = /* @__PURE__ */ onDemandOnce(
  ({ DynamoDbCertificateRequestStore }) => new DynamoDbCertificateRequestStore(tableName('CertificateRequests'), exemptionStore),
);
export const certificateRequests: Ports['certificateRequests'] = /* @__PURE__ */ lazyImport(certificateRequestStore);
export const urlTokenSecrets: Ports['urlTokenSecrets'] = /* @__PURE__ */ lazyImport(certificateRequestStore);
