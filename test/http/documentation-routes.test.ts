/**
 * HTTP test through the local server (local/server/): the documentation routes, served without a key (the OpenAPI
 * document, the Swagger UI page and its assets from Levy itself, never a CDN). Split from server.test.ts, which keeps
 * the routes, authentication, API Gateway's own errors and tenant isolation.
 */
import { serveForSuite } from '../support/http';

const { request } = serveForSuite();

describe('the documentation, without a key', () => {
  it('serves the OpenAPI document with this server as its server', async () => {
    const res = await request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Levy API' }, servers: [{ url: '/' }] });
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v1/tax/rate', '/openapi.json', '/docs']));
  });

  it('serves the Swagger UI page and its assets from Levy, never a CDN', async () => {
    const page = await request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const sources = [...(page.body as string).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.sort()).toEqual(['/docs/swagger-initializer.js', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css']);
    for (const source of sources) {
      const asset = await request('GET', source);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/^text\/(javascript|css)/);
    }
    const initializer = await request('GET', '/docs/swagger-initializer.js');
    expect(initializer.body).toContain('"url":"/openapi.json"');
  });

  it('answers an unknown asset 404 and a query 400, in the error shape, and ignores a key', async () => {
    expect((await request('GET', '/docs/petstore.json')).body).toMatchObject({ error: 'not_found', status: 404 });
    expect((await request('GET', '/docs?x=1')).body).toMatchObject({ error: 'validation_error', status: 400 });
    expect((await request('GET', '/openapi.json', { key: 'lvy_' + 'A'.repeat(43) })).status).toBe(200);
  });
});
