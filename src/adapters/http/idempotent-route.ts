/**
 * Primary adapter: a free (not billable) route that honours `Idempotency-Key` (POST /v1/registrations): the plain
 * pipeline, and with a key the call runs through the billable routes' keyed path (idempotent-call.ts, loaded with the
 * first keyed call) with billing off: its answer is kept 24 h and a retry with the same key and body answers it again
 * (`Idempotent-Replayed: true`) without running twice; another body is a 422.
 */
import type * as z from 'zod';
import { endpointLabel, routeByName } from '../../config/routes';
import { pipeline, routeRequestFrom, toApiGatewayResult, withContracts } from './pipeline';
import type { CoreFunction, ResponseSpecs, RouteOptions } from './route-types';

export function idempotentRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, R extends ResponseSpecs = ResponseSpecs>(
  options: RouteOptions<B, Q, R>,
) {
  const route = routeByName(options.route);
  if (route.billable || !route.idempotent) throw new Error(`Route ${route.name} is not a free idempotent route in src/config/routes.ts (billable ones use billableRoute)`);
  const endpoint = endpointLabel(route);
  const execute: CoreFunction = async (event) => toApiGatewayResult(await options.run(routeRequestFrom<never, never>(event)));
  const core: CoreFunction = async (event, context) => {
    if (!event.headers?.['idempotency-key']) return execute(event, context);
    const { callIdempotently } = await import('./idempotent-call');
    return callIdempotently({ route: route.name, endpoint, accountId: routeRequestFrom(event).accountId, billed: false }, execute, event, context);
  };
  return withContracts(pipeline(route, options, core), options);
}
