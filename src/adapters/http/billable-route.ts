/**
 * Primary adapter (shared by the three billable routes): the plain pipeline plus spec section 8, so that billing
 * counts only answers the client can get again (docs/api.md, "Idempotency and billing"):
 *
 * - With an `Idempotency-Key` the call runs through Powertools' `makeIdempotent` (keyed by endpoint + account + key,
 *   kept 24 h). Its answer is kept and the call billed in one write (src/adapters/dynamodb/idempotency-store.ts); a
 *   replay answers the kept answer with `Idempotent-Replayed: true`, unbilled. An answer that could not be kept
 *   releases the key and answers an error, unbilled, so the client's retry runs once and bills once.
 * - Without a key the call runs, then is billed before the answer is sent; if billing fails the client gets a 500
 *   and is not billed.
 *
 * Why the function wrapper and not Powertools' Middy middleware: in 2.35.0 the middleware deletes the original's
 * record when a duplicate arrives in flight or with another body (upstream #5675), so the original would run twice.
 * makeIdempotent's try/catch wraps only the function call.
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type * as z from 'zod';
import { idempotencyStoreFor } from '../../composition/idempotency';
import { once } from '../../composition/once';
import { usage } from '../../composition/ports';
import { endpointLabel, routeByName } from '../../config/routes';
import { AppError } from '../../domain/errors';
import { logger } from '../observability/logger';
import { countBillableCall, countIdempotentReplay } from '../observability/metrics';
import { pipeline, routeRequestFrom, toApiGatewayResult, withContracts } from './pipeline';
import type { CoreFunction, ResponseSpecs, RouteOptions } from './route-types';

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const REPLAYED_HEADER = 'Idempotent-Replayed';

// No header, no key: the guard makes the expression null so Powertools skips idempotency, instead of deduplicating
// every keyless request of an account against each other. Replays are marked as they leave the store.
const idempotencyConfig = () =>
  new IdempotencyConfig({
    eventKeyJmesPath: 'headers."idempotency-key" && [requestContext.authorizer.accountId, headers."idempotency-key"]',
    payloadValidationJmesPath: 'body',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    throwOnNoIdempotencyKey: false,
    responseHook: (response) => {
      const kept = response as unknown as APIGatewayProxyResult;
      return { ...kept, headers: { ...kept.headers, [REPLAYED_HEADER]: 'true' } } as never;
    },
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

const answerTooLarge = () =>
  new AppError(422, 'response_too_large', 'The answer is too large to keep for this Idempotency-Key, so it was not billed; send fewer line items per request.');

/**
 * After an answer could not be kept: frees its key, or answers the kept answer when the write landed after all. A
 * failure here is logged and leaves the original error to be answered; the key then frees itself when its
 * in-progress expiry passes.
 */
async function releaseKey(store: ReturnType<typeof idempotencyStoreFor>, event: unknown): Promise<APIGatewayProxyResult | undefined> {
  try {
    return (await store.release(event as never)) as unknown as APIGatewayProxyResult | undefined;
  } catch (releaseError) {
    logger.warn('Could not release the Idempotency-Key of an answer that was not kept', { error: releaseError as Error });
    return undefined;
  }
}

export function billableRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, R extends ResponseSpecs = ResponseSpecs>(
  options: RouteOptions<B, Q, R>,
) {
  const route = routeByName(options.route);
  if (!route.billable || !route.idempotent) throw new Error(`Route ${route.name} is not billable and idempotent in src/config/routes.ts`);
  const endpoint = endpointLabel(route);
  const config = once(idempotencyConfig);
  const execute: CoreFunction = async (event) => toApiGatewayResult(await options.run(routeRequestFrom<never, never>(event)));

  const core: CoreFunction = async (event, context) => {
    const accountId = routeRequestFrom(event).accountId;
    if (!event.headers?.['idempotency-key']) {
      const answer = await execute(event, context);
      await usage.recordBillableCall(accountId, endpoint, new Date());
      countBillableCall(endpoint);
      return answer;
    }
    // One store per call: it bills this call, and only if its answer is kept.
    const store = idempotencyStoreFor({ accountId, endpoint, at: new Date() });
    const idempotentExecute = makeIdempotent(execute, { persistenceStore: store, config: config(), keyPrefix: `levy.${route.name}` });
    try {
      const answer = await idempotentExecute(event, context);
      if (answer.headers?.[REPLAYED_HEADER]) countIdempotentReplay(endpoint);
      else countBillableCall(endpoint);
      return answer;
    } catch (error) {
      if (store.failedToKeep) {
        const kept = await releaseKey(store, event);
        if (kept) {
          countBillableCall(endpoint);
          return kept;
        }
        if (store.failedToKeep === 'too_large') throw answerTooLarge();
      }
      throw idempotencyConflict(error) ?? error;
    }
  };

  return withContracts(pipeline(route, options, core), options);
}
