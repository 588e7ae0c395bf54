/**
 * Local runtime (`npm run events`): writes events/<route-name>.json, the API Gateway REST proxy
 * event (payload 1.0) of one realistic request per route of src/config/routes.ts, and
 * events/authorizer.json, the REQUEST authorizer event. Built with the same builder as the local
 * server (local/server/api-gateway-event.ts); ids, times and request ids are pinned so that regenerating
 * changes nothing unless a route or a sample changes.
 *
 * The events carry the placeholder account `acct_dev` and API key below; `npm run invoke`
 * replaces them by the development account of `npm start` (.levy/dev-account.json).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authorizer, routeByName, routes, type RouteDefinition } from '../src/config/routes';
import { buildAuthorizerEvent, buildProxyEvent } from './server/api-gateway-event';

export const EVENTS_DIR = join(__dirname, '..', 'events');
export const SAMPLE_ACCOUNT_ID = 'acct_dev';
/** Well-formed (lvy_ + 43 base64url characters) but not a real key. */
export const SAMPLE_API_KEY = 'lvy_REPLACE-WITH-THE-KEY-THAT-npm-start-PRINTED';

const FIXED_TIME = new Date('2026-01-15T09:30:00.000Z');
const REQUEST_ID = 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef';

export interface Sample {
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

const location = { country: 'US', state: 'CA', postal_code: '94103' };

/** One realistic request per route; a route added to src/config/routes.ts without a sample fails the script. */
export const samples: Record<string, Sample> = {
  'vendors-create': { body: { name: 'Acme Cloud GmbH', country: 'DE', tax_id: 'DE136695976', exempt: false, email: 'billing@acme.example' } },
  'vendors-list': { query: { limit: '10' } },
  'vendors-get': { pathParameters: { id: 'vnd_0mhx2k3c0a1b2c3d4e5f60718' } },
  'vendors-update': { pathParameters: { id: 'vnd_0mhx2k3c0a1b2c3d4e5f60718' }, body: { email: 'ap@acme.example', exempt: true } },
  'vendors-delete': { pathParameters: { id: 'vnd_0mhx2k3c0a1b2c3d4e5f60718' } },
  'entities-create': { body: { name: 'Levy Example Ltd', country: 'GB', tax_id: 'GB980780684' } },
  'entities-list': { query: { limit: '10' } },
  'entities-get': { pathParameters: { id: 'ent_0mhx2k3c0f1e2d3c4b5a69788' } },
  'entities-update': { pathParameters: { id: 'ent_0mhx2k3c0f1e2d3c4b5a69788' }, body: { name: 'Levy Example UK Ltd' } },
  'tax-rate': {
    headers: { 'Idempotency-Key': '5d3c1b0e-8f0a-4c55-9a51-3f0c2f6d7e21' },
    body: { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' } },
  },
  'tax-id-validate': {
    headers: { 'Idempotency-Key': '0b9e7f2a-1c4d-4e8b-a2f3-6d5c4b3a2918' },
    body: { tax_id: 'DE136695976' },
  },
  'tax-unify': {
    headers: { 'Idempotency-Key': 'a4f1e2d3-5b6c-4d7e-8f90-1a2b3c4d5e6f' },
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
  'transactions-create': {
    body: {
      id: 'order_1001',
      date: '2026-01-15',
      currency: 'USD',
      customer_type: 'B2C',
      location,
      line_items: [
        { id: '1', amount: 12000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
        { id: '2', amount: 4999, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
      ],
    },
  },
  'transactions-list': { query: { limit: '10', from: '2026-01-01', to: '2026-01-31' } },
  'transactions-get': { pathParameters: { id: 'order_1001' } },
  'transactions-refund': {
    pathParameters: { id: 'order_1001' },
    body: { id: 'refund_1001_1', date: '2026-01-20', line_items: [{ id: '1', amount: 6000 }] },
  },
  'exposure-countries': { query: { from: '2026-01', to: '2026-12' } },
  'usage-get': { query: { from: '2026-01-01', to: '2026-01-31' } },
  'docs-openapi': {},
  'docs-page': {},
  'docs-asset': { pathParameters: { asset: 'swagger-ui.css' } },
};

/** The headers a client (here curl) and API Gateway put on a request. */
function requestHeaders(route: RouteDefinition, sample: Sample): Record<string, string> {
  return {
    Accept: 'application/json',
    // Public routes (the documentation) take no key.
    ...(route.public ? {} : { Authorization: `Bearer ${SAMPLE_API_KEY}` }),
    ...(sample.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    Host: 'abcdef1234.execute-api.us-east-1.amazonaws.com',
    'User-Agent': 'curl/8.5.0',
    'X-Amzn-Trace-Id': 'Root=1-67890abc-0123456789abcdef01234567',
    'X-Forwarded-For': '203.0.113.10',
    'X-Forwarded-Port': '443',
    'X-Forwarded-Proto': 'https',
    ...sample.headers,
  };
}

export function sampleEvent(route: RouteDefinition) {
  const sample = samples[route.name];
  if (!sample) throw new Error(`No sample request for route ${route.name} in local/generate-events.ts`);
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = sample.pathParameters?.[name];
    if (!value) throw new Error(`Sample for ${route.name} lacks path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const event = buildProxyEvent({
    route,
    path,
    pathParameters: sample.pathParameters,
    query: sample.query,
    headers: requestHeaders(route, sample),
    body: sample.body === undefined ? null : JSON.stringify(sample.body),
    accountId: SAMPLE_ACCOUNT_ID,
    sourceIp: '203.0.113.10',
  });
  // Pin what the builder makes up per call, so the files are stable.
  Object.assign(event.requestContext, {
    requestId: REQUEST_ID,
    extendedRequestId: 'Ab1CdEfGhIjKlMn=',
    requestTime: '15/Jan/2026:09:30:00 +0000',
    requestTimeEpoch: FIXED_TIME.getTime(),
    domainName: 'abcdef1234.execute-api.us-east-1.amazonaws.com',
    domainPrefix: 'abcdef1234',
  });
  return event;
}

/** The REQUEST authorizer's event for the vendors-list sample request. */
export function authorizerSampleEvent() {
  const route = routeByName('vendors-list');
  return buildAuthorizerEvent(sampleEvent(route), route);
}

function write(name: string, value: unknown): void {
  writeFileSync(join(EVENTS_DIR, `${name}.json`), `${JSON.stringify(value, null, 2)}\n`);
}

function main(): void {
  mkdirSync(EVENTS_DIR, { recursive: true });
  const expected = new Set([...routes.map((r) => `${r.name}.json`), `${authorizer.name}.json`]);
  // A route removed from src/config/routes.ts loses its event file.
  for (const file of readdirSync(EVENTS_DIR)) {
    if (file.endsWith('.json') && !expected.has(file)) rmSync(join(EVENTS_DIR, file));
  }
  for (const route of routes) write(route.name, sampleEvent(route));
  write(authorizer.name, authorizerSampleEvent());
  console.log(`Wrote ${routes.length + 1} events to events/`);
}

if (require.main === module) main();
