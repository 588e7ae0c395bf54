/**
 * Primary adapter (the keyed half of billable-route.ts, loaded with the first call that carries an `Idempotency-Key`):
 * runs the call through Powertools' `makeIdempotent` with Powertools' DynamoDB persistence layer (keyed by route +
 * account + key, kept 24 h; src/adapters/dynamodb/idempotency-persistence.ts). A replay answers the kept answer with
 * `Idempotent-Replayed: true`. Billing (docs/api.md, "Idempotency and billing"):
 *
 * - A key is billed at most once, however often its call runs or is replayed (`billOnce`: the counter and a marker of
 *   the key in one conditional transaction), and only once its answer is kept: after makeIdempotent answers, fresh or
 *   replayed. So a billing write that fails after the answer was kept is made good by the client's retry (a replay).
 * - The answer is kept gzip-compressed (base64 in Powertools' `data`), so answers far beyond DynamoDB's 400 KB item
 *   limit in JSON (a 1,000-line cart) are kept; one still too large is refused (422, unbilled) and its key freed.
 * - An answer that could not be kept (the write failed) frees the key and answers the error, unbilled, so the client's
 *   retry runs once and bills once; if the keep did land after all, its answer is given.
 *
 * The persistence layer and the meter are given by the caller (billable-route.ts, from the composition root).
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { IdempotencyConfig, IdempotencyRecordStatus, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import { AppError } from '../../domain/errors';
import type { UsageMeter } from '../../ports/reports';
import { once } from '../../shared/once';
import { logger } from '../observability/logger';
import { countBillableCall, countIdempotentReplay } from '../observability/metrics';
import { REPLAYED_HEADER, type CoreFunction } from './route-types';

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Compressed answers above this are not kept: the item must stay under DynamoDB's 400 KB with its other attributes. */
export const MAX_KEPT_ANSWER_BYTES = 300 * 1024;

/** What Powertools keeps of an answer: the API Gateway result as gzip-compressed JSON, base64. */
interface KeptAnswer {
  gzip: string;
}

/** A kept answer handed back by Powertools for a replay (its responseHook marks it). */
interface Replayed {
  replayed: unknown;
}

// No header, no key: the guard makes the expression null so Powertools skips idempotency, instead of deduplicating
// every keyless request of an account against each other.
const idempotencyConfig = once(
  () =>
    new IdempotencyConfig({
      eventKeyJmesPath: 'headers."idempotency-key" && [requestContext.authorizer.accountId, headers."idempotency-key"]',
      payloadValidationJmesPath: 'body',
      expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
      throwOnNoIdempotencyKey: false,
      responseHook: (kept) => ({ replayed: kept }) as never,
    }),
);

class AnswerTooLarge extends Error {}

function keep(answer: APIGatewayProxyResult): KeptAnswer {
  const gzip = gzipSync(JSON.stringify(answer));
  if (gzip.length > MAX_KEPT_ANSWER_BYTES) throw new AnswerTooLarge(`the answer is ${gzip.length} bytes compressed`);
  return { gzip: gzip.toString('base64') };
}

/** A kept answer: ours, one kept by the earlier store (gzip bytes), or one kept before compression (the answer). */
function answerOf(kept: unknown): APIGatewayProxyResult {
  if (kept instanceof Uint8Array) return JSON.parse(gunzipSync(kept).toString('utf8')) as APIGatewayProxyResult;
  if (typeof (kept as KeptAnswer).gzip === 'string')
    return JSON.parse(gunzipSync(Buffer.from((kept as KeptAnswer).gzip, 'base64')).toString('utf8')) as APIGatewayProxyResult;
  return kept as APIGatewayProxyResult;
}

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

/** Powertools' persistence layer of one route, made once per container (src/adapters/dynamodb/idempotency-persistence.ts). */
export type IdempotencyStoreOf = (route: string) => BasePersistenceLayer;

type Persistence = BasePersistenceLayer;

/**
 * After the answer could not be kept: the kept answer if the keep landed after all, else the key is freed. A failure
 * here is logged and leaves the original error to be answered; the key then frees itself when its in-progress expiry
 * (the function's timeout) passes.
 */
async function releaseKey(persistence: Persistence, event: unknown): Promise<APIGatewayProxyResult | undefined> {
  try {
    const record = await persistence.getRecord(event as never);
    if (record.getStatus() === IdempotencyRecordStatus.COMPLETED) return answerOf(record.getResponse());
    await persistence.deleteRecord(event as never);
  } catch (releaseError) {
    if ((releaseError as Error).name !== 'IdempotencyItemNotFoundError') {
      logger.warn('Could not release the Idempotency-Key of an answer that was not kept', { error: releaseError as Error });
    }
  }
  return undefined;
}

const idempotentRuns = new Map<string, (event: Parameters<CoreFunction>[0], context: Context) => Promise<KeptAnswer | Replayed>>();

/** The route's idempotent run, made once per container. */
function idempotentRunOf(route: string, persistence: Persistence, execute: CoreFunction) {
  let run = idempotentRuns.get(route);
  if (!run) {
    run = makeIdempotent(async (event: Parameters<CoreFunction>[0], context: Context): Promise<KeptAnswer | Replayed> => keep(await execute(event, context)), {
      persistenceStore: persistence,
      config: idempotencyConfig(),
      keyPrefix: `levy.${route}`,
    });
    idempotentRuns.set(route, run);
  }
  return run;
}

const keyHash = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * One keyed call of a billable route: run once and kept, or replayed; billed once per key. A free route's call
 * (`billed: false`, idempotentRoute in billable-route.ts) is kept the same way and never billed.
 */
export async function callIdempotently(
  deps: { usage: Pick<UsageMeter, 'billOnce'>; storeOf: IdempotencyStoreOf },
  call: { route: string; endpoint: string; accountId: string; billed?: boolean },
  execute: CoreFunction,
  event: Parameters<CoreFunction>[0],
  context: Context,
): Promise<APIGatewayProxyResult> {
  const { endpoint, accountId } = call;
  const billed = call.billed !== false;
  const bill = async () => {
    if (billed && (await deps.usage.billOnce(accountId, endpoint, keyHash(event.headers['idempotency-key']!), new Date()))) countBillableCall(endpoint);
  };
  let outcome: KeptAnswer | Replayed;
  try {
    outcome = await idempotentRunOf(call.route, deps.storeOf(call.route), execute)(event, context);
  } catch (error) {
    if (error instanceof AnswerTooLarge) throw answerTooLarge();
    // Powertools' "Failed to update success record": the call ran, its answer was not kept.
    if ((error as Error).name === 'IdempotencyPersistenceLayerError' && /success record/.test((error as Error).message)) {
      const kept = await releaseKey(deps.storeOf(call.route), event);
      if (kept) {
        await bill();
        return kept;
      }
    }
    throw idempotencyConflict(error) ?? error;
  }
  await bill();
  if ('replayed' in outcome) {
    countIdempotentReplay(endpoint);
    const answer = answerOf(outcome.replayed);
    return { ...answer, headers: { ...answer.headers, [REPLAYED_HEADER]: 'true' } };
  }
  return answerOf(outcome);
}
