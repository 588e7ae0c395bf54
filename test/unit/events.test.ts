/**
 * events/ (the sample events of `npm run invoke` and `sam local invoke`): one file per route of
 * src/config/routes.ts, each matching its route, and the files equal what `npm run events` generates.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authorizer, routes } from '../../src/config/routes';
import { authorizerSampleEvent, EVENTS_DIR, sampleEvent } from '../../local/generate-events';

const readEvent = (name: string) => JSON.parse(readFileSync(join(EVENTS_DIR, `${name}.json`), 'utf8'));

describe('events/', () => {
  it.each(routes.map((r) => [r.name, r] as const))('%s has an event matching its route', (name, route) => {
    expect(existsSync(join(EVENTS_DIR, `${name}.json`))).toBe(true);
    const event = readEvent(name);
    expect(event.resource).toBe(route.path);
    expect(event.httpMethod).toBe(route.method);
    expect(event.requestContext.resourcePath).toBe(route.path);
    expect(event.requestContext.httpMethod).toBe(route.method);
    // A public route (the documentation) has no authorizer, and its sample sends no key.
    if (route.public) {
      expect(event.requestContext.authorizer).toBeNull();
      expect(event.headers.Authorization).toBeUndefined();
    } else {
      expect(event.requestContext.authorizer.accountId).toBe('acct_dev');
    }

    // The path is the template with the path parameters filled in, and nothing else.
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(Object.keys(event.pathParameters ?? {}).sort()).toEqual(params.sort());
    const filled = route.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(event.pathParameters[p]));
    expect(event.path).toBe(filled);

    if (route.method === 'POST' || route.method === 'PATCH') {
      expect(typeof event.body).toBe('string');
      const body = JSON.parse(event.body);
      expect(body).toEqual(expect.any(Object));
      expect(Array.isArray(body)).toBe(false);
      expect(event.headers['Content-Type']).toBe('application/json');
    } else {
      expect(event.body).toBeNull();
    }
    if (route.idempotent) expect(event.headers['Idempotency-Key']).toEqual(expect.any(String));
  });

  it('has the authorizer event, a REQUEST event with a bearer token and the request id', () => {
    const event = readEvent(authorizer.name);
    expect(event.type).toBe('REQUEST');
    expect(event.headers.Authorization).toMatch(/^Bearer lvy_[A-Za-z0-9_-]{43}$/);
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.methodArn).toMatch(/^arn:aws:execute-api:[^:]+:\d{12}:[^/]+\/v1\/(GET|POST|PATCH|DELETE)\//);
  });

  it('holds no event for a route that does not exist', () => {
    const expected = new Set([...routes.map((r) => `${r.name}.json`), `${authorizer.name}.json`]);
    const extra = readdirSync(EVENTS_DIR).filter((f) => f.endsWith('.json') && !expected.has(f));
    expect(extra).toEqual([]);
  });

  it('is up to date with `npm run events`', () => {
    for (const route of routes) expect(readEvent(route.name)).toEqual(JSON.parse(JSON.stringify(sampleEvent(route))));
    expect(readEvent(authorizer.name)).toEqual(authorizerSampleEvent());
  });
});
