/**
 * Primary adapter (API Gateway TOKEN authorizer): `Authorization: Bearer <key>` -> SHA-256 -> ApiKeys table. An
 * active key yields an Allow policy on the whole API (so the 300 s cached result serves every route) with the account
 * id in the context; anything else is 'Unauthorized' (401).
 */
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { logger } from '../../src/adapters/http/logger';
import { apiKeys } from '../../src/composition/ports';
import { apiKeyFromAuthorizationHeader, hashApiKey } from '../../src/domain/accounts/api-key';

/** `arn:aws:execute-api:region:acct:api/stage/METHOD/path` -> `arn:...:api/stage/*` + `/*`. */
function wholeApiArn(methodArn: string): string {
  const [apiArn, stage] = methodArn.split('/');
  return `${apiArn}/${stage}/*/*`;
}

export const handler = async (event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const apiKey = apiKeyFromAuthorizationHeader(event.authorizationToken);
  const record = apiKey ? await apiKeys.get(hashApiKey(apiKey)) : undefined;
  if (!record || record.status !== 'active') {
    logger.info('Refused API key', { reason: !apiKey ? 'missing or malformed' : !record ? 'unknown' : 'revoked' });
    // This exact message makes API Gateway answer 401 (the UNAUTHORIZED gateway response).
    throw new Error('Unauthorized');
  }
  return {
    principalId: record.account_id,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: wholeApiArn(event.methodArn) }],
    },
    context: { accountId: record.account_id },
  };
};
