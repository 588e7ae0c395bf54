/**
 * Docs: the OpenAPI 3.1 document of Levy, generated (zod-openapi) from the one route table (src/config/routes.ts) and
 * the contracts the handlers themselves run with (their body, query and response schemas: src/adapters/http/
 * route-types.ts), so there is no hand-written copy. Errors per route come from src/config/error-codes.ts and
 * gateway-responses.ts by the route's traits (a body, path ids, a key, idempotency) plus the codes its handler
 * declares. Request examples are the events/ samples (local/samples.ts). `npm run openapi` writes
 * docs/openapi.json; test/unit/openapi.test.ts fails when it is stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import type { RouteContract, WithContracts } from '../../src/adapters/http/route-types';
import { API_STAGE_NAME } from '../../src/config/api-settings';
import { errorCode, type ErrorCode } from '../../src/config/error-codes';
import { API_GATEWAY_REQUEST_ID_HEADER, gatewayErrors, REQUEST_ID_HEADER } from '../../src/config/gateway-responses';
import { REPLAYED_HEADER } from '../../src/adapters/http/route-types';
import { answersWithoutKey, routes, type RouteDefinition } from '../../src/config/routes';
import { idFormats, MAX_ID_LENGTH } from '../../src/domain/ids';
import { samples } from '../samples';
import { ExampleMaker } from './openapi-examples';
import { routeErrors } from './route-errors';
import { documentTags, tagOf } from './openapi-tags';
import { importHandler } from '../server/handler-module';

const ROOT = join(__dirname, '..', '..');
export const OPENAPI_PATH = join(ROOT, 'docs', 'openapi.json');

/** The headers the document names; an answer's own headers are referenced from components. */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Codes API Gateway answers itself (gateway-responses.ts): their answers carry no `Request-Id`, only x-amzn-RequestId. */
const gatewayCodes: ReadonlySet<string> = new Set(gatewayErrors.map((g) => g.error));

/** The contract of every route, read from its handler module. */
export async function routeContracts(): Promise<Map<string, RouteContract>> {
  const contracts = new Map<string, RouteContract>();
  for (const route of routes) {
    const handler = (await importHandler(route.entry)) as unknown as Partial<WithContracts>;
    const contract = handler.contracts?.[route.name];
    if (!contract) throw new Error(`${route.entry} carries no contract for route ${route.name} (httpRoute, billableRoute or publicRoutes)`);
    contracts.set(route.name, contract);
  }
  return contracts;
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The name of an error answer in components (one per status and set of codes, shared by the routes that answer it). */
const errorResponseName = (status: number, codes: readonly string[]) =>
  `Error${status}${codes.map((c) => c.replace(/(^|_)(\w)/g, (_, __, ch: string) => ch.toUpperCase())).join('')}`;

const exampleName = (code: string, status: number) => `${code}_${status}`;

/** An error answer as plain OpenAPI (its schema is the error body with `error` limited to the codes listed). */
function errorResponse(status: number, codes: readonly ErrorCode[]) {
  const fromFunction = codes.some((code) => !gatewayCodes.has(code));
  return {
    description: codes.map((code) => `\`${code}\`: ${errorCode(code, status).when}`).join('\n\n'),
    headers: {
      [API_GATEWAY_REQUEST_ID_HEADER]: headerRef('AmznRequestId'),
      ...(fromFunction ? { [REQUEST_ID_HEADER]: headerRef('RequestId') } : {}),
      ...(status === 401 ? { 'WWW-Authenticate': { description: '`Bearer`', schema: { type: 'string' } } } : {}),
      ...(codes.includes('rate_limited') ? { 'Retry-After': { description: 'Seconds to wait (rate_limited only)', schema: { type: 'string' } } } : {}),
    },
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/Error' }],
          properties: {
            error: { enum: [...codes], description: 'The error code: one of those this answer lists' },
            status: { const: status, description: `The HTTP status again (${status})` },
          },
        },
        examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${exampleName(code, status)}` }])),
      },
    },
  };
}

/** The error body every error shares (the routes narrow `error` and `status`). */
const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'string', description: 'snake_case code, for programs' },
    message: { type: 'string', description: 'What was wrong, naming the field; for people, not for parsing' },
    status: { type: 'integer', description: 'The HTTP status again' },
    request_id: { type: 'string', description: `The request's id, as in the ${API_GATEWAY_REQUEST_ID_HEADER} header; quote it to support` },
  },
  required: ['error', 'message', 'status', 'request_id'],
  additionalProperties: false,
};

