/**
 * Local runtime: one realistic request per route of src/config/routes.ts, naming the records of an EventFixtures.
 * `npm run events` turns them into API Gateway events (local/events/), the OpenAPI document shows them as request
 * examples (local/docs/), and the HTTP fuzz mutates them. A route added without a sample fails `npm run events`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { newFeedToken } from '../src/domain/filing/calendar-feed';
import {
  checkoutBody,
  creditNoteBody,
  customerBody,
  entityBody,
  exemptionBody,
  FORM_BOUNDARY,
  invoiceBody,
  invoiceLine,
  location,
  noticeBody,
  paymentLinkBody,
  productBody,
  SAMPLE_PDF,
  SAMPLE_PNG,
  sampleForm,
  stripeSessionCompleted,
  transactionBody,
  vendorBody,
  webhookEndpointBody,
} from './events/bodies';
import { PLACEHOLDER_FIXTURES, PLACEHOLDER_IDS, type EventFixtures } from './events/fixture-types';

export { PLACEHOLDER_FIXTURES, type EventFixtures } from './events/fixture-types';

export interface Sample {
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body of bytes instead of JSON (a document upload): sent base64, as API Gateway sends binary media types. */
  document?: { contentType: string; bytes: Buffer };
}

/** What changes from run to run: the day, and ids that must be new (a recorded id again answers 409). */
export interface SampleVariation {
  today: string;
  freshId: (prefix: string) => string;
  /**
   * A far-future day no earlier run used (one a second): the one-day period of the registration the create event
   * makes, so running it again never overlaps the last one (409).
   */
  freshDay: string;
}

const FRESH_DAYS_FROM = Date.UTC(2200, 0, 1);
const freshDay = (): string => new Date(FRESH_DAYS_FROM + (Math.floor(Date.now() / 1000) % 2_000_000) * 86_400_000).toISOString().slice(0, 10);
export const dayAfter = (day: string): string => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

export const currentRun = (): SampleVariation => ({
  today: new Date().toISOString().slice(0, 10),
  freshId: (prefix) => `${prefix}_${Date.now().toString(36)}${randomUUID().slice(0, 8)}`,
  freshDay: freshDay(),
});

/** Fixed values for the samples the OpenAPI document shows as examples, so the document is the same every run. */
const DOCUMENTED_RUN: SampleVariation = { today: '2026-01-15', freshId: (prefix) => `${prefix}_1001`, freshDay: '2026-02-01' };

/**
 * The fixture account's calendar feed token (GET /v1/tax_calendar.ics): derived from its API key, so it is never
 * saved with the fixtures, and set again by each ensureFixtures (POST /v1/tax_calendar/feed_token rotates it away;
 * the feed's event runs before that one's, in the order of src/config/routes.ts).
 */
export const fixtureFeedToken = (f: Pick<EventFixtures, 'account_id' | 'api_key'>): string =>
  newFeedToken(f.account_id, createHash('sha256').update(`levy-events-feed|${f.api_key}`).digest());

type Samples = Record<string, Sample>;

