/**
 * Client (generated types + a small wrapper): a typed Levy client. `schema.ts` is generated from docs/openapi.json by
 * `npm run client` (openapi-typescript; test/unit/docs/client.test.ts fails when it is stale); requests and answers are
 * typed by openapi-fetch from it, so a wrong field or path is a compile error.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** A response body type by schema name, e.g. `LevySchema<'TaxRateResult'>`. */
export type LevySchema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface LevyClientOptions {
  /** e.g. `http://localhost:3000` (npm start) or the stack's ApiUrl output (`https://....amazonaws.com/live`, or the custom domain). */
  baseUrl: string;
  /** An API key of the account (`lvy_...`), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** A fetch of your own (tests, proxies); default the global one. */
  fetch?: typeof globalThis.fetch;
}

export type LevyClient = Client<paths>;

export function createLevyClient(options: LevyClientOptions): LevyClient {
  return createClient<paths>({
    // openapi-fetch appends paths (`/v1/tax/rate`) to the base URL: no trailing slash.
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** An error answer's body (every non-2xx answer is one): `{error, message, status, request_id}`. */
export type LevyError = LevySchema<'Error'>;