function errorExample(code: ErrorCode, status: number) {
  const gateway = gatewayErrors.find((g) => g.error === code && g.status === status);
  const message = gateway?.message ?? errorCode(code, status).when.replace(/`/g, '');
  return { summary: code, value: { error: code, message, status, request_id: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef' } };
}

function successResponses(route: RouteDefinition, contract: RouteContract): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, spec] of Object.entries(contract.responses)) {
    const headers = {
      [REQUEST_ID_HEADER]: headerRef('RequestId'),
      [API_GATEWAY_REQUEST_ID_HEADER]: headerRef('AmznRequestId'),
      ...(route.idempotent ? { [REPLAYED_HEADER]: headerRef('IdempotentReplayed') } : {}),
      ...Object.fromEntries(
        Object.entries(spec.headers ?? {}).map(([name, description]) => [name, { description, required: true, schema: { type: 'string' as const } }]),
      ),
    };
    const mediaTypes = spec.mediaType === undefined ? [] : [spec.mediaType].flat();
    const content = spec.schema
      ? { 'application/json': { schema: spec.schema } }
      : mediaTypes.length > 0
        ? Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string' as const } }]))
        : undefined;
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = { description: spec.description, headers, ...(content ? { content } : {}) };
  }
  return responses;
}

/**
 * A URL-token page answers its own refusals as pages (HTML); what the pipeline refuses before the page runs (a body of
 * another media type, a missing token) is the JSON error body. A status answered both ways documents both media types.
 */
function pagesWithErrors(route: RouteDefinition, contract: RouteContract, errors: Record<string, unknown>): ZodOpenApiResponsesObject {
  const responses: Record<string, unknown> = { ...errors };
  const errorCodes = routeErrors(route, contract);
  for (const [status, page] of Object.entries(successResponses(route, contract)) as [string, { description: string; content?: Record<string, unknown> }][]) {
    const codes = errorCodes.get(Number(status));
    if (!codes) {
      responses[status] = page;
      continue;
    }
    const error = errorResponse(Number(status), codes);
    responses[status] = {
      ...page,
      description: `${page.description}; or, refused before the page runs, ${error.description}`,
      content: { ...error.content, ...page.content },
    };
  }
  return responses as ZodOpenApiResponsesObject;
}

/** Path parameters: record ids by their format (src/domain/ids.ts), or the contract's own schema. */
function pathParams(route: RouteDefinition, contract: RouteContract): z.ZodObject | undefined {
  if (contract.params) return contract.params as z.ZodObject;
  if (!route.pathIds) return undefined;
  return z.object(
    Object.fromEntries(
      Object.entries(route.pathIds).map(([name, kind]) => {
        const format = idFormats[kind];
        const example = samples[route.name]?.pathParameters?.[name];
        return [
          name,
          z
            .string()
            .max(MAX_ID_LENGTH)
            .meta({
              description: `The ${format.noun}'s id; one of another shape cannot exist (404)`,
              pattern: format.pattern.source,
              ...(example ? { example } : {}),
            }),
        ];
      }),
    ),
  );
}

const idempotencyHeader = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .optional()
    .meta({
      description:
        'Makes a retry safe: the same key with the same body answers the kept answer (Idempotent-Replayed: true), unbilled, for 24 h; ' +
        'with another body 422 idempotency_key_reused. Scoped by account and endpoint. A UUID is typical.',
      example: '5d3c1b0e-8f0a-4c55-9a51-3f0c2f6d7e21',
    }),
});

const operationId = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function operation(route: RouteDefinition, contract: RouteContract): ZodOpenApiOperationObject {
  const sample = samples[route.name];
  const path = pathParams(route, contract);
  const notes = [
    route.billable ? 'Billable: each call that runs is counted in `GET /v1/usage` (replays are free).' : '',
    route.idempotent ? 'Send an `Idempotency-Key` to make retries safe.' : '',
    route.public ? 'Public: no API key.' : '',
    route.urlToken ? 'No API key: the token in the URL (`?token=`, from the link Levy issued) authenticates the request, and only for what it names.' : '',
  ].filter(Boolean);
  const errors = Object.fromEntries(
    [...routeErrors(route, contract)].map(([status, codes]) => [String(status), { $ref: `#/components/responses/${errorResponseName(status, codes)}` }]),
  );
  return {
    operationId: operationId(route.name),
    summary: route.summary,
    ...(notes.length > 0 ? { description: notes.join(' ') } : {}),
    tags: [tagOf(route)],
    ...(answersWithoutKey(route) ? { security: [] } : {}),
    requestParams: {
      ...(contract.query ? { query: contract.query as z.ZodObject } : {}),
      ...(path ? { path } : {}),
      ...(route.idempotent ? { header: idempotencyHeader } : {}),
    },
    ...(contract.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: contract.body, ...(sample?.body !== undefined ? { example: sample.body } : {}) } },
          },
        }
      : {}),
    ...(contract.rawBody
      ? {
          requestBody: {
            required: true,
            description: contract.rawBody.description,
            content: Object.fromEntries(contract.rawBody.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
        }
      : {}),
    responses: route.urlToken ? pagesWithErrors(route, contract, errors) : { ...successResponses(route, contract), ...errors },
    'x-levy-billable': route.billable,
  } as ZodOpenApiOperationObject;
}

