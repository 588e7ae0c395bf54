/**
 * Local runtime (`npm run invoke -- <route-name> <event.json> [--account <id>]`): runs one handler
 * module on an API Gateway event file, as `sam local invoke` would, and prints its result JSON on
 * stdout (the handler's own log lines go to stderr). `authorizer` runs the REQUEST authorizer.
 *
 * Uses the DynamoDB Local of a running `npm start` (LEVY_DYNAMODB_ENDPOINT, default
 * http://127.0.0.1:8000) and its tables. The events of events/ carry the placeholder account id
 * `acct_dev`; it is replaced by the development account of .levy/dev-account.json when that file
 * exists, or by --account <id>; events/authorizer.json's placeholder key by its API key.
 *
 * Plain Node rather than the `lambda-local` package: the handlers only need the event, a context
 * (buildLambdaContext) and the env; lambda-local would add its own context and logging on top.
 */
import './quiet-sdk-warning';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { authorizer, routes } from '../src/config/routes';
import { SAMPLE_ACCOUNT_ID, SAMPLE_API_KEY } from './generate-events';
import { applyLocalEnv, DEFAULT_LOCAL_DYNAMODB_ENDPOINT, DEV_ACCOUNT_FILE, describeConnectionError } from './local-env';
import { buildLambdaContext } from './server/api-gateway-event';
import { importHandler } from './server/handler-module';

const PLACEHOLDER_ACCOUNT = SAMPLE_ACCOUNT_ID;
const PLACEHOLDER_KEY = SAMPLE_API_KEY;
const USAGE = `Usage: npm run invoke -- <route-name> <event.json> [--account <account id>]
Routes: ${[...routes.map((r) => r.name), authorizer.name].join(', ')}`;

type Handler = (event: unknown, context: Context) => Promise<unknown>;

function devAccount(): { account_id?: string; api_key?: string } {
  if (!existsSync(DEV_ACCOUNT_FILE)) return {};
  try {
    return JSON.parse(readFileSync(DEV_ACCOUNT_FILE, 'utf8')) as { account_id?: string; api_key?: string };
  } catch {
    return {};
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { account: { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [routeName, eventFile] = parsed.positionals;
  if (!routeName || !eventFile || parsed.positionals.length > 2) {
    console.error(USAGE);
    return 2;
  }
  const route = routes.find((r) => r.name === routeName);
  const entry = routeName === authorizer.name ? authorizer.entry : route?.entry;
  if (!entry) {
    console.error(`Unknown route '${routeName}'.\n${USAGE}`);
    return 2;
  }
  let event: Record<string, any>;
  try {
    event = JSON.parse(readFileSync(resolve(eventFile), 'utf8'));
  } catch (error) {
    console.error(`Cannot read the event ${eventFile}: ${(error as Error).message}`);
    return 2;
  }

  if (routeName === authorizer.name) {
    // The placeholder key of events/authorizer.json becomes the development key.
    const apiKey = devAccount().api_key;
    const header = event.headers?.Authorization;
    if (apiKey && typeof header === 'string' && header.includes(PLACEHOLDER_KEY)) {
      event.headers.Authorization = header.replace(PLACEHOLDER_KEY, apiKey);
      if (event.multiValueHeaders?.Authorization) event.multiValueHeaders.Authorization = [event.headers.Authorization];
      console.error('[invoke] using the development API key of .levy/dev-account.json');
    }
  } else {
    const proxyEvent = event as APIGatewayProxyEvent;
    const authorizerContext = (proxyEvent.requestContext ??= {} as APIGatewayProxyEvent['requestContext']).authorizer ?? {};
    const accountId = parsed.values.account ?? (authorizerContext.accountId === PLACEHOLDER_ACCOUNT ? devAccount().account_id : undefined);
    if (accountId) {
      proxyEvent.requestContext.authorizer = { ...authorizerContext, principalId: accountId, accountId };
      console.error(`[invoke] account ${accountId}`);
    }
    if (proxyEvent.resource && proxyEvent.resource !== route?.path) {
      console.error(`[invoke] warning: the event is for ${proxyEvent.httpMethod} ${proxyEvent.resource}, the route is ${route?.path}`);
    }
  }

  const endpoint = process.env.LEVY_DYNAMODB_ENDPOINT || DEFAULT_LOCAL_DYNAMODB_ENDPOINT;
  applyLocalEnv(endpoint);

  // stdout carries only the result: everything the handler logs (Powertools writes to stdout) goes to stderr.
  const writeResult = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

  let handler: Handler;
  try {
    handler = await importHandler<Handler>(entry);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const started = performance.now();
  try {
    const result = await handler(event, buildLambdaContext(routeName));
    console.error(`[invoke] ${routeName} finished in ${Math.round(performance.now() - started)} ms`);
    writeResult(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    // As Lambda reports a failed invocation.
    const hint = describeConnectionError(error, endpoint);
    if (hint) console.error(hint);
    writeResult(`${JSON.stringify({ errorType: (error as Error)?.name ?? 'Error', errorMessage: (error as Error)?.message ?? String(error) }, null, 2)}\n`);
    return 1;
  } finally {
    closeDynamoDbClient();
  }
}

void main().then((code) => process.exit(code));
