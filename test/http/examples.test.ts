/**
 * The examples/ scripts, run as a user would with the typed client (clients/typescript) against the local server:
 * a rate lookup, a cart committed as a transaction, then the exposure report that sale shows up in. Every answer is
 * checked against docs/openapi.json on the way (the contract check, as for the integration and HTTP tests).
 */
import { startServer, type LocalServer } from '../../local/server/server';
import { createLevyClient } from '../../clients/typescript/src';
import { exposureReport } from '../../examples/exposure-report';
import { rateLookup } from '../../examples/rate-lookup';
import { unifyCommit } from '../../examples/unify-commit';
import { matchRoute } from '../../local/server/route-matching';
import { newTestAccount } from '../support/api';
import { assertDocumentedAnswer } from '../support/contract';

/** The global fetch, with every answer checked against docs/openapi.json (the contract check) before the client reads it. */
const checkedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  const route = matchRoute(request.method, new URL(request.url).pathname)?.route;
  if (route) assertDocumentedAnswer(route, response.status, response.headers.get('content-type'), await response.clone().text());
  return response;
};

let server: LocalServer;

beforeAll(async () => {
  server = await startServer({ port: 0 });
});

afterAll(async () => {
  await server?.close();
});

describe('examples/ with the typed client', () => {
  it('look up a rate, commit a cart as a transaction, and find it in the exposure report', async () => {
    const { api_key } = await newTestAccount('US', 'Examples Inc');
    const levy = createLevyClient({ baseUrl: `${server.url}/`, apiKey: api_key, fetch: checkedFetch });

    expect(await rateLookup(levy)).toEqual({ country: 'Germany', total_rate: expect.any(Number), taxable: true });

    const sale = await unifyCommit(levy, 'example-order-1');
    expect(sale.transaction).toEqual({ id: 'example-order-1', created: true });
    expect(sale.tax_total).toBeGreaterThan(0);
    expect(sale.recorded_total).toBe(sale.total);

    const report = await exposureReport(levy);
    expect(report).toEqual([expect.objectContaining({ country: 'US', currency: 'USD', exposure: sale.tax_total, states: [`CA: ${sale.tax_total}`] })]);
  });

  it('report an error answer with its code and request id', async () => {
    const levy = createLevyClient({ baseUrl: server.url, apiKey: 'lvy_' + 'A'.repeat(43), fetch: checkedFetch });
    await expect(rateLookup(levy)).rejects.toThrow(/^unauthorized: .*\(request [0-9a-f-]{36}\)$/);
  });
});
