/**
 * Primary adapter (the keyed half of billable-route.ts, loaded with the first call that carries an `Idempotency-Key`):
 * runs the call through Powertools' `makeIdempotent` (keyed by endpoint + account + key, kept 24 h). Its answer is
 * kept and the call billed in one write (src/adapters/dynamodb/idempotency-store.ts); a replay answers the kept
 * answer with `Idempotent-Replayed: true`, unbilled. An answer that could not be kept releases the key and answers an
 * error, unbilled, so the client's retry runs once and bills once.
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import { idempotencyStoreFor } from '../../composition/idempotency';
import { once } from '../../composition/once';
import { AppError } from '../../domain/errors';
import { logger } from '../observability/logger';
import { countBillableCall, countIdempotentReplay } from '../observability/metrics';
import { REPLAYED_HEADER, type CoreFunction } from './route-types';

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

// No header, no key: the guard makes the expression null so Powertools skips idempotency, instead of deduplicating
// every keyless request of an account against each other. Replays are marked as they leave the store.
const idempotencyConfig = once(
  () =>
    new IdempotencyConfig({
      eventKeyJmesPath: 'headers."idempotency-key" && [requestContext.authorizer.accountId, headers."idempotency-key"]',
      payloadValidationJmesPath: 'body',
      expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
      throwOnNoIdempotencyKey: false,
      responseHook: (response) => {
        const kept = response as unknown as APIGatewayProxyResult;
        return { ...kept, headers: { ...kept.headers, [REPLAYED_HEADER]: 'true' } } as never;
      },
    }),
);

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

/**
 * One keyed call of a billable route: run once, kept and billed together, or replayed unbilled. A free route's call
 * (`billed: false`, idempotentRoute in billable-route.ts) is kept the same way and never billed.
 */
export async function callIdempotently(
  call: { route: string; endpoint: string; accountId: string; billed?: boolean },
  execute: CoreFunction,
  event: Parameters<CoreFunction>[0],
  context: Context,
): Promise<APIGatewayProxyResult> {
  const { endpoint } = call;
  // One store per call: it bills this call, and only if its answer is kept.
  const billed = call.billed !== false;
  const store = idempotencyStoreFor({ accountId: call.accountId, endpoint, at: new Date(), billed });
  const idempotentExecute = makeIdempotent(execute, { persistenceStore: store, config: idempotencyConfig(), keyPrefix: `levy.${call.route}` });
  try {
    const answer = await idempotentExecute(event, context);
    if (answer.headers?.[REPLAYED_HEADER]) countIdempotentReplay(endpoint);
    else if (billed) countBillableCall(endpoint);
    return answer;
  } catch (error) {
    if (store.failedToKeep) {
      const kept = await releaseKey(store, event);
      if (kept) {
        if (billed) countBillableCall(endpoint);
        return kept;
      }
      if (store.failedToKeep === 'too_large') throw answerTooLarge();
    }
    throw idempotencyConflict(error) ?? error;
  }
}