/** Vendors, entities, customers and their exemption certificates, products. */
function recordSamples(f: EventFixtures): Samples {
  const certificate = { id: f.customer_id, eid: f.exemption_id };
  // Spread into each sample: its own object (the fuzz mutates samples).
  return {
    'vendors-create': { body: vendorBody('Acme Cloud GmbH') },
    'vendors-list': { query: { limit: '10' } },
    'vendors-get': { pathParameters: { id: f.vendor_id } },
    'vendors-update': { pathParameters: { id: f.vendor_id }, body: { email: 'ap@acme.example', exempt: true } },
    'vendors-delete': { pathParameters: { id: f.vendor_to_delete_id } },
    'entities-create': { body: entityBody },
    'entities-list': { query: { limit: '10' } },
    'entities-get': { pathParameters: { id: f.entity_id } },
    'entities-update': { pathParameters: { id: f.entity_id }, body: { name: 'Levy Example UK Ltd' } },
    'entity-logo-put': { pathParameters: { id: f.entity_id }, document: { contentType: 'image/png', bytes: SAMPLE_PNG } },
    'entity-logo-get': { pathParameters: { id: f.entity_id } },
    'entity-logo-delete': { pathParameters: { id: f.entity_id } },
    'customers-create': { body: customerBody('Acme Retail Inc') },
    'customers-list': { query: { limit: '10' } },
    'customers-get': { pathParameters: { id: f.customer_id } },
    'customers-update': { pathParameters: { id: f.customer_id }, body: { email: 'tax@acme-retail.example' } },
    'customers-delete': { pathParameters: { id: f.customer_to_delete_id } },
    'exemptions-create': { pathParameters: { id: f.customer_id }, body: exemptionBody },
    'exemptions-list': { pathParameters: { id: f.customer_id }, query: { status: 'expiring', within_days: '30' } },
    'exemptions-get': { pathParameters: { ...certificate } },
    'exemptions-update': { pathParameters: { ...certificate }, body: { exempt_percentage: 100 } },
    'exemptions-revoke': { pathParameters: { id: f.customer_id, eid: f.exemption_to_revoke_id } },
    'exemption-document-put': { pathParameters: { ...certificate }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } },
    'exemption-document-get': { pathParameters: { ...certificate } },
    'exemption-document-upload-url': { pathParameters: { ...certificate }, body: { content_type: 'application/pdf', content_length: SAMPLE_PDF.length } },
    'exemption-document-complete': { pathParameters: { ...certificate }, body: { upload_id: f.staged_upload_id } },
    'products-create': { body: productBody },
    'products-list': { query: { limit: '10' } },
    'products-get': { pathParameters: { id: f.product_id } },
    'products-update': { pathParameters: { id: f.product_id }, body: { tax_code: 'levy_saas', description: 'Monthly team subscription' } },
    'products-archive': { pathParameters: { id: f.product_id } },
  };
}

