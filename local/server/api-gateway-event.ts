/**
 * Local runtime: builds the event API Gateway's REST API sends a Lambda proxy integration
 * (payload 1.0, authorizer context included) and a Lambda context, so the local server, the
 * invoke command and the tests run the handlers exactly as Lambda does.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { API_STAGE_NAME } from '../../src/config/api-settings';
import { answersWithoutKey, type RouteDefinition } from '../../src/config/routes';

export interface HttpRequestInput {
  route: RouteDefinition;
  /** The request path as sent, e.g. `/vendors/vnd_123`. */
  path: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | null;
  /** The body is base64 (a binary media type, src/config/api-settings.ts), as API Gateway marks it. */
  isBase64Encoded?: boolean;
  accountId: string;
  sourceIp?: string;
  stage?: string;
}

export function buildProxyEvent(input: HttpRequestInput): APIGatewayProxyEvent {
  const stage = input.stage ?? API_STAGE_NAME;
  const headers = input.headers ?? {};
  const query = input.query && Object.keys(input.query).length ? input.query : null;
  const requestId = randomUUID();
  const now = new Date();
  return {
    resource: input.route.path,
    path: input.path,
    httpMethod: input.route.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: query,
    multiValueQueryStringParameters: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]])) : null,
    pathParameters: input.pathParameters && Object.keys(input.pathParameters).length ? input.pathParameters : null,
    stageVariables: null,
    body: input.body ?? null,
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'levylocal',
      // A public or URL-token route has no authorizer: API Gateway passes no context.
      authorizer: answersWithoutKey(input.route) ? null : { principalId: input.accountId, accountId: input.accountId, integrationLatency: 0 },
      domainName: 'localhost',
      domainPrefix: 'localhost',
      extendedRequestId: requestId,
      httpMethod: input.route.method,
      identity: {
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? headers['User-Agent'] ?? null,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
      path: `/${stage}${input.path}`,
      protocol: 'HTTP/1.1',
      requestId,
      requestTime: now.toUTCString(),
      requestTimeEpoch: now.getTime(),
      resourceId: 'local',
      resourcePath: input.route.path,
      stage,
    },
  };
}

/** The ARN API Gateway's policy evaluation matches a method against: `...:api-id/stage/METHOD/path`. */
export const methodArnOf = (route: Pick<RouteDefinition, 'method' | 'path'>, stage = API_STAGE_NAME): string =>
  `arn:aws:execute-api:us-east-1:123456789012:levylocal/${stage}/${route.method}${route.path}`;

/** The REQUEST authorizer's event for a request: its headers, query and path, and the request context (with the id). */
export function buildAuthorizerEvent(request: APIGatewayProxyEvent, route: RouteDefinition): APIGatewayRequestAuthorizerEvent {
  const { authorizer: _notYet, ...requestContext } = request.requestContext;
  return {
    type: 'REQUEST',
    methodArn: methodArnOf(route, requestContext.stage),
    resource: request.resource,
    path: request.path,
    httpMethod: request.httpMethod,
    headers: request.headers as Record<string, string>,
    multiValueHeaders: request.multiValueHeaders as Record<string, string[]>,
    pathParameters: request.pathParameters as Record<string, string> | null,
    queryStringParameters: request.queryStringParameters as Record<string, string> | null,
    multiValueQueryStringParameters: request.multiValueQueryStringParameters as Record<string, string[]> | null,
    stageVariables: null,
    requestContext: requestContext as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

export function buildLambdaContext(functionName: string, timeoutMs = 10_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
