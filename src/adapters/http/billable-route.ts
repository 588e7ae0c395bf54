/**
 * Primary adapter (shared by the three billable routes and the free idempotent one): the plain pipeline plus spec
 * section 8, so that billing counts only answers the client can get again (docs/api.md, "Idempotency and billing"):
 *
 * - With an `Idempotency-Key` the call runs through Powertools' `makeIdempotent` (idempotent-call.ts): its answer is
 *   kept and billed in one write, a replay answers the kept answer unbilled.
 * - Without a key the call runs, then is billed before the answer is sent; if billing fails the client gets a 500
 *   and is not billed.
 * - A free route (POST /v1/registrations, idempotentRoute) takes the same paths with billing off: its keyed answer is
 *   kept 24 h and a retry with the same key and body answers it again (`Idempotent-Replayed: true`) without running
 *   twice; another body is a 422.
 *
 * Why the function wrapper and not Powertools' Middy middleware: in 2.35.0 the middleware deletes the original's
 * record when a duplicate arrives in flight or with another body (upstream #5675), so the original would run twice.
 * makeIdempotent's try/catch wraps only the function call.
 *
 * The meter and the idempotency store are given by the handler (`keyedRouteDeps`, built in
 * src/composition/keyed-routes.ts): this adapter never imports the composition root.
 */
import type * as z from 'zod';
import { endpointLabel, routeByName } from '../../config/routes';
import type { Loader } from '../../ports/loader';
import type { UsageMeter } from '../../ports/reports';
import { countBillableCall } from '../observability/metrics';
import type { IdempotencyStoreOf } from './idempotent-call';
import { pipeline, routeRequestFrom, toApiGatewayResult, withContracts } from './pipeline';
import type { CoreFunction, ResponseSpecs, RouteOptions } from './route-types';

/** What a keyed route is given: the billing meter, and each route's idempotency store, loaded with the first keyed call. */
export interface KeyedRouteDeps {
  usage: Pick<UsageMeter, 'recordBillableCall' | 'billOnce'>;
  idempotencyStores: Loader<IdempotencyStoreOf>;
}

function keyedRoute<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends ResponseSpecs>(
  deps: KeyedRouteDeps,
  options: RouteOptions<B, Q, R>,
  billable: boolean,
) {
  const route = routeByName(options.route);
  if (route.billable !== billable || !route.idempotent) {
    throw new Error(
      billable
        ? `Route ${route.name} is not billable and idempotent in src/config/routes.ts`
        : `Route ${route.name} is not a free idempotent route in src/config/routes.ts (billable ones use billableRoute)`,
    );
  }
  const billed = route.billable;
  const endpoint = endpointLabel(route);
  const execute: CoreFunction = async (event) => toApiGatewayResult(await options.run(routeRequestFrom<never, never>(event)));

  const core: CoreFunction = async (event, context) => {
    const accountId = routeRequestFrom(event).accountId;
    if (!event.headers?.['idempotency-key']) {
      const answer = await execute(event, context);
      if (billed) {
        await deps.usage.recordBillableCall(accountId, endpoint, new Date());
        countBillableCall(endpoint);
      }
      return answer;
    }
    // Powertools idempotency and its JMESPath engine (about 40 KB) load with the first call that carries a key: a
    // chunk of its own in the bundle (lib/bundling.ts), so keyless calls never parse it.
    const [{ callIdempotently }, storeOf] = await Promise.all([import('./idempotent-call'), deps.idempotencyStores.load()]);
    return callIdempotently({ usage: deps.usage, storeOf }, { route: route.name, endpoint, accountId, billed }, execute, event, context);
  };

  return withContracts(pipeline(route, options, core), options);
}

export function billableRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends ResponseSpecs = ResponseSpecs,
>(deps: KeyedRouteDeps, options: RouteOptions<B, Q, R>) {
  return keyedRoute(deps, options, true);
}

export function idempotentRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends ResponseSpecs = ResponseSpecs,
>(deps: KeyedRouteDeps, options: RouteOptions<B, Q, R>) {
  return keyedRoute(deps, options, false);
}
