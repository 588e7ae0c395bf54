/**
 * docs/openapi.json is what `npm run openapi` generates from the route table and the handlers' contracts (stale:
 * regenerate), describes every route with its errors, security and headers, and its examples match their schemas.
 */
import { readFileSync } from 'node:fs';
import { buildOpenApiDocument, OPENAPI_PATH, renderOpenApi } from '../../../local/docs/openapi';
import { documentAjv, DOCUMENT_ID, eachNode, pointer, resolveRef } from '../../../local/docs/openapi-document';
import { answersWithoutKey, routes } from '../../../src/config/routes';

type Json = Record<string, any>;
const checkedIn = readFileSync(OPENAPI_PATH, 'utf8');
const document = JSON.parse(checkedIn) as Json;
const operationOf = (r: (typeof routes)[number]) => document.paths[r.path]?.[r.method.toLowerCase()] as Json;
const resolve = (o: Json): Json => resolveRef(document, o);

describe('docs/openapi.json', () => {
  it('is up to date with the schemas (run `npm run openapi`)', async () => {
    expect(checkedIn).toBe(renderOpenApi(await buildOpenApiDocument()));
  });

  it('is OpenAPI 3.1 with the bearer scheme, required by default', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('describes %s', (_label, route) => {
    const op = operationOf(route);
    expect(op).toBeDefined();
    expect(op.summary).toBe(route.summary);
    const statuses = Object.keys(op.responses).map(Number);
    expect(statuses.some((s) => s >= 200 && s < 300)).toBe(true);
    expect(statuses).toEqual(expect.arrayContaining([400, 500]));
    if (answersWithoutKey(route)) {
      expect(op.security).toEqual([]);
      expect(statuses).not.toContain(401);
    } else {
      expect(op.security).toBeUndefined();
      expect(resolve(op.responses['401']).content['application/json'].schema.properties.error.enum).toEqual(['unauthorized']);
    }
    const params = (op.parameters ?? []) as Json[];
    for (const name of [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
      expect(params).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name, required: true })]));
    }
    expect(params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')).toBe(route.idempotent);
    if (route.idempotent) {
      // 200 for the billable calls, 201 for POST /v1/registrations.
      const success = resolve(op.responses[Object.keys(op.responses).find((status) => status.startsWith('2'))!]);
      expect(success.headers['Idempotent-Replayed']).toBeDefined();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
    }
    for (const status of statuses.filter((s) => s < 300)) expect(resolve(op.responses[String(status)]).headers['Request-Id']).toBeDefined();
  });

  it('documents the list queries and date ranges', () => {
    const names = (path: string) =>
      (document.paths[path].get.parameters as Json[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
    expect(names('/vendors')).toEqual(['limit', 'starting_after']);
    expect(names('/v1/transactions')).toEqual(['from', 'limit', 'starting_after', 'to']);
    expect(names('/v1/exposure/countries')).toEqual(['country', 'currency', 'from', 'include', 'to']);
    expect(names('/v1/usage')).toEqual(['from', 'to']);
  });

  it('shows an example for every query parameter, request body and JSON success answer', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        for (const p of (op.parameters ?? []) as Json[]) if (p.in === 'query' && !('example' in p)) missing.push(`${method} ${path} ?${p.name}`);
        const body = op.requestBody?.content?.['application/json'];
        if (body && !('example' in body)) missing.push(`${method} ${path} body`);
        for (const [status, response] of Object.entries(op.responses as Json)) {
          const json = resolve(response as Json).content?.['application/json'];
          if (status.startsWith('2') && json && !('example' in json)) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The central answers are recorded from a real run (local/docs/recorded-examples.json), not made up.
    expect(document.paths['/v1/tax/rate'].post.responses['200'].content['application/json'].example).toMatchObject({
      total_rate: 0.105,
      jurisdiction: { state: 'CA', county: 'Los Angeles County' },
    });
  });

  it('has examples that match their own schemas', () => {
    const ajv = documentAjv(document);
    let checked = 0;
    const visit = (o: Json, at: string) => {
      if (o.schema && ('example' in o || 'examples' in o)) {
        const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${at}/schema` });
        const values = 'example' in o ? [o.example] : Object.values(o.examples as Json).map((e) => resolve(e).value);
        for (const value of values) {
          expect({ at, valid: validate(value), errors: validate.errors }).toMatchObject({ valid: true });
          checked++;
        }
      }
    };
    eachNode(document.paths, '/paths', visit);
    eachNode(document.components.responses, '/components/responses', visit);
    for (const [name, schema] of Object.entries(document.components.schemas as Json)) {
      if (schema.example === undefined) continue;
      expect({ name, valid: ajv.validate({ $ref: `${DOCUMENT_ID}#${pointer('components', 'schemas', name)}` }, schema.example) }).toEqual({
        name,
        valid: true,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
