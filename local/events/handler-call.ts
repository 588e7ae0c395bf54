/**
 * Local runtime (`npm run events`): a request sent straight through a route's own handler module, as `npm start` would
 * serve it, so every fixture is made (and validated) exactly as a client's request would be.
 */
import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { routeByName, type RouteName } from '../../src/config/routes';
import type { EventFixtures, Sample } from '../samples';
import { buildLambdaContext } from '../server/api-gateway-event';
import { importHandler } from '../server/handler-module';
import { eventFor } from './build';

/** A route's JSON answer: each fixture reads the fields of the answer it asked for, so no type of its own is kept. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loosely typed on purpose, as the tests read answers
export type Answer = Record<string, any>;

type ProxyHandler = (event: APIGatewayProxyEvent, context: ReturnType<typeof buildLambdaContext>) => Promise<APIGatewayProxyResult>;

/** Sends one request through the route's own handler (as `npm start` does) and answers its JSON body; a non-2xx throws. */
export async function call(routeName: string, sample: Sample, fixtures: Pick<EventFixtures, 'account_id' | 'api_key'>): Promise<Answer> {
  const route = routeByName(routeName as RouteName);
  const handler = await importHandler<ProxyHandler>(route.entry);
  const result = await handler(eventFor(route, sample, fixtures), buildLambdaContext(route.name));
  if (result.statusCode >= 300) throw new Error(`${route.method} ${route.path} answered ${result.statusCode}: ${result.body}`);
  return JSON.parse(result.body) as Answer;
}

/** A JSON file's content, or undefined when it is missing or unreadable (a file the tools remember things in). */
export const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};
