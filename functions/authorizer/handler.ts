/**
 * Primary adapter (API Gateway REQUEST authorizer, identity source the Authorization header): `Bearer <key>` ->
 * SHA-256 -> ApiKeys table. An active key yields an Allow policy on the whole API (so the cached result serves every
 * route), the account's usage key (API Gateway applies its plan's limits to it) and, in the context, the account id,
 * key id and plan; anything else is 'Unauthorized' (401). Logs carry API Gateway's request id as correlation id.
 * A refusal is a thrown 'Unauthorized', which Lambda counts in its Errors metric; a real failure (the key table
 * unreachable) is also counted as the AuthorizerFailures metric, which the authorizer alarm watches.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { logger, REQUEST_ID_PATH } from '../../src/adapters/observability/logger';
import { countAuthorizerFailure } from '../../src/adapters/observability/metrics';
import { apiKeys, keyActivity } from '../../src/composition/ports';
import { authorizeApiKey } from '../../src/usecases/authorize-api-key';

/** `arn:aws:execute-api:region:acct:api/stage/METHOD/path` -> `arn:...:api/stage/*` + `/*`. */
function wholeApiArn(methodArn: string): string {
  const [apiArn, stage] = methodArn.split('/');
  return `${apiArn}/${stage}/*/*`;
}

const headerOf = (event: APIGatewayRequestAuthorizerEvent, name: string): string | undefined =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

export const handler = async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  logger.setCorrelationId(event, REQUEST_ID_PATH);
  const outcome = await authorizeApiKey({ apiKeys, keyActivity }, headerOf(event, 'authorization')).catch((error: unknown) => {
    logger.error('Authorizer failed', error as Error);
    countAuthorizerFailure();
    throw error;
  });
  if (outcome.allowed && outcome.activityNotNoted) logger.warn('Could not note the day the key was used', { error: outcome.activityNotNoted as Error });
  if (!outcome.allowed) {
    logger.info('Refused API key', { reason: outcome.reason });
    // This exact message makes API Gateway answer 401 (the UNAUTHORIZED gateway response).
    throw new Error('Unauthorized');
  }
  const { accountId, keyId, plan, usageKey } = outcome.authorization;
  return {
    principalId: accountId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: wholeApiArn(event.methodArn) }],
    },
    // A key made before usage plans has none until `levy migrate` runs: API Gateway then answers 403 where keys are required.
    ...(usageKey ? { usageIdentifierKey: usageKey } : {}),
    context: { accountId, ...(keyId ? { keyId } : {}), ...(plan ? { plan } : {}) },
  };
};
