/**
 * Local runtime (`npm run invoke -- <route-name> <event.json> [--env-vars env.json] [--account <id>]`): runs one
 * handler module on an API Gateway event file, as `sam local invoke` would, and prints its result JSON on stdout (the
 * handler's own log lines go to stderr). `authorizer` runs the REQUEST authorizer.
 *
 * Uses the DynamoDB Local of the running `npm start` (the one .levy/server.json names, or LEVY_DYNAMODB_ENDPOINT, or
 * LEVY_DYNAMODB_PORT; with no server, one of its own on .levy/db for the run: local/state/local-database.ts) and its
 * tables (levy-<Table>). `--env-vars` reads the same file as `sam local invoke --env-vars` (the env.json that
 * `npm run events` writes): its `Parameters` and the section named by the function's logical id or route name set the
 * environment first, as SAM does, except LEVY_DYNAMODB_ENDPOINT, which there is the database as a Lambda container
 * sees it (host.docker.internal), not as this machine does. The events of events/ carry their account's ids and key
 * already; `--account <id>` replaces the account of the authorizer context.
 *
 * Plain Node rather than the `lambda-local` package: the handlers only need the event, a context
 * (buildLambdaContext) and the env; lambda-local would add its own context and logging on top.
 */
import './quiet-sdk-warning';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../src/config/environment';
import { authorizer, routes } from '../src/config/routes';
import { applyLocalEnv, describeConnectionError } from './local-env';
import { LocalDatabaseError, openLocalDatabase, type LocalDatabase } from './state/local-database';
import { buildLambdaContext } from './server/api-gateway-event';
import { importHandler } from './server/handler-module';

const USAGE = `Usage: npm run invoke -- <route-name> <event.json> [--env-vars env.json] [--account <account id>]
Routes: ${[...routes.map((r) => r.name), authorizer.name].join(', ')}`;

/** The variables of a SAM `--env-vars` file for one function: `Parameters`, then its own section (logical id or route name). */
export function envVarsFor(file: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const sections = [file.Parameters, ...names.map((n) => file[n])].filter((s): s is Record<string, unknown> => !!s && typeof s === 'object');
  const vars: Record<string, string> = {};
  for (const section of sections) for (const [k, v] of Object.entries(section)) vars[k] = String(v);
  return vars;
}

type Handler = (event: unknown, context: Context) => Promise<unknown>;

/** What the command line asks for, read and checked; or the exit code of a usage mistake (said on stderr). */
interface Request {
  routeName: string;
  entry: string;
  event: Record<string, unknown>;
  envFile?: string;
}

function readRequest(argv: string[]): Request | number {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { account: { type: 'string' }, 'env-vars': { type: 'string' } }, allowPositionals: true });
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
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(readFileSync(resolve(eventFile), 'utf8'));
  } catch (error) {
    console.error(`Cannot read the event ${eventFile}: ${(error as Error).message}`);
    return 2;
  }
  if (routeName !== authorizer.name) withAccount(event as unknown as APIGatewayProxyEvent, route!, parsed.values.account);
  return { routeName, entry, event, envFile: parsed.values['env-vars'] };
}

/** `--account` in the authorizer context; a warning when the event was made for another route. */
function withAccount(proxyEvent: APIGatewayProxyEvent, route: (typeof routes)[number], accountId: string | undefined): void {
  const authorizerContext = (proxyEvent.requestContext ??= {} as APIGatewayProxyEvent['requestContext']).authorizer ?? {};
  if (accountId) {
    proxyEvent.requestContext.authorizer = { ...authorizerContext, principalId: accountId, accountId };
    console.error(`[invoke] account ${accountId}`);
  }
  if (proxyEvent.resource && proxyEvent.resource !== route.path) {
    console.error(`[invoke] warning: the event is for ${proxyEvent.httpMethod} ${proxyEvent.resource}, the route is ${route.path}`);
  }
}

/** Sets the variables of the `--env-vars` file for the route; false when it cannot be read (said on stderr). */
function applyEnvVarsFile(envFile: string, routeName: string): boolean {
  let vars: Record<string, string>;
  try {
    vars = envVarsFor(JSON.parse(readFileSync(resolve(envFile), 'utf8')) as Record<string, unknown>, [routeName]);
  } catch (error) {
    console.error(`Cannot read the env vars ${envFile}: ${(error as Error).message}`);
    return false;
  }
  // The container's view of the database (env.json's default is host.docker.internal): this process uses its own.
  delete vars[DYNAMODB_ENDPOINT_ENV_VAR];
  Object.assign(process.env, vars);
  return true;
}

/** Runs the handler once, as Lambda would, and writes its result (or the failed invocation's report). */
async function run(handler: Handler, request: Request, endpoint: string, writeResult: (text: string) => void): Promise<number> {
  const started = performance.now();
  try {
    const result = await handler(request.event, buildLambdaContext(request.routeName));
    console.error(`[invoke] ${request.routeName} finished in ${Math.round(performance.now() - started)} ms`);
    writeResult(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    // As Lambda reports a failed invocation.
    const hint = describeConnectionError(error, endpoint);
    if (hint) console.error(hint);
    writeResult(`${JSON.stringify({ errorType: (error as Error)?.name ?? 'Error', errorMessage: (error as Error)?.message ?? String(error) }, null, 2)}\n`);
    return 1;
  }
}

/**
 * The command, callable in-process (the tests): `writeResult` receives the result JSON; the answer is the exit code.
 * Closes the DynamoDB client when `closeClient` (the command exits after one invocation).
 */
export async function invoke(argv: string[], writeResult: (text: string) => void, closeClient = true): Promise<number> {
  const request = readRequest(argv);
  if (typeof request === 'number') return request;
  if (request.envFile && !applyEnvVarsFile(request.envFile, request.routeName)) return 2;
  let db: LocalDatabase;
  try {
    db = await openLocalDatabase('npm run invoke');
  } catch (error) {
    // Said plainly, before the handler runs: it would answer a 500 with the connection error in its log.
    if (!(error instanceof LocalDatabaseError)) throw error;
    console.error(`[invoke] ${error.message}`);
    return 1;
  }
  try {
    // Table names from --env-vars (or the environment) win over the local defaults.
    applyLocalEnv(db.endpoint, { keepTableNames: Boolean(request.envFile) });
    let handler: Handler;
    try {
      handler = await importHandler<Handler>(request.entry);
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
    return await run(handler, request, db.endpoint, writeResult);
  } finally {
    if (closeClient) closeDynamoDbClient();
    await db.release();
  }
}

async function main(): Promise<number> {
  // stdout carries only the result: everything the handler logs (Powertools writes to stdout) goes to stderr.
  const writeResult = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  return invoke(process.argv.slice(2), (text) => writeResult(text));
}

if (require.main === module) void main().then((code) => process.exit(code));
