/**
 * Primary adapter (HTTP): every answer held under Lambda's 6 MB response limit (src/config/api-settings.ts).
 * A list route's page holds at most `limit` items, and ends early, with `has_more` true, at the last item whose bytes
 * still fit MAX_PAGE_RESULT_BYTES: the client asks on from that item's id as after any page (docs/local.md "Response
 * sizes"). The bytes counted are the page as Lambda's result carries it: its JSON inside the result's JSON string,
 * where each quote and backslash takes two bytes. Only routes that page (their query takes `starting_after`) are cut;
 * any other answer past the same bytes is refused, 422 `response_too_large` saying how to ask for less, instead of
 * the 502 Lambda's limit would give: the routes bounded by what they hold never reach it (their worst cases are
 * measured in the docs' table), the reports and calendars that grow with the account's data can.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { MAX_PAGE_RESULT_BYTES } from '../../config/api-settings';
import { AppError } from '../../domain/errors';
import type { Page } from '../../domain/records/record';
import type { RouteResponse } from './route-types';

/** A text's bytes inside a JSON string, as the result's `body` carries it (the string's own quotes not counted). */
const jsonStringBytes = (text: string): number => Buffer.byteLength(JSON.stringify(text)) - 2;

/** A value's bytes inside a JSON string: its JSON, carried as a result's `body`. */
export const resultBytesOf = (value: unknown): number => jsonStringBytes(JSON.stringify(value));

const isPage = (body: unknown): body is Page<unknown> =>
  typeof body === 'object' && body !== null && Array.isArray((body as Page<unknown>).data) && typeof (body as Page<unknown>).has_more === 'boolean';

/** The page, or its longest head within `maxBytes` (at least one item: a stored record alone is far below the limit). */
export function pageWithinLimit<P extends Page<unknown>>(page: P, maxBytes = MAX_PAGE_RESULT_BYTES): P {
  if (resultBytesOf(page) <= maxBytes) return page;
  let bytes = resultBytesOf({ ...page, data: [], has_more: true });
  for (let i = 0; i < page.data.length; i++) {
    bytes += resultBytesOf(page.data[i]) + (i > 0 ? 1 : 0);
    if (bytes > maxBytes && i > 0) return { ...page, data: page.data.slice(0, i), has_more: true };
  }
  return page;
}

/** A 200 page of a paging route within the limit; any other answer as it is. */
export const responseWithinLimit = (response: RouteResponse): RouteResponse =>
  response.status === 200 && isPage(response.body) ? { ...response, body: pageWithinLimit(response.body) } : response;

/** Whether a route's query schema takes a page cursor (`starting_after`): its answers are pages a client can ask on from. */
export const takesCursor = (query: unknown): boolean =>
  typeof query === 'object' &&
  query !== null &&
  'shape' in query &&
  typeof (query as { shape: unknown }).shape === 'object' &&
  'starting_after' in (query as { shape: object }).shape;

/** A character of a result's body takes at most this many bytes in the result's JSON (a control character: `\u0001`). */
const MAX_RESULT_BYTES_PER_CHARACTER = 6;

/** The result, or a 422 naming its size and how to ask for less when its body would pass MAX_PAGE_RESULT_BYTES. */
export function resultWithinLimit(result: APIGatewayProxyResult, askForLess = 'ask for less'): APIGatewayProxyResult {
  // Most answers are far below the limit however their characters are escaped: no second serialization for them.
  if (result.body.length * MAX_RESULT_BYTES_PER_CHARACTER <= MAX_PAGE_RESULT_BYTES) return result;
  const bytes = jsonStringBytes(result.body);
  if (bytes <= MAX_PAGE_RESULT_BYTES) return result;
  throw new AppError(
    422,
    'response_too_large',
    `This answer would be ${bytes} bytes, more than the ${MAX_PAGE_RESULT_BYTES} one answer can carry (AWS Lambda's 6 MB response limit); ${askForLess}.`,
  );
}
