/**
 * Local runtime (`npm run events`): writes events/<route-name>.json, the API Gateway REST proxy event (payload 1.0) of
 * one realistic request per route of src/config/routes.ts, events/authorizer.json (the REQUEST authorizer's event) and
 * env.json (the `--env-vars` file of `sam local invoke` and `npm run invoke`), for the development account of
 * `npm start`, with ids that exist in its DynamoDB Local:
 *
 * - the account and its API key from .levy/dev-account.json (made, with its primary entity, if missing);
 * - a vendor (get, update), a second vendor (delete), a subsidiary entity (get, update) and a transaction (get,
 *   refund), created through the route handlers themselves and remembered in .levy/event-fixtures.json, so a later
 *   run finds them (and re-creates only what was deleted, or used up: a finalized draft, a filed return ...);
 * - for invoices and returns, a series, drafts and a finalized invoice, a monthly registration and its returns in
 *   months long ended (taken one after another, so each run's returns-create names a month no return has yet);
 * - a fresh Idempotency-Key on every idempotent route's event, a fresh transaction id and refund id, so each run's
 *   events are new requests (a replayed key with another body answers 422).
 *
 * Uses the DynamoDB Local of a running `npm start` (LEVY_DYNAMODB_ENDPOINT, default http://127.0.0.1:8000); when
 * nothing answers there it starts one on the same data folder (.levy/db), as `npm start` would, and stops it after.
 *
 *   npm run events [-- --sam-endpoint <url>]
 *
 * --sam-endpoint is the DynamoDB endpoint as the Lambda container sees it, written to env.json (default
 * http://host.docker.internal:<the local endpoint's port>; on Linux run SAM with
 * `--add-host host.docker.internal:host-gateway`, or pass --sam-endpoint http://127.0.0.1:8000 and run SAM with
 * `--docker-network host`).
 */
import './quiet-sdk-warning';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { ports } from '../src/composition/all-ports';
import { calendarFeedTokens } from '../src/composition/ports';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../src/config/environment';
import { answersWithoutKey, authorizer, routeByName, routes, type RouteDefinition, type RouteName } from '../src/config/routes';
import { localTableEnv } from '../src/config/tables';
import { newUploadId } from '../src/domain/documents/document-upload';
import { feedTokenHash, newFeedToken } from '../src/domain/filing/calendar-feed';
import { stagedUploadKey } from '../src/usecases/exemption-document-uploads';
import { certificateRequests, notices, returns } from '../src/composition/ports';
import { nextPeriod, periodContaining, type FilingPeriod } from '../src/domain/filing/periods';
import { certificateRequestStatus } from '../src/domain/notices/certificate-request';
import { ensureDevAccount, type DevAccount } from './admin/dev-account';
import type { LocalDynamoDb } from './dynamodb/dynamodb-local';
import { applyLocalEnv, DEFAULT_LOCAL_DYNAMODB_ENDPOINT, LOCAL_STATE_DIR, LOCAL_TABLE_PREFIX, startLocalDatabase } from './local-env';
import { buildAuthorizerEvent, buildLambdaContext, buildProxyEvent } from './server/api-gateway-event';
import { importHandler } from './server/handler-module';

export const PROJECT_ROOT = join(__dirname, '..');
export const EVENTS_DIR = join(PROJECT_ROOT, 'events');
export const ENV_FILE = join(PROJECT_ROOT, 'env.json');
export const FIXTURES_FILE = join(LOCAL_STATE_DIR, 'event-fixtures.json');
/** DynamoDB Local on the Docker host (its port), as a Lambda container of `sam local invoke` reaches it. */
export const samDynamoDbEndpoint = (localEndpoint: string): string => `http://host.docker.internal:${new URL(localEndpoint).port || 8000}`;

/** The records the events name: all of them exist in the database the events were generated for. */
export interface EventFixtures {
  account_id: string;
  api_key: string;
  primary_entity_id: string;
  vendor_id: string;
  /** The vendor events/vendors-delete.json deletes (the next `npm run events` makes a new one). */
  vendor_to_delete_id: string;
  entity_id: string;
  transaction_id: string;
  customer_id: string;
  /** The customer events/customers-delete.json deletes. */
  customer_to_delete_id: string;
  /** A certificate of customer_id, with a document (get, update, document put and get). */
  exemption_id: string;
  /** The certificate events/exemptions-revoke.json revokes. */
  exemption_to_revoke_id: string;
  /** The product the product events read, change and archive (archiving is repeatable; it stays readable). */
  product_id: string;
  /** A document staged for exemption_id as if PUT to an upload URL, which events/exemption-document-complete.json attaches. */
  staged_upload_id: string;
  /** The registration the registration events read and change (issue 13). */
  registration_id: string;
  /** An event of the account (the customer_id's customer.created, or any newer one) that the event routes read and redeliver (issue 14). */
  event_id: string;
  /** The webhook endpoint the endpoint events read, change, rotate and list the deliveries of. */
  webhook_endpoint_id: string;
  /** The webhook endpoint events/webhook-endpoints-delete.json deletes. */
  webhook_endpoint_to_delete_id: string;
  /** A notification of the account that the notification events read and dismiss (dismissing again is harmless). */
  notification_id: string;
  /** An open checkout the checkout events read and change (issue 16; open for 90 days, made anew once not open). */
  checkout_id: string;
  /** The checkout events/checkouts-complete.json completes (completing again answers the same transaction). */
  checkout_to_complete_id: string;
  /** The payment link the link events read and open checkouts from. */
  payment_link_id: string;
  /** A notice with a document (the notice events read, change and add documents to; a new one when it holds 10). */
  notice_id?: string;
  notice_document_id?: string;
  /** An open certificate request of customer_id and its link's token: the page events open and submit it (a new one once used). */
  certificate_request_id?: string;
  certificate_request_token?: string;
  /** The invoice series the invoice events number from, of an entity with an address (a seller an invoice can name). */
  invoice_series_id: string;
  /** A draft invoice the invoice events read and change (issue 16). */
  invoice_id: string;
  /** The draft events/invoices-delete.json deletes (the next run makes another). */
  invoice_to_delete_id: string;
  /** The invoice events/invoices-finalize.json finalizes (finalizing again answers it as stored). */
  invoice_to_finalize_id: string;
  /** A finalized invoice: its PDF, and the credit notes (100 minor units each; a new one once less is left). */
  finalized_invoice_id: string;
  /** A monthly US-TX registration of entity_id, in force from RETURN_PERIODS_FROM: the returns' (issue 15). */
  return_registration_id: string;
  /** A draft return of it (read, listed, adjusted, then finalized by events/returns-finalize.json: a new one next run). */
  return_id: string;
  /** A finalized return of it, which events/returns-mark-filed.json marks filed (a new one next run). */
  finalized_return_id: string;
  /** The first month of it no return has yet: the period events/returns-create.json creates a return for. */
  return_period_start: string;
  return_period_end: string;
}

