/**
 * Test support: the contract check. Every answer the integration and HTTP tests receive (through callRoute and the
 * HTTP requester) is validated against the checked-in docs/openapi.json with ajv (JSON Schema 2020-12 + formats): the
 * status must be documented for the route, the media type too, and the body must match the documented schema
 * (undocumented fields fail: the response schemas forbid additional properties). So the document cannot drift from
 * what the code answers; test/unit/contract.test.ts shows the check failing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import { documentAjv, DOCUMENT_ID, pointer } from '../../local/docs/openapi-document';
import { mediaTypeOf } from '../../src/config/api-settings';

type Json = Record<string, any>;

let loaded: { document: Json; ajv: Ajv2020 } | undefined;
const validators = new Map<string, ValidateFunction>();

/** The document as checked in (regenerate with `npm run openapi`; test/unit/openapi.test.ts says when it is stale). */
function load(): { document: Json; ajv: Ajv2020 } {
  if (loaded) return loaded;
  const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8')) as Json;
  loaded = { document, ajv: documentAjv(document) };
  return loaded;
}

/** A response object and the JSON pointer it lives at (following one $ref to components/responses). */
function responseAt(document: Json, method: string, path: string, status: number): { response: Json; at: string } | undefined {
  const at = `#${pointer('paths', path, method.toLowerCase(), 'responses', String(status))}`;
  const response = document.paths?.[path]?.[method.toLowerCase()]?.responses?.[String(status)] as Json | undefined;
  if (!response) return undefined;
  if (typeof response.$ref === 'string') {
    const name = response.$ref.replace('#/components/responses/', '');
    return { response: document.components.responses[name], at: `#${pointer('components', 'responses', name)}` };
  }
  return { response, at };
}

export interface ObservedResponse {
  method: string;
  /** The route's path template, e.g. `/vendors/{id}`. */
  path: string;
  status: number;
  /** The Content-Type header, if any. */
  contentType?: string | null;
  /** The parsed JSON body, the text of a non-JSON body, or undefined for none. */
  body: unknown;
}

/** Throws, naming the route, status and every violation, unless the answer is one docs/openapi.json describes. */
export function assertDocumentedResponse(observed: ObservedResponse): void {
  const { document, ajv } = load();
  const where = `${observed.method} ${observed.path} -> ${observed.status}`;
  const operation = document.paths?.[observed.path]?.[observed.method.toLowerCase()];
  if (!operation) throw new Error(`Contract: ${observed.method} ${observed.path} is not in docs/openapi.json`);
  const found = responseAt(document, observed.method, observed.path, observed.status);
  if (!found) {
    throw new Error(
      `Contract: ${where} is not documented (documented: ${Object.keys(operation.responses).join(', ')}); body: ${JSON.stringify(observed.body)?.slice(0, 300)}`,
    );
  }
  const content = found.response.content as Json | undefined;
  if (!content) {
    if (observed.body !== undefined && observed.body !== '')
      throw new Error(`Contract: ${where} is documented without a body, got ${JSON.stringify(observed.body).slice(0, 200)}`);
    return;
  }
  const mediaType = mediaTypeOf(observed.contentType);
  if (!(mediaType in content)) throw new Error(`Contract: ${where} answered ${mediaType || 'no Content-Type'}; documented: ${Object.keys(content).join(', ')}`);
  if (mediaType !== 'application/json') {
    if (typeof observed.body !== 'string' || observed.body.length === 0) throw new Error(`Contract: ${where} answered an empty ${mediaType} body`);
    return;
  }
  const schemaAt = `${found.at}${pointer('content', 'application/json', 'schema')}`;
  let validate = validators.get(schemaAt);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}${schemaAt}` });
    validators.set(schemaAt, validate);
  }
  if (!validate(observed.body)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    throw new Error(`Contract: ${where} does not match docs/openapi.json:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(observed.body).slice(0, 600)}`);
  }
}

/**
 * The contract check of an answer as it came over the wire (the fuzz's and the typed client's): its text read as its
 * Content-Type says, JSON parsed. Answers the body as read.
 */
export function assertDocumentedAnswer(route: { method: string; path: string }, status: number, contentType: string | null | undefined, text: string): unknown {
  const body = text === '' ? undefined : mediaTypeOf(contentType) === 'application/json' ? (JSON.parse(text) as unknown) : text;
  assertDocumentedResponse({ method: route.method, path: route.path, status, contentType, body });
  return body;
}

/** Per route and answer kind, the last large answer found documented (JSON.parse and validation of a megabyte: milliseconds). */
const lastLargeDocumented = new Map<string, string>();

/**
 * assertDocumentedAnswer for a caller that does not need the body (the fuzz): an answer of 64 KB or more identical to
 * the last one found documented for the route, status and media type (the OpenAPI document, every time) is not checked
 * again: the same text gets the same verdict.
 */
export function checkDocumentedAnswer(route: { method: string; path: string }, status: number, contentType: string | null | undefined, text: string): void {
  const large = text.length >= 64 * 1024;
  const key = `${route.method} ${route.path} ${status} ${contentType}`;
  if (large && lastLargeDocumented.get(key) === text) return;
  assertDocumentedAnswer(route, status, contentType, text);
  if (large) lastLargeDocumented.set(key, text);
}
