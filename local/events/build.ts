/**
 * Local runtime (`npm run events`): the API Gateway REST proxy event of each route's sample request (built with the
 * server's own event builder), the authorizer's event, the `--env-vars` file, and writing them all to disk.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/environment';
import { answersWithoutKey, authorizer, routeByName, routes, type RouteDefinition } from '../../src/config/routes';
import { localTableEnv } from '../../src/config/tables';
import { LOCAL_TABLE_PREFIX } from '../local-env';
import { sampleRequests, type EventFixtures, type Sample } from '../samples';
import { buildAuthorizerEvent, buildProxyEvent } from '../server/api-gateway-event';

/** DynamoDB Local on the Docker host (its port), as a Lambda container of `sam local invoke` reaches it. */
export const samDynamoDbEndpoint = (localEndpoint: string): string => `http://host.docker.internal:${new URL(localEndpoint).port || 8000}`;

/** The headers a client (here curl) and API Gateway put on a request; a fresh Idempotency-Key where the route takes one. */
function requestHeaders(route: RouteDefinition, sample: Sample, apiKey: string): Record<string, string> {
  return {
    Accept: 'application/json',
    // Public routes (the documentation) and URL-token routes take no key.
    ...(answersWithoutKey(route) ? {} : { Authorization: `Bearer ${apiKey}` }),
    ...(sample.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...(sample.document ? { 'Content-Type': sample.document.contentType } : {}),
    ...(route.idempotent ? { 'Idempotency-Key': randomUUID() } : {}),
    Host: 'abcdef1234.execute-api.us-east-1.amazonaws.com',
    'User-Agent': 'curl/8.5.0',
    'X-Forwarded-For': '203.0.113.10',
    'X-Forwarded-Port': '443',
    'X-Forwarded-Proto': 'https',
  };
}

/** The event API Gateway would send for this sample of the route, from the account whose key `fixtures` holds. */
export function eventFor(route: RouteDefinition, sample: Sample, fixtures: Pick<EventFixtures, 'account_id' | 'api_key'>): APIGatewayProxyEvent {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = sample.pathParameters?.[name];
    if (!value) throw new Error(`The sample of ${route.name} lacks path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const event = buildProxyEvent({
    route,
    path,
    pathParameters: sample.pathParameters,
    query: sample.query,
    headers: requestHeaders(route, sample, fixtures.api_key),
    ...(sample.document
      ? { body: sample.document.bytes.toString('base64'), isBase64Encoded: true }
      : { body: sample.body === undefined ? null : JSON.stringify(sample.body) }),
    // The authorizer context API Gateway would add: the account the bearer key belongs to.
    accountId: fixtures.account_id,
    sourceIp: '203.0.113.10',
  });
  Object.assign(event.requestContext, { domainName: 'abcdef1234.execute-api.us-east-1.amazonaws.com', domainPrefix: 'abcdef1234' });
  return event;
}

/** Every route's event, by route name, plus the authorizer's (for the vendors-list request), for these fixtures. */
export function buildEvents(fixtures: EventFixtures): Record<string, unknown> {
  const all = sampleRequests(fixtures);
  const events: Record<string, unknown> = {};
  for (const route of routes) {
    const sample = all[route.name];
    if (!sample) throw new Error(`No sample request for route ${route.name} in local/samples.ts`);
    events[route.name] = eventFor(route, sample, fixtures);
  }
  const listRoute = routeByName('vendors-list');
  events[authorizer.name] = buildAuthorizerEvent(eventFor(listRoute, all['vendors-list'], fixtures), listRoute);
  return events;
}

/**
 * The `--env-vars` file: every table variable and the endpoint, for all functions (`Parameters`). SAM sets only the
 * variables a function declares, so each function gets its own tables' names and LEVY_DYNAMODB_ENDPOINT.
 */
export function envVarsFile(dynamoDbEndpoint: string, tablePrefix = LOCAL_TABLE_PREFIX): { Parameters: Record<string, string> } {
  return {
    Parameters: {
      ...localTableEnv(tablePrefix),
      [DYNAMODB_ENDPOINT_ENV_VAR]: dynamoDbEndpoint,
    },
  };
}

/** Writes every event to `dir` (removing the events of routes that no longer exist) and the env file. */
export function writeEvents(dir: string, events: Record<string, unknown>, envFile: string, env: unknown): void {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.json') && !(file.slice(0, -'.json'.length) in events)) rmSync(join(dir, file));
  }
  for (const [name, event] of Object.entries(events)) writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(event, null, 2)}\n`);
  writeFileSync(envFile, `${JSON.stringify(env, null, 2)}\n`);
}