export interface Sample {
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body of bytes instead of JSON (a document upload): sent base64, as API Gateway sends binary media types. */
  document?: { contentType: string; bytes: Buffer };
}

/** The smallest PDF header a document upload sample needs: the bytes are sniffed, so they must start as a PDF does. */
const SAMPLE_PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const customerBody = (name: string) => ({
  name,
  email: 'ap@acme-retail.example',
  customer_type: 'RESELLER',
  address: { country: 'US', state: 'TX', postal_code: '78701', city: 'Austin' },
  tax_ids: [{ type: 'us_ein', value: '04-2103594' }],
});
const noticeBody = { jurisdiction: { country: 'US', state: 'TX' }, received_on: '2026-03-02', due_on: '2026-04-01', kind: 'assessment', summary: 'Proposed additional sales tax for Q3 2025', reference: 'TX-2026-0042' };
/** The certificate page's form as a browser sends it (multipart/form-data), with the sample PDF as its file. */
const FORM_BOUNDARY = '----LevySampleForm7MA4YWxkTrZu0gW';
const sampleForm = (): Buffer =>
  Buffer.concat([
    ...Object.entries({ jurisdictions: 'US-TX', reason: 'RESALE', certificate_number: 'TX-FORM-1', effective_from: '2026-01-01', expires_on: '' }).map(([k, v]) =>
      Buffer.from(`--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="certificate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    SAMPLE_PDF,
    Buffer.from(`\r\n--${FORM_BOUNDARY}--\r\n`),
  ]);
const exemptionBody = {
  reason: 'RESALE',
  jurisdictions: [{ country: 'US', state: 'TX' }, { country: 'US', state: 'CA' }],
  certificate_number: 'TX-01-339-2026',
  effective_from: '2026-01-01',
  expires_on: '2030-01-01',
};

const location = { country: 'US', state: 'CA', postal_code: '94103' };
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
const dayAfter = (day: string): string => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

const currentRun = (): SampleVariation => ({
  today: new Date().toISOString().slice(0, 10),
  freshId: (prefix) => `${prefix}_${Date.now().toString(36)}${randomUUID().slice(0, 8)}`,
  freshDay: freshDay(),
});

/** Fixed values for the samples the OpenAPI document shows as examples, so the document is the same every run. */
const DOCUMENTED_RUN: SampleVariation = { today: '2026-01-15', freshId: (prefix) => `${prefix}_1001`, freshDay: '2026-02-01' };

const vendorBody = (name: string) => ({ name, country: 'DE', tax_id: 'DE136695976', exempt: false, email: 'billing@acme.example' });
const entityBody = { name: 'Levy Example Ltd', country: 'GB', tax_id: 'GB980780684' };
const productBody = { name: 'Team plan', tax_code: 'levy_saas_business', sku: 'TEAM-M' };
/** A local receiver's URL (allowed only outside AWS; deployed endpoints must be https to a public host). */
const webhookEndpointBody = (description: string) => ({ url: 'http://127.0.0.1:8787/levy-webhooks', enabled_events: ['customer.created', 'exemption.created'], description });
const transactionBody = (id: string, date: string) => ({
  id,
  date,
  currency: 'USD',
  customer_type: 'B2C',
  location,
  line_items: [
    { id: '1', amount: 12000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
    { id: '2', amount: 4999, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
  ],
});

/** A checkout for a US buyer known by ZIP (issue 16): open for 90 days, so a remembered one serves many runs. */
const checkoutBody = {
  currency: 'USD',
  location: { country: 'US', postal_code: '94103' },
  expires_in_seconds: 7_776_000,
  line_items: [{ id: 'plan', amount: 12000, product_category: 'SAAS', delivery_method: 'CLOUD' }, { id: 'lamp', amount: 4999, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
};
/** An entity that can sell on an invoice: outside the EU, a name and an address (docs/invoices.md). */
const invoiceSellerBody = { name: 'Levy Example Invoicing Ltd', country: 'GB', tax_id: 'GB980780684', address: { line1: '1 Long Acre', city: 'London', postal_code: 'WC2E 9LA' } };
const invoiceLine = (quantity: number) => ({ id: 'seats', description: `Analytics seats (${quantity})`, amount: 10_000 * quantity, quantity, product_category: 'SAAS', delivery_method: 'CLOUD' });
const invoiceBody = (seriesId: string, customerId: string, issueDate: string) => ({ series_id: seriesId, customer_id: customerId, currency: 'USD', issue_date: issueDate, line_items: [invoiceLine(3)] });
/**
 * The returns' registration is in force from this day, so every run's three returns (a draft, a finalized one and
 * the create event's) take months that have long ended (finalize needs an ended period), one after another.
 */
const RETURN_PERIODS_FROM = '1000-01-01';
const paymentLinkBody = { currency: 'EUR', tax_behavior: 'inclusive', line_items: [{ id: 'plan', amount: 1999, product_category: 'SAAS', delivery_method: 'CLOUD' }] };
/** A `checkout.session.completed` event as Stripe delivers it (https://docs.stripe.com/api/checkout/sessions/object). */
const stripeSessionCompleted = (id: string) => ({
  id: 'evt_1QabcdEFghIJklMNopQRstuv',
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      currency: 'usd',
      created: 1768471200,
      amount_total: 12000,
      customer_details: { address: { country: 'US', state: 'CA', postal_code: '94103', city: 'San Francisco', line1: '1 Market St' }, tax_exempt: 'none', tax_ids: [] },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    },
  },
});

/** One realistic request per route, naming the fixtures; a route added to src/config/routes.ts without one fails. */
export function sampleRequests(f: EventFixtures, run: SampleVariation = currentRun()): Record<string, Sample> {
  const { today, freshId, freshDay: day } = run;
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
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
    'exposure-countries': { query: { from: `${year}-01`, to: month } },
    'usage-get': { query: { from: `${year}-01-01`, to: today } },
    'customers-create': { body: customerBody('Acme Retail Inc') },
    'customers-list': { query: { limit: '10' } },
    'customers-get': { pathParameters: { id: f.customer_id } },
    'customers-update': { pathParameters: { id: f.customer_id }, body: { email: 'tax@acme-retail.example' } },
    'customers-delete': { pathParameters: { id: f.customer_to_delete_id } },
    'exemptions-create': { pathParameters: { id: f.customer_id }, body: exemptionBody },
    'exemptions-list': { pathParameters: { id: f.customer_id }, query: { status: 'expiring', within_days: '30' } },
    'exemptions-get': { pathParameters: { id: f.customer_id, eid: f.exemption_id } },
    'exemptions-update': { pathParameters: { id: f.customer_id, eid: f.exemption_id }, body: { exempt_percentage: 100 } },
    'exemptions-revoke': { pathParameters: { id: f.customer_id, eid: f.exemption_to_revoke_id } },
    'exemption-document-put': { pathParameters: { id: f.customer_id, eid: f.exemption_id }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } },
    'exemption-document-get': { pathParameters: { id: f.customer_id, eid: f.exemption_id } },
    'exemption-document-upload-url': { pathParameters: { id: f.customer_id, eid: f.exemption_id }, body: { content_type: 'application/pdf', content_length: SAMPLE_PDF.length } },
    'exemption-document-complete': { pathParameters: { id: f.customer_id, eid: f.exemption_id }, body: { upload_id: f.staged_upload_id } },
    'tax-codes-list': {},
    'tax-codes-get': { pathParameters: { id: 'levy_groceries' } },
    'products-create': { body: productBody },
    'products-list': { query: { limit: '10' } },
    'products-get': { pathParameters: { id: f.product_id } },
    'products-update': { pathParameters: { id: f.product_id }, body: { tax_code: 'levy_saas', description: 'Monthly team subscription' } },
    'products-archive': { pathParameters: { id: f.product_id } },
    'registrations-create': { body: { country: 'DE', type: 'VAT', registration_number: 'DE136695976', active_from: day, expires_at: dayAfter(day) } },
    'registrations-list': { query: { status: 'active', limit: '10' } },
    'registrations-get': { pathParameters: { id: f.registration_id } },
    'registrations-update': { pathParameters: { id: f.registration_id }, body: { registration_number: '12-3456789' } },
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
    'settings-get': {},
    'settings-update': { body: { collection: 'everywhere', approaching_threshold_percent: 80 } },
    'nexus-report': { query: { as_of: today, country: 'US' } },
    'nexus-simulate': { body: { as_of: today, country: 'US', transactions: [transactionBody(freshId('plan'), today)] } },
    'notifications-list': { query: { status: 'open', limit: '10' } },
    'notifications-get': { pathParameters: { id: f.notification_id } },
    'notifications-dismiss': { pathParameters: { id: f.notification_id } },
    'checkouts-create': { body: checkoutBody },
    'checkouts-get': { pathParameters: { id: f.checkout_id } },
    'checkouts-update': { pathParameters: { id: f.checkout_id }, body: { location: { country: 'US', state: 'CA', postal_code: '94103', city: 'San Francisco', line1: '1 Market St' } } },
    'checkouts-complete': { pathParameters: { id: f.checkout_to_complete_id }, body: { transaction_id: `checkout-${f.checkout_to_complete_id}` } },
    'payment-links-create': { body: paymentLinkBody },
    'payment-links-list': { query: { limit: '10' } },
    'payment-links-get': { pathParameters: { id: f.payment_link_id } },
    'payment-links-checkouts': { pathParameters: { id: f.payment_link_id }, body: { location: { country: 'DE' } } },
    'transactions-import': { query: { product_category: 'SAAS', delivery_method: 'CLOUD' }, body: stripeSessionCompleted(freshId('cs_test')) },
    'docs-openapi': {},
    'docs-page': {},
    'docs-asset': { pathParameters: { asset: 'swagger-ui.css' } },
    'tax-calendar-list': { query: { from: `${year}-01-01`, to: `${year}-12-31` } },
    'tax-calendar-feed-token': {},
    'tax-calendar-ics': { query: { token: fixtureFeedToken(f) } },
    'notices-create': { body: noticeBody },
    'notices-list': { query: { status: 'open', limit: '10' } },
    'notices-get': { pathParameters: { id: f.notice_id ?? PLACEHOLDER_IDS.notice } },
    'notices-update': { pathParameters: { id: f.notice_id ?? PLACEHOLDER_IDS.notice }, body: { status: 'open' } },
    'notice-documents-add': { pathParameters: { id: f.notice_id ?? PLACEHOLDER_IDS.notice }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } },
    'notice-documents-get': { pathParameters: { id: f.notice_id ?? PLACEHOLDER_IDS.notice, did: f.notice_document_id ?? PLACEHOLDER_IDS.notice_document } },
    'certificate-requests-create': { pathParameters: { id: f.customer_id }, body: { expires_in_days: 14, message: 'Please upload your Texas resale certificate.' } },
    'certificate-requests-list': { pathParameters: { id: f.customer_id } },
    'certificate-page': { pathParameters: { id: f.certificate_request_id ?? PLACEHOLDER_IDS.certificate_request }, query: { token: f.certificate_request_token ?? 'token' } },
    'invoice-series-create': { body: { entity_id: f.entity_id, prefix: `INV-${year}-`, next_number: 1 } },
    'invoice-series-list': { query: { limit: '10' } },
    'invoice-series-get': { pathParameters: { id: f.invoice_series_id } },
    'invoices-create': { body: invoiceBody(f.invoice_series_id, f.customer_id, today) },
    'invoices-list': { query: { limit: '10' } },
    'invoices-get': { pathParameters: { id: f.invoice_id } },
    'invoices-update': { pathParameters: { id: f.invoice_id }, body: { issue_date: today, line_items: [invoiceLine(4)] } },
    'invoices-delete': { pathParameters: { id: f.invoice_to_delete_id } },
    'invoices-finalize': { pathParameters: { id: f.invoice_to_finalize_id } },
    'invoices-pdf': { pathParameters: { id: f.finalized_invoice_id } },
    'invoices-credit-notes-create': { pathParameters: { id: f.finalized_invoice_id }, body: { line_items: [{ id: 'seats', amount: 100 }], reason: 'Service credit for a two-hour outage' } },
    'returns-create': { body: { registration_id: f.return_registration_id, period_start: f.return_period_start, period_end: f.return_period_end } },
    'returns-list': { query: { registration_id: f.return_registration_id, limit: '10' } },
    'returns-get': { pathParameters: { id: f.return_id } },
    'returns-transactions': { pathParameters: { id: f.return_id }, query: { limit: '100' } },
    'returns-adjust': { pathParameters: { id: f.return_id }, body: { amount: -250, jurisdiction: 'US-TX', reason: 'Bad debt written off' } },
    'returns-finalize': { pathParameters: { id: f.return_id } },
    'returns-mark-filed': { pathParameters: { id: f.finalized_return_id }, body: { filed_on: today, confirmation_number: 'TX-WEBFILE-0042' } },
    'returns-csv': { pathParameters: { id: f.return_id } },
    'certificate-page-submit': {
      pathParameters: { id: f.certificate_request_id ?? PLACEHOLDER_IDS.certificate_request },
      query: { token: f.certificate_request_token ?? 'token' },
      document: { contentType: `multipart/form-data; boundary=${FORM_BOUNDARY}`, bytes: sampleForm() },
    },
  };
}

/**
 * The fixture account's calendar feed token (GET /v1/tax_calendar.ics): derived from its API key, so it is never
 * saved with the fixtures, and set again by each ensureFixtures (POST /v1/tax_calendar/feed_token rotates it away;
 * the feed's event runs before that one's, in the order of src/config/routes.ts).
 */
export const fixtureFeedToken = (f: Pick<EventFixtures, 'account_id' | 'api_key'>): string =>
  newFeedToken(f.account_id, createHash('sha256').update(`levy-events-feed|${f.api_key}`).digest());

/** Well-formed ids of the notices' records that name nothing (the optional fixtures' placeholders). */
const PLACEHOLDER_IDS = { notice: 'ntc_0mhx2k3c0a1b2c3d4e5f60718', notice_document: 'doc_0mhx2k3c0a1b2c3d4e5f60718', certificate_request: 'crq_0mhx2k3c0a1b2c3d4e5f60718' };

/** Well-formed ids that name nothing: for tests that make their own records (test/http/fuzz.test.ts mutates these samples). */
export const PLACEHOLDER_FIXTURES: EventFixtures = {
  account_id: 'acct_0mhx2k3c0a1b2c3d4e5f60718',
  api_key: 'lvy_0000000000000000000000000000000000000000000',
  primary_entity_id: 'ent_0mhx2k3c0a1b2c3d4e5f60719',
  vendor_id: 'vnd_0mhx2k3c0a1b2c3d4e5f60718',
  vendor_to_delete_id: 'vnd_0mhx2k3c0a1b2c3d4e5f60719',
  entity_id: 'ent_0mhx2k3c0f1e2d3c4b5a69788',
  transaction_id: 'order_1001',
  customer_id: 'cus_0mhx2k3c0a1b2c3d4e5f60718',
  customer_to_delete_id: 'cus_0mhx2k3c0a1b2c3d4e5f60719',
  exemption_id: 'exm_0mhx2k3c0a1b2c3d4e5f60718',
  exemption_to_revoke_id: 'exm_0mhx2k3c0a1b2c3d4e5f60719',
  product_id: 'prod_0mhx2k3c0a1b2c3d4e5f60718',
  staged_upload_id: 'upl_0mhx2k3c0a1b2c3d4e5f60718',
  registration_id: 'reg_0mhx2k3c0a1b2c3d4e5f60718',
  event_id: 'evt_0mhx2k3c0a1b2c3d4e5f60718',
  webhook_endpoint_id: 'we_0mhx2k3c0a1b2c3d4e5f60718',
  webhook_endpoint_to_delete_id: 'we_0mhx2k3c0a1b2c3d4e5f60719',
  notification_id: 'ntf_0mhx2k3c0a1b2c3d4e5f60718',
  checkout_id: 'chk_0mhx2k3c0a1b2c3d4e5f60718',
  checkout_to_complete_id: 'chk_0mhx2k3c0a1b2c3d4e5f60719',
  payment_link_id: 'plink_0mhx2k3c0a1b2c3d4e5f60718',
  invoice_series_id: 'isr_0mhx2k3c0a1b2c3d4e5f60718',
  invoice_id: 'inv_0mhx2k3c0a1b2c3d4e5f60718',
  invoice_to_delete_id: 'inv_0mhx2k3c0a1b2c3d4e5f60719',
  invoice_to_finalize_id: 'inv_0mhx2k3c0a1b2c3d4e5f6071a',
  finalized_invoice_id: 'inv_0mhx2k3c0a1b2c3d4e5f6071b',
  return_registration_id: 'reg_0mhx2k3c0a1b2c3d4e5f60719',
  return_id: 'ret_0mhx2k3c0a1b2c3d4e5f60718',
  finalized_return_id: 'ret_0mhx2k3c0a1b2c3d4e5f60719',
  return_period_start: '2025-12-01',
  return_period_end: '2025-12-31',
};

export const samples: Record<string, Sample> = sampleRequests(PLACEHOLDER_FIXTURES, DOCUMENTED_RUN);

/** The headers a client (here curl) and API Gateway put on a request; a fresh Idempotency-Key where the route takes one. */
function requestHeaders(route: RouteDefinition, sample: Sample, apiKey: string): Record<string, string> {
  return {
    Accept: 'application/json',
    // Public routes (the documentation) and URL-token routes take no key.
    ...(answersWithoutKey(route) ? {} : { Authorization: `Bearer ${apiKey}` }),
    ...(sample.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...(sample.document ? { 'Content-Type': sample.document.contentType } : {}),
    ...(route.idempotent ? { 'Idempotency-Key': randomUUID() } : {}),
    Host: 'abcdef1234.execute-api.us-east-1.amazonaws.com',
    'User-Agent': 'curl/8.5.0',
    'X-Forwarded-For': '203.0.113.10',
    'X-Forwarded-Port': '443',
    'X-Forwarded-Proto': 'https',
  };
}

function eventFor(route: RouteDefinition, sample: Sample, fixtures: Pick<EventFixtures, 'account_id' | 'api_key'>): APIGatewayProxyEvent {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = sample.pathParameters?.[name];
    if (!value) throw new Error(`The sample of ${route.name} lacks path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const event = buildProxyEvent({
    route,
    path,
    pathParameters: sample.pathParameters,
    query: sample.query,
    headers: requestHeaders(route, sample, fixtures.api_key),
    ...(sample.document
      ? { body: sample.document.bytes.toString('base64'), isBase64Encoded: true }
      : { body: sample.body === undefined ? null : JSON.stringify(sample.body) }),
    // The authorizer context API Gateway would add: the account the bearer key belongs to.
    accountId: fixtures.account_id,
    sourceIp: '203.0.113.10',
  });
  Object.assign(event.requestContext, { domainName: 'abcdef1234.execute-api.us-east-1.amazonaws.com', domainPrefix: 'abcdef1234' });
  return event;
}

/** Every route's event, by route name, plus the authorizer's (for the vendors-list request), for these fixtures. */
export function buildEvents(fixtures: EventFixtures): Record<string, unknown> {
  const all = sampleRequests(fixtures);
  const events: Record<string, unknown> = {};
  for (const route of routes) {
    const sample = all[route.name];
    if (!sample) throw new Error(`No sample request for route ${route.name} in local/generate-events.ts`);
    events[route.name] = eventFor(route, sample, fixtures);
  }
  const listRoute = routeByName('vendors-list');
  events[authorizer.name] = buildAuthorizerEvent(eventFor(listRoute, all['vendors-list'], fixtures), listRoute);
  return events;
}

/**
 * The `--env-vars` file: every table variable and the endpoint, for all functions (`Parameters`). SAM sets only the
 * variables a function declares, so each function gets its own tables' names and LEVY_DYNAMODB_ENDPOINT.
 */
export function envVarsFile(dynamoDbEndpoint: string, tablePrefix = LOCAL_TABLE_PREFIX): { Parameters: Record<string, string> } {
  return {
    Parameters: {
      ...localTableEnv(tablePrefix),
      [DYNAMODB_ENDPOINT_ENV_VAR]: dynamoDbEndpoint,
    },
  };
}

type ProxyHandler = (event: APIGatewayProxyEvent, context: ReturnType<typeof buildLambdaContext>) => Promise<APIGatewayProxyResult>;

/** Sends one request through the route's own handler (as `npm start` does) and answers its JSON body; a non-2xx throws. */
async function call(routeName: string, sample: Sample, fixtures: Pick<EventFixtures, 'account_id' | 'api_key'>): Promise<Record<string, any>> {
  const route = routeByName(routeName as RouteName);
  const handler = await importHandler<ProxyHandler>(route.entry);
  const result = await handler(eventFor(route, sample, fixtures), buildLambdaContext(route.name));
  if (result.statusCode >= 300) throw new Error(`${route.method} ${route.path} answered ${result.statusCode}: ${result.body}`);
  return JSON.parse(result.body) as Record<string, any>;
}

const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/**
 * The fixtures of `account`: those remembered in `file` that still exist, the others created through the handlers.
 * The environment (endpoint, table names) must point at the database already.
 */
export async function ensureFixtures(account: DevAccount, file?: string): Promise<EventFixtures> {
  const stored = await ports.accounts.get(account.account_id);
  if (!stored) throw new Error(`No account ${account.account_id} in the database`);
  const saved = file ? readJson<Partial<EventFixtures>>(file) : undefined;
  const known = saved?.account_id === account.account_id ? saved : {};
  const id = account.account_id;

  /** The record a remembered id still names, read through its get route; undefined when none is remembered or it is gone. */
  const stillThere = (getRoute: string, knownId: string | undefined): Promise<Record<string, any> | undefined> =>
    knownId ? call(getRoute, { pathParameters: { id: knownId } }, account).then((record) => record, () => undefined) : Promise.resolve(undefined);

  const vendorId = known.vendor_id && (await ports.vendors.get(id, known.vendor_id)) ? known.vendor_id : (await call('vendors-create', { body: vendorBody('Acme Cloud GmbH') }, account)).id;
  const toDelete =
    known.vendor_to_delete_id && (await ports.vendors.get(id, known.vendor_to_delete_id))
      ? known.vendor_to_delete_id
      : (await call('vendors-create', { body: vendorBody('Vendor to delete GmbH') }, account)).id;
  const entityId = known.entity_id && (await ports.entities.get(id, known.entity_id)) ? known.entity_id : (await call('entities-create', { body: entityBody }, account)).id;
  const transactionId =
    known.transaction_id && (await stillThere('transactions-get', known.transaction_id))
      ? known.transaction_id
      : (await call('transactions-create', { body: transactionBody(currentRun().freshId('order'), currentRun().today) }, account)).id;

  const customerId = known.customer_id && (await ports.customers.get(id, known.customer_id)) ? known.customer_id : (await call('customers-create', { body: customerBody('Acme Retail Inc') }, account)).id;
  const customerToDelete =
    known.customer_to_delete_id && (await ports.customers.get(id, known.customer_to_delete_id))
      ? known.customer_to_delete_id
      : (await call('customers-create', { body: customerBody('Customer to delete Inc') }, account)).id;
  const certificate = async (known_id: string | undefined, revocable: boolean): Promise<string> => {
    const found = known_id ? await ports.exemptions.get(id, customerId, known_id) : undefined;
    if (found && (revocable ? found.revoked_at === null : true)) return found.id;
    const created = (await call('exemptions-create', { pathParameters: { id: customerId }, body: exemptionBody }, account)).id as string;
    if (!revocable) await call('exemption-document-put', { pathParameters: { id: customerId, eid: created }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } }, account);
    return created;
  };
  const exemptionId = await certificate(known.exemption_id, false);
  const exemptionToRevoke = await certificate(known.exemption_to_revoke_id, true);
  const productId = known.product_id && (await ports.products.get(id, known.product_id)) ? known.product_id : (await call('products-create', { body: productBody }, account)).id;
  // Completing consumes a staged upload: a new one unless the remembered one is still waiting.
  const stagedOf = (uploadId: string) => stagedUploadKey(id, customerId, exemptionId, uploadId);
  let stagedUploadId = known.staged_upload_id;
  if (!stagedUploadId || !(await ports.documents.head(stagedOf(stagedUploadId)))) {
    stagedUploadId = newUploadId(new Date());
    await ports.documents.put(stagedOf(stagedUploadId), SAMPLE_PDF, 'application/pdf');
  }

  const registrationId =
    known.registration_id && (await ports.registrations.get(id, known.registration_id))
      ? known.registration_id
      : await (async () => {
          // A one-day period no earlier run used: a lost fixtures file never makes the next run's create overlap (409).
          const day = currentRun().freshDay;
          return (await call('registrations-create', { body: { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: day, expires_at: dayAfter(day) } }, account)).id;
        })();

  const webhookEndpoint = async (known_id: string | undefined, description: string): Promise<string> =>
    known_id && (await stillThere('webhook-endpoints-get', known_id))
      ? known_id
      : ((await call('webhook-endpoints-create', { body: webhookEndpointBody(description) }, account)).id as string);
  const webhookEndpointId = await webhookEndpoint(known.webhook_endpoint_id, 'CRM sync');
  const webhookEndpointToDelete = await webhookEndpoint(known.webhook_endpoint_to_delete_id, 'Endpoint to delete');
  // Events expire after 30 days: the remembered one if it is still there, else the newest of the account.
  const eventId =
    known.event_id && (await stillThere('events-get', known.event_id))
      ? known.event_id
      : ((await call('events-list', { query: { limit: '1' } }, account)).data[0].id as string);

  // A notification: the remembered one, else the account's newest, else the one raised by a sale into Massachusetts
  // over its threshold (sales over $100,000 in the current or previous calendar year, data/nexus-rules/us.json row US-MA),
  // recorded through the handler like every fixture.
  const newestNotification = async () => (await call('notifications-list', { query: { limit: '1' } }, account)).data[0]?.id as string | undefined;
  const notificationId =
    (known.notification_id && (await stillThere('notifications-get', known.notification_id))
      ? known.notification_id
      : await newestNotification()) ??
    (await (async () => {
      const sale = { ...transactionBody(currentRun().freshId('order'), currentRun().today), location: { country: 'US', state: 'MA' }, line_items: [{ id: '1', amount: 10_000_001, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }] };
      await call('transactions-create', { body: sale }, account);
      return (await newestNotification())!;
    })());

  // An open checkout to read and change, one to complete (completed or open), a payment link (issue 16).
  const checkoutStatus = async (known_id: string | undefined) => (await stillThere('checkouts-get', known_id))?.status as string | undefined;
  const newCheckout = async (): Promise<string> => (await call('checkouts-create', { body: checkoutBody }, account)).id as string;
  const checkoutId = (await checkoutStatus(known.checkout_id)) === 'open' ? known.checkout_id! : await newCheckout();
  const completable = await checkoutStatus(known.checkout_to_complete_id);
  const checkoutToComplete = completable === 'open' || completable === 'complete' ? known.checkout_to_complete_id! : await newCheckout();
  const paymentLinkId =
    known.payment_link_id && (await stillThere('payment-links-get', known.payment_link_id))
      ? known.payment_link_id
      : ((await call('payment-links-create', { body: paymentLinkBody }, account)).id as string);
  await calendarFeedTokens.putFeedTokenHash(id, feedTokenHash(fixtureFeedToken(account)), new Date().toISOString());

  // A notice with a document; a new one once it holds 10 (each run's notice-documents-add event adds one, 20 at most).
  const knownNotice = known.notice_id ? await notices.get(id, known.notice_id) : undefined;
  const notice =
    knownNotice && knownNotice.documents.length > 0 && knownNotice.documents.length < 10
      ? knownNotice
      : await (async () => {
          const created = (await call('notices-create', { body: noticeBody }, account)).id as string;
          return call('notice-documents-add', { pathParameters: { id: created }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } }, account);
        })();
  // An open certificate request: submitting the page uses it, so the next run makes another.
  const knownRequest = known.certificate_request_id ? await certificateRequests.get(id, known.certificate_request_id) : undefined;
  const certificateRequest =
    knownRequest && known.certificate_request_token && certificateRequestStatus(knownRequest, new Date(Date.now() + 86_400_000)) === 'open'
      ? { id: knownRequest.id, token: known.certificate_request_token }
      : await (async () => {
          const created = await call('certificate-requests-create', { pathParameters: { id: customerId }, body: {} }, account);
          return { id: created.id as string, token: new URL(created.url as string).searchParams.get('token')! };
        })();

  // Invoices (issue 16): a series of a seller with an address, drafts, and a finalized invoice with credit left.
  const seriesId =
    known.invoice_series_id && (await stillThere('invoice-series-get', known.invoice_series_id))
      ? known.invoice_series_id
      : await (async () => {
          const seller = (await call('entities-create', { body: invoiceSellerBody }, account)).id as string;
          return (await call('invoice-series-create', { body: { entity_id: seller, prefix: 'INV-' } }, account)).id as string;
        })();
  const invoiceStatus = async (known_id: string | undefined) => (await stillThere('invoices-get', known_id))?.status as string | undefined;
  const newDraft = async (): Promise<string> => (await call('invoices-create', { body: invoiceBody(seriesId, customerId, currentRun().today) }, account)).id as string;
  const invoiceId = (await invoiceStatus(known.invoice_id)) === 'draft' ? known.invoice_id! : await newDraft();
  const invoiceToDelete = (await invoiceStatus(known.invoice_to_delete_id)) === 'draft' ? known.invoice_to_delete_id! : await newDraft();
  const invoiceToFinalize = (await invoiceStatus(known.invoice_to_finalize_id)) !== undefined ? known.invoice_to_finalize_id! : await newDraft();
  // Each run's credit note takes 100 of the line's 30,000: the sale (the invoice id) says what is left.
  const creditLeft = async (known_id: string): Promise<number> =>
    (await call('transactions-get', { pathParameters: { id: known_id } }, account).then((t) => t.line_items[0].remaining_amount as number, () => 0));
  const finalizedInvoiceId =
    known.finalized_invoice_id && (await invoiceStatus(known.finalized_invoice_id)) === 'finalized' && (await creditLeft(known.finalized_invoice_id)) >= 100
      ? known.finalized_invoice_id
      : await (async () => {
          const created = await newDraft();
          await call('invoices-finalize', { pathParameters: { id: created } }, account);
          return created;
        })();

  // Returns (issue 15): a monthly registration of the subsidiary entity, and its months taken one after another.
  const returnRegistrationId =
    known.return_registration_id && (await ports.registrations.get(id, known.return_registration_id))
      ? known.return_registration_id
      : ((await call('registrations-create', { body: { entity_id: entityId, country: 'US', state: 'TX', type: 'SALES_TAX', active_from: RETURN_PERIODS_FROM, filing: { frequency: 'MONTHLY' } } }, account)).id as string);
  const taken = await returns.summaries(id, returnRegistrationId);
  const lastTaken = taken.reduce<FilingPeriod | undefined>((last, r) => (!last || r.period_end > last.end ? { start: r.period_start, end: r.period_end } : last), undefined);
  let freePeriod = lastTaken ? nextPeriod('MONTHLY', lastTaken) : periodContaining('MONTHLY', RETURN_PERIODS_FROM);
  const takePeriod = (): FilingPeriod => {
    const period = freePeriod;
    if (period.end >= currentRun().today) throw new Error(`The returns registration ${returnRegistrationId} has no ended month left; delete ${FIXTURES_FILE} to make another`);
    freePeriod = nextPeriod('MONTHLY', period);
    return period;
  };
  const returnStatus = async (known_id: string | undefined) => (known_id ? (await returns.get(id, known_id))?.status : undefined);
  const newReturn = async (): Promise<string> => {
    const period = takePeriod();
    return (await call('returns-create', { body: { registration_id: returnRegistrationId, period_start: period.start, period_end: period.end } }, account)).id as string;
  };
  const returnId = (await returnStatus(known.return_id)) === 'draft' ? known.return_id! : await newReturn();
  const finalizedReturnId =
    (await returnStatus(known.finalized_return_id)) === 'finalized'
      ? known.finalized_return_id!
      : await (async () => {
          const created = await newReturn();
          await call('returns-finalize', { pathParameters: { id: created } }, account);
          return created;
        })();
  const returnPeriod = takePeriod();

  const fixtures: EventFixtures = {
    invoice_series_id: seriesId,
    invoice_id: invoiceId,
    invoice_to_delete_id: invoiceToDelete,
    invoice_to_finalize_id: invoiceToFinalize,
    finalized_invoice_id: finalizedInvoiceId,
    return_registration_id: returnRegistrationId,
    return_id: returnId,
    finalized_return_id: finalizedReturnId,
    return_period_start: returnPeriod.start,
    return_period_end: returnPeriod.end,
    notification_id: notificationId,
    checkout_id: checkoutId,
    checkout_to_complete_id: checkoutToComplete,
    payment_link_id: paymentLinkId,
    notice_id: notice.id,
    notice_document_id: notice.documents[0].id,
    certificate_request_id: certificateRequest.id,
    certificate_request_token: certificateRequest.token,
    event_id: eventId,
    webhook_endpoint_id: webhookEndpointId,
    webhook_endpoint_to_delete_id: webhookEndpointToDelete,
    customer_id: customerId,
    customer_to_delete_id: customerToDelete,
    exemption_id: exemptionId,
    exemption_to_revoke_id: exemptionToRevoke,
    account_id: id,
    api_key: account.api_key,
    primary_entity_id: stored.primary_entity_id,
    vendor_id: vendorId,
    vendor_to_delete_id: toDelete,
    entity_id: entityId,
    transaction_id: transactionId,
    product_id: productId,
    staged_upload_id: stagedUploadId,
    registration_id: registrationId,
  };
  if (file) {
    const { api_key: _secret, ...remembered } = fixtures;
    writeFileSync(file, `${JSON.stringify(remembered, null, 2)}\n`, { mode: 0o600 });
  }
  return fixtures;
}

/** Writes every event to `dir` (removing the events of routes that no longer exist) and the env file. */
export function writeEvents(dir: string, events: Record<string, unknown>, envFile: string, env: unknown): void {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.json') && !(file.slice(0, -'.json'.length) in events)) rmSync(join(dir, file));
  }
  for (const [name, event] of Object.entries(events)) writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(event, null, 2)}\n`);
  writeFileSync(envFile, `${JSON.stringify(env, null, 2)}\n`);
}

function reachable(endpoint: string): Promise<boolean> {
  const url = new URL(endpoint);
  return new Promise((done) => {
    const socket = connect({ port: Number(url.port || 80), host: url.hostname });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

type TemplateResources = { Resources: Record<string, { Type: string; Metadata?: Record<string, string> }> };

/**
 * The SAM identifier of each function of the synthesized templates (`npx cdk synth`), by its construct path: its
 * logical id in the root template (the authorizer), `<nested stack logical id>/<logical id>` in a nested one (the
 * route functions, by area, and the background functions: lib/levy-stack.ts). SAM finds a nested template through the
 * `aws:asset:path` CDK puts on its stack resource.
 */
function templateFunctions(): [string, string][] {
  const read = (file: string) => readJson<TemplateResources>(join(PROJECT_ROOT, 'cdk.out', file));
  const functionsOf = (template: TemplateResources | undefined, prefix: string): [string, string][] =>
    Object.entries(template?.Resources ?? {}).flatMap(([logicalId, r]): [string, string][] => {
      if (r.Type === 'AWS::Lambda::Function') return [[r.Metadata?.['aws:cdk:path'] ?? '', `${prefix}${logicalId}`]];
      const nested = r.Type === 'AWS::CloudFormation::Stack' ? r.Metadata?.['aws:asset:path'] : undefined;
      return nested ? functionsOf(read(nested), `${prefix}${logicalId}/`) : [];
    });
  return functionsOf(read('Levy.template.json'), '');
}

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { 'sam-endpoint': { type: 'string' } } });
  const endpoint = process.env[DYNAMODB_ENDPOINT_ENV_VAR] || DEFAULT_LOCAL_DYNAMODB_ENDPOINT;
  let db: LocalDynamoDb | undefined;
  try {
    if (!(await reachable(endpoint))) {
      console.error(`[events] nothing answers at ${endpoint}: starting DynamoDB Local on .levy/db, as \`npm start\` does ...`);
      mkdirSync(LOCAL_STATE_DIR, { recursive: true });
      db = await startLocalDatabase({ port: Number(new URL(endpoint).port || 8000), dataDir: join(LOCAL_STATE_DIR, 'db') });
    } else {
      applyLocalEnv(endpoint);
    }
    process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
    const { account, created } = await ensureDevAccount(ports, true);
    const fixtures = await ensureFixtures(account, FIXTURES_FILE);
    writeEvents(EVENTS_DIR, buildEvents(fixtures), ENV_FILE, envVarsFile(values['sam-endpoint'] ?? samDynamoDbEndpoint(endpoint)));
    const { api_key: _secret, ...shown } = fixtures;
    console.log(`Wrote ${routes.length + 1} events to events/ and env.json for ${created ? 'the new' : 'the'} development account:`);
    console.log(JSON.stringify(shown, null, 2));
    const functions = templateFunctions();
    if (functions.length) {
      console.log('Functions of cdk.out/Levy.template.json and its nested stacks (sam local invoke -t cdk.out/Levy.template.json <identifier> -e events/<route>.json --env-vars env.json):');
      for (const [path, identifier] of functions) console.log(`  ${path.padEnd(48)} ${identifier}`);
    }
    return 0;
  } catch (error) {
    console.error(`[events] ${(error as Error).message ?? error}`);
    return 1;
  } finally {
    closeDynamoDbClient();
    await db?.stop();
  }
}

if (require.main === module) void main().then((code) => process.exit(code));
