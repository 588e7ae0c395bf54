/**
 * Primary adapter (shared by the three billable routes): the plain pipeline plus spec section 8.
 * With an `Idempotency-Key` header the call runs through Powertools' `makeIdempotent` (keyed by
 * endpoint + account + key, records expire after 24 h by TTL): a replay returns the stored status
 * and body without running or billing again; a call that runs is metered once in the Usage table.
 *
 * Why the function wrapper and not Powertools' Middy middleware: in 2.35.0 the middleware deletes
 * the original's record when a duplicate arrives in flight or with another body (upstream #5675),
 * so the original would run twice. makeIdempotent's try/catch wraps only the function call.
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { z } from 'zod';
import { endpointLabel, routeByName } from '../../config/routes';
import { AppError } from '../../domain/errors';
import { idempotencyPersistence } from '../../composition/idempotency';
import { usage } from '../../composition/ports';
import { pipeline, routeRequestFrom, toApiGatewayResult } from './pipeline';
import type { CoreFunction, RouteOptions } from './route-types';

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

// No header, no key: the guard makes the expression null so Powertools skips idempotency, instead
// of deduplicating every keyless request of an account against each other.
const idempotencyConfig = () => new IdempotencyConfig({
  eventKeyJmesPath: 'headers."idempotency-key" && [requestContext.authorizer.accountId, headers."idempotency-key"]',
  payloadValidationJmesPath: 'body',
  expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
  throwOnNoIdempotencyKey: false,
});

/** Powertools' two client-facing errors, by name (they are re-exported from several entry points). */
function idempotencyConflict(error: unknown): AppError | undefined {
  const name = (error as Error | undefined)?.name;
  if (name === 'IdempotencyAlreadyInProgressError') {
    return new AppError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry after it completes.');
  }
  if (name === 'IdempotencyValidationError') {
    return new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.');
  }
  return undefined;
}

export function billableRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: RouteOptions<B, Q>,
) {
  const route = routeByName(options.route);
  if (!route.billable || !route.idempotent) throw new Error(`Route ${route.name} is not billable and idempotent in src/config/routes.ts`);
  const endpoint = endpointLabel(route);

  const executeAndMeter: CoreFunction = async (event) => {
    const request = routeRequestFrom<never, never>(event);
    const response = await options.run(request);
    await usage.recordBillableCall(request.accountId, endpoint, new Date());
    return toApiGatewayResult(response);
  };

  // Made on the first call: the persistence layer reads its table name then, not at import.
  let idempotentExecute: CoreFunction | undefined;
  const core: CoreFunction = async (event, context) => {
    idempotentExecute ??= makeIdempotent(executeAndMeter, {
      persistenceStore: idempotencyPersistence(),
      config: idempotencyConfig(),
      // Scopes keys per endpoint whatever the deployed function is called.
      keyPrefix: `levy.${route.name}`,
    });
    try {
      return await idempotentExecute(event, context);
    } catch (error) {
      throw idempotencyConflict(error) ?? error;
    }
  };

  return pipeline(route, options, core);
}
