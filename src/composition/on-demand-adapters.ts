/**
 * Composition: the adapters most requests never touch (customers, certificates, products, registrations, settings, FX
 * rates, events and webhooks), in ONE module that ports.ts imports dynamically with the first request that needs any
 * of them. One dynamic import instead of one per adapter: esbuild splits a bundle into a shared chunk for every set of
 * dynamic imports that share a module, and every chunk the entry imports is a module Node loads at a cold start
 * (17 of them cost about 3.6 ms; docs/benchmarks.md). Every store that writes events is here, with the one outbox they
 * write through, so no event code is reachable from a function's entry unless it writes events.
 */
export { DynamoDbCalendarSource } from '../adapters/dynamodb/calendar-source';
export { DynamoDbCustomerStore } from '../adapters/dynamodb/customer-store';
export { DynamoDbDeliveryLog } from '../adapters/dynamodb/delivery-log-store';
export { DynamoDbEventStore } from '../adapters/dynamodb/event-store';
export { DynamoDbExemptionStore } from '../adapters/dynamodb/exemption-store';
export { DynamoDbFxRateStore } from '../adapters/dynamodb/fx-rate-store';
export { DynamoDbNexusEventLog } from '../adapters/dynamodb/nexus-event-log';
export { DynamoDbNotificationStore } from '../adapters/dynamodb/notification-store';
export { DynamoDbProductStore } from '../adapters/dynamodb/product-store';
export { DynamoDbRegistrationStore } from '../adapters/dynamodb/registration-store';
export { DynamoDbReturnStore } from '../adapters/dynamodb/return-store';
export { DynamoDbSettingsStore } from '../adapters/dynamodb/settings-store';
export { insertedEvents } from '../adapters/dynamodb/stream-records';
export { DynamoDbWebhookEndpointStore } from '../adapters/dynamodb/webhook-endpoint-store';
export { DnsHostResolver } from '../adapters/webhooks/dns-resolver';
export { NodeHttpWebhookTransport } from '../adapters/webhooks/http-transport';
export { TimerDeliveryQueue } from '../adapters/webhooks/timer-queue';
export { SqsDeliveryQueue } from '../adapters/aws/sqs-delivery-queue';
export { DynamoDbInvoiceStore } from '../adapters/dynamodb/invoice-store';
export { DynamoDbNoticeStore } from '../adapters/dynamodb/notice-store';
export { DynamoDbCertificateRequestStore } from '../adapters/dynamodb/certificate-request-store';
export { DynamoDbRefundLedger, DynamoDbSaleLedger } from '../adapters/dynamodb/ledger';
export { DynamoDbReturnCounterStore } from '../adapters/dynamodb/return-counter-store';
export { DynamoDbCheckoutStore, DynamoDbPaymentLinkStore } from '../adapters/dynamodb/checkout-store';
export { FolderBlobStore } from '../adapters/blobs/folder-blob-store';
export { S3BlobStore } from '../adapters/blobs/s3-blob-store';
export { eventOutbox } from './event-outbox';
