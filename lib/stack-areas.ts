/**
 * Infrastructure: which nested stack ("area") holds a route's function. CloudFormation allows 500 resources in one
 * template, and each route costs about five (function, role, log group, invoke permission, method, API resource), so
 * the route functions live in one NestedStack per area (lib/levy-stack.ts) while the root keeps the tables, the
 * bucket and the whole REST API. The area is derived from the route's path, never listed beside the route: the first
 * segment after `/v1` (or the first segment of an unversioned path), without an extension (`tax_calendar.ics` ->
 * `tax_calendar`), looked up in the grouping below. A segment the grouping does not name lands in DEFAULT_AREA, so a
 * new route needs no change here; test/infra/stack-size.suite.ts fails when any template grows past its ceiling, and
 * that is the moment to give the new segment an area of its own.
 */
import type { RouteDefinition } from '../src/config/routes';

/** Where a segment no area names goes (the documentation routes and the small account-level resources live here). */
export const DEFAULT_AREA = 'Core';

/**
 * Areas by the path segments they hold. An area's name is its nested stack's construct id (`<Area>Routes`): renaming
 * one, or moving a segment to another, replaces those functions on the next deploy (no data: functions, roles and
 * log groups only), so keep them stable.
 */
export const AREA_SEGMENTS: Readonly<Record<string, readonly string[]>> = {
  [DEFAULT_AREA]: ['vendors', 'entities', 'settings', 'usage', 'docs', 'openapi'],
  Tax: ['tax', 'tax_codes', 'products'],
  Transactions: ['transactions', 'exposure', 'nexus', 'registrations'],
  Customers: ['customers', 'certificate_requests'],
  Events: ['events', 'webhook_endpoints', 'notifications'],
  Filing: ['returns', 'tax_calendar', 'notices'],
  Billing: ['invoices', 'invoice_series', 'checkouts', 'payment_links'],
};

const AREA_OF_SEGMENT: ReadonlyMap<string, string> = new Map(
  Object.entries(AREA_SEGMENTS).flatMap(([area, segments]) => segments.map((segment) => [segment, area] as const)),
);

/** `/v1/tax_calendar.ics` -> `tax_calendar`; `/vendors/{id}` -> `vendors`; `/openapi.json` -> `openapi`. */
export function areaSegment(path: string): string {
  const segments = path.split('/').filter((s) => s !== '');
  const first = segments[0] === 'v1' ? segments[1] : segments[0];
  return (first ?? '').split('.')[0];
}

export const areaOfPath = (path: string): string => AREA_OF_SEGMENT.get(areaSegment(path)) ?? DEFAULT_AREA;

/** A function serving several routes (the documentation's) goes where its first route's path says. */
export const areaOfFunction = (served: { readonly routes: readonly Pick<RouteDefinition, 'path'>[] }): string => areaOfPath(served.routes[0].path);

/** Construct id of an area's nested stack, e.g. `TaxRoutes`. */
export const areaStackId = (area: string): string => `${area}Routes`;