/** Rates, quotes, sales and what is reported from them: exposure, usage, tax codes, settings, nexus. */
function taxSamples(f: EventFixtures, { today, freshId }: SampleVariation): Samples {
  const year = today.slice(0, 4);
  return {
    'tax-rate': { body: { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' } } },
    'tax-id-validate': { body: { tax_id: 'DE136695976' } },
    'tax-unify': {
      body: {
        currency: 'USD',
        customer: { type: 'B2C' },
        location,
        line_items: [
          { id: '1', amount: 12000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
          { id: '2', amount: 2500, quantity: 5, product_category: 'DIGITAL_GOODS', delivery_method: 'DOWNLOAD' },
        ],
      },
    },
    // A new id each run: recording the same id again answers 409.
    'transactions-create': { body: transactionBody(freshId('order'), today) },
    'transactions-list': { query: { limit: '10', from: `${year}-01-01`, to: today } },
    'transactions-get': { pathParameters: { id: f.transaction_id } },
    // A small partial refund under a new id: the fixture transaction takes many before it is fully refunded.
    'transactions-refund': { pathParameters: { id: f.transaction_id }, body: { id: freshId('refund'), date: today, line_items: [{ id: '1', amount: 100 }] } },
    'exposure-countries': { query: { from: `${year}-01`, to: today.slice(0, 7) } },
    'usage-get': { query: { from: `${year}-01-01`, to: today } },
    'tax-codes-list': {},
    'tax-codes-get': { pathParameters: { id: 'levy_groceries' } },
    'tax-coverage': {},
    'settings-get': {},
    'settings-update': { body: { collection: 'everywhere', approaching_threshold_percent: 80 } },
    'nexus-report': { query: { as_of: today, country: 'US' } },
    'nexus-simulate': { body: { as_of: today, country: 'US', transactions: [transactionBody(freshId('plan'), today)] } },
  };
}

/** Events, webhook endpoints, notifications, checkouts, payment links, the documentation. */
function activitySamples(f: EventFixtures, { freshId }: SampleVariation): Samples {
  return {
    'events-list': { query: { type: 'customer.created', limit: '10' } },
    'events-get': { pathParameters: { id: f.event_id } },
    'events-redeliver': { pathParameters: { id: f.event_id } },
    'webhook-endpoints-create': { body: webhookEndpointBody('CRM sync') },
    'webhook-endpoints-list': { query: { limit: '10' } },
    'webhook-endpoints-get': { pathParameters: { id: f.webhook_endpoint_id } },
    'webhook-endpoints-update': { pathParameters: { id: f.webhook_endpoint_id }, body: { enabled_events: ['*'], description: 'Everything' } },
    'webhook-endpoints-delete': { pathParameters: { id: f.webhook_endpoint_to_delete_id } },
    'webhook-endpoints-rotate': { pathParameters: { id: f.webhook_endpoint_id } },
    'webhook-endpoints-deliveries': { pathParameters: { id: f.webhook_endpoint_id }, query: { limit: '10' } },
    'notifications-list': { query: { status: 'open', limit: '10' } },
    'notifications-get': { pathParameters: { id: f.notification_id } },
    'notifications-dismiss': { pathParameters: { id: f.notification_id } },
    'checkouts-create': { body: checkoutBody },
    'checkouts-get': { pathParameters: { id: f.checkout_id } },
    'checkouts-update': {
      pathParameters: { id: f.checkout_id },
      body: { location: { country: 'US', state: 'CA', postal_code: '94103', city: 'San Francisco', line1: '1 Market St' } },
    },
    'checkouts-complete': { pathParameters: { id: f.checkout_to_complete_id }, body: { transaction_id: `checkout-${f.checkout_to_complete_id}` } },
    'payment-links-create': { body: paymentLinkBody },
    'payment-links-list': { query: { limit: '10' } },
    'payment-links-get': { pathParameters: { id: f.payment_link_id } },
    'payment-links-checkouts': { pathParameters: { id: f.payment_link_id }, body: { location: { country: 'DE' } } },
    'transactions-import': { query: { product_category: 'SAAS', delivery_method: 'CLOUD' }, body: stripeSessionCompleted(freshId('cs_test')) },
    'docs-openapi': {},
    'docs-page': {},
    'docs-asset': { pathParameters: { asset: 'swagger-ui.css' } },
  };
}

/** Registrations, the tax calendar, notices and certificate requests (with their public page). */
function complianceSamples(f: EventFixtures, { today, freshDay: day }: SampleVariation): Samples {
  const year = today.slice(0, 4);
  const notice = f.notice_id ?? PLACEHOLDER_IDS.notice;
  // A function, not one object: each sample gets its own (the fuzz mutates samples).
  const page = () => ({
    pathParameters: { id: f.certificate_request_id ?? PLACEHOLDER_IDS.certificate_request },
    query: { token: f.certificate_request_token ?? 'token' },
  });
  return {
    'registrations-create': { body: { country: 'DE', type: 'VAT', registration_number: 'DE136695976', active_from: day, expires_at: dayAfter(day) } },
    'registrations-list': { query: { status: 'active', limit: '10' } },
    'registrations-get': { pathParameters: { id: f.registration_id } },
    'registrations-update': { pathParameters: { id: f.registration_id }, body: { registration_number: '12-3456789' } },
    'tax-calendar-list': { query: { from: `${year}-01-01`, to: `${year}-12-31` } },
    'tax-calendar-feed-token': {},
    'tax-calendar-ics': { query: { token: fixtureFeedToken(f) } },
    'notices-create': { body: noticeBody },
    'notices-list': { query: { status: 'open', limit: '10' } },
    'notices-get': { pathParameters: { id: notice } },
    'notices-update': { pathParameters: { id: notice }, body: { status: 'open' } },
    'notice-documents-add': { pathParameters: { id: notice }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } },
    'notice-documents-get': { pathParameters: { id: notice, did: f.notice_document_id ?? PLACEHOLDER_IDS.notice_document } },
    'certificate-requests-create': {
      pathParameters: { id: f.customer_id },
      body: { expires_in_days: 14, message: 'Please upload your Texas resale certificate.' },
    },
    'certificate-requests-list': { pathParameters: { id: f.customer_id } },
    'certificate-page': page(),
    'certificate-page-submit': { ...page(), document: { contentType: `multipart/form-data; boundary=${FORM_BOUNDARY}`, bytes: sampleForm() } },
  };
}

/** Invoice series, invoices and credit notes; returns. */
function billingSamples(f: EventFixtures, { today }: SampleVariation): Samples {
  return {
    'invoice-series-create': { body: { entity_id: f.entity_id, prefix: `INV-${today.slice(0, 4)}-`, next_number: 1 } },
    'invoice-series-list': { query: { limit: '10' } },
    'invoice-series-get': { pathParameters: { id: f.invoice_series_id } },
    'invoices-create': { body: invoiceBody(f.invoice_series_id, f.customer_id, today) },
    'invoices-list': { query: { limit: '10' } },
    'invoices-get': { pathParameters: { id: f.invoice_id } },
    'invoices-update': { pathParameters: { id: f.invoice_id }, body: { issue_date: today, line_items: [invoiceLine(4)] } },
    'invoices-delete': { pathParameters: { id: f.invoice_to_delete_id } },
    'invoices-finalize': { pathParameters: { id: f.invoice_to_finalize_id } },
    'invoices-pdf': { pathParameters: { id: f.finalized_invoice_id } },
    'invoices-ubl': { pathParameters: { id: f.finalized_invoice_id }, query: { profile: 'en16931' } },
    'invoices-cii': { pathParameters: { id: f.finalized_invoice_id }, query: { profile: 'en16931' } },
    'invoices-facturx': { pathParameters: { id: f.finalized_invoice_id } },
    'credit-notes-get': { pathParameters: { id: f.credit_note_id } },
    'credit-notes-pdf': { pathParameters: { id: f.credit_note_id } },
    'credit-notes-ubl': { pathParameters: { id: f.credit_note_id }, query: { profile: 'en16931' } },
    'credit-notes-cii': { pathParameters: { id: f.credit_note_id }, query: { profile: 'en16931' } },
    'invoices-credit-notes-create': {
      pathParameters: { id: f.finalized_invoice_id },
      body: creditNoteBody,
    },
    'returns-create': { body: { registration_id: f.return_registration_id, period_start: f.return_period_start, period_end: f.return_period_end } },
    'returns-list': { query: { registration_id: f.return_registration_id, limit: '10' } },
    'returns-get': { pathParameters: { id: f.return_id } },
    'returns-transactions': { pathParameters: { id: f.return_id }, query: { limit: '100' } },
    'returns-adjust': { pathParameters: { id: f.return_id }, body: { amount: -250, jurisdiction: 'US-TX', reason: 'Bad debt written off' } },
    'returns-finalize': { pathParameters: { id: f.return_id } },
    'returns-mark-filed': { pathParameters: { id: f.finalized_return_id }, body: { filed_on: today, confirmation_number: 'TX-WEBFILE-0042' } },
    'returns-csv': { pathParameters: { id: f.return_id } },
  };
}

/** One realistic request per route, naming the fixtures; a route added to src/config/routes.ts without one fails. */
export function sampleRequests(f: EventFixtures, run: SampleVariation = currentRun()): Record<string, Sample> {
  return { ...recordSamples(f), ...taxSamples(f, run), ...activitySamples(f, run), ...complianceSamples(f, run), ...billingSamples(f, run) };
}

export const samples: Record<string, Sample> = sampleRequests(PLACEHOLDER_FIXTURES, DOCUMENTED_RUN);