const DESCRIPTION = `Levy: sales-tax and VAT rates, cart calculation, recorded sales and refunds, and tax exposure by jurisdiction.

**URLs.** Each path follows the base URL exactly as written: \`<base>/v1/tax/rate\`, \`<base>/vendors\`. The base is the stage URL (\`https://<api-id>.execute-api.<region>.amazonaws.com/${API_STAGE_NAME}\`) or the deployment's custom domain (\`https://api.example.com\`); locally \`http://localhost:3000\`.

**Authentication.** Every route but this documentation takes \`Authorization: Bearer <api key>\` (\`npx levy accounts create\` prints one).

**Errors.** Every error is \`{"error", "message", "status", "request_id"}\` with a snake_case \`error\` code; each operation lists the codes it can answer. A client mistake is always a 4xx.

**Request ids.** Answers carry \`Request-Id\` (Levy's functions) and \`x-amzn-RequestId\` (every answer, API Gateway's own errors included); error bodies repeat it as \`request_id\`.

**Lists** are cursor-paginated: \`limit\` 1-100 (default 10) and \`starting_after\` (the last id of the previous page); the answer is \`{"data": [...], "has_more": bool}\`.

**Money** is in integer minor units (cents); rates are decimal fractions with 6 places.`;

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const contracts = await routeContracts();
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete' | 'put'] = operation(route, contracts.get(route.name)!);
  }
  const stringHeader = (description: string) => ({ description, schema: { type: 'string' as const } });
  // Each error answer once, named by its status and codes; each example once, by code and status.
  const errorResponses: Record<string, unknown> = {};
  const examples: Record<string, unknown> = {};
  for (const route of routes) {
    for (const [status, codes] of routeErrors(route, contracts.get(route.name)!)) {
      errorResponses[errorResponseName(status, codes)] ??= errorResponse(status, codes);
      for (const code of codes) examples[exampleName(code, status)] ??= errorExample(code, status);
    }
  }
  const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  const document = createDocument({
    openapi: '3.1.0',
    info: { title: 'Levy API', version, description: DESCRIPTION },
    servers: [
      { url: 'http://localhost:3000', description: 'npm start (the local server)' },
      // The paths carry their own `/v1` where the spec writes one: a server adds only the stage, or nothing.
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com/{stage}',
        description: 'Deployed, the stage URL (the ApiUrl output of `npx cdk deploy`)',
        variables: { apiId: { default: 'abcdef1234' }, region: { default: 'us-east-1' }, stage: { default: API_STAGE_NAME } },
      },
      {
        url: 'https://{domainName}',
        description: 'Deployed on a custom domain (`-c domainName=...`; then the ApiUrl output)',
        variables: { domainName: { default: 'api.example.com' } },
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: documentTags(),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key of the account: `Authorization: Bearer lvy_...`' },
      },
      schemas: { Error: errorSchema as never },
      responses: sorted(errorResponses) as never,
      examples: sorted(examples) as never,
      headers: {
        RequestId: stringHeader("The request's id (API Gateway's request id in AWS); quote it to support"),
        AmznRequestId: stringHeader("API Gateway's request id, on every answer (the only one on API Gateway's own errors)"),
        IdempotentReplayed: stringHeader('`true` when the answer is the one kept for this Idempotency-Key (not run, not billed again)'),
      },
    },
  }) as unknown as Record<string, unknown>;
  // Examples for every JSON success answer and query parameter, from the schemas and the routes' samples.
  const sampleAt = new Map(routes.map((r) => [`${r.method.toLowerCase()} ${r.path}`, samples[r.name]]));
  new ExampleMaker(document).addExamples((path, method) => sampleAt.get(`${method} ${path}`));
  return document;
}

/** The file's exact content: stable key order as generated, two-space indent, a final newline. */
export const renderOpenApi = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
