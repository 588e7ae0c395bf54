/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): the bearer-key authorizer in the root stack, beside the REST API it
 * guards: its function (src/config/routes.ts `authorizer`: Authorization header -> sha256 -> ApiKeys) and the REQUEST
 * authorizer every keyed method uses (lib/stack/route-methods.ts).
 */
import { Duration, type Stack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { AUTHORIZER_CACHE_TTL_SECONDS, AUTHORIZER_TIMEOUT_SECONDS } from '../../src/config/api-settings';
import { authorizer as authorizerDefinition } from '../../src/config/routes';
import { type FunctionSettings, LevyFunction } from '../levy-function';
import type { LevyTables } from './tables';

export interface BearerAuthorizer {
  readonly function: LevyFunction;
  readonly authorizer: apigateway.RequestAuthorizer;
}

export function createBearerAuthorizer(stack: Stack, tables: LevyTables, settings: FunctionSettings): BearerAuthorizer {
  const fn = new LevyFunction(stack, 'Authorizer', {
    entry: authorizerDefinition.entry,
    description: 'Levy bearer-key authorizer: Authorization header -> sha256 -> ApiKeys -> account id and usage key',
    tableAccess: authorizerDefinition.tables,
    tables,
    memorySize: 512,
    timeout: Duration.seconds(AUTHORIZER_TIMEOUT_SECONDS),
    logLevel: settings.logLevel,
    tracing: settings.tracing,
    sourceMaps: settings.sourceMaps,
  });
  // A REQUEST authorizer (cached per Authorization header, like a TOKEN one) so that it receives the request id
  // and logs with it; a missing header is a 401 without calling it.
  const authorizer = new apigateway.RequestAuthorizer(stack, 'BearerAuthorizer', {
    authorizerName: 'levy-bearer-key',
    handler: fn.function,
    identitySources: [apigateway.IdentitySource.header('Authorization')],
    resultsCacheTtl: Duration.seconds(AUTHORIZER_CACHE_TTL_SECONDS),
  });
  return { function: fn, authorizer };
}
