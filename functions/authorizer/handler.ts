/**
 * Primary adapter (API Gateway REQUEST authorizer, identity source the Authorization header): `Bearer <key>` ->
 * SHA-256 -> ApiKeys table. An active key yields an Allow policy on the whole API (so the cached result serves every
 * route), the account's usage key (API Gateway applies its plan's limits to it) and, in the context, the account id,
 * key id and plan; anything else is 'Unauthorized' (401). Logs carry API Gateway's request id as correlation id.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { logger, REQUEST_ID_PATH } from '../../src/adapters/observability/logger';
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
  const outcome = await authorizeApiKey({ apiKeys, keyActivity }, headerOf(event, 'authorization'));
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
    usageIdentifierKey: usageKey,
    context: { accountId, keyId, plan },
  };
};
