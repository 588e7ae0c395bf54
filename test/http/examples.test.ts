/**
 * The examples/ scripts, run as a user would with the typed client (clients/typescript) against the local server:
 * a rate lookup, a cart committed as a transaction, then the exposure report that sale shows up in.
 */
import { startServer, type LocalServer } from '../../local/server/server';
import { createLevyClient } from '../../clients/typescript/src';
import { exposureReport } from '../../examples/exposure-report';
import { rateLookup } from '../../examples/rate-lookup';
import { unifyCommit } from '../../examples/unify-commit';
import { newTestAccount } from '../support/api';

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
    const levy = createLevyClient({ baseUrl: `${server.url}/`, apiKey: api_key });

    expect(await rateLookup(levy)).toEqual({ country: 'Germany', total_rate: expect.any(Number), taxable: true });

    const sale = await unifyCommit(levy, 'example-order-1');
    expect(sale.transaction).toEqual({ id: 'example-order-1', created: true });
    expect(sale.tax_total).toBeGreaterThan(0);
    expect(sale.recorded_total).toBe(sale.total);

    const report = await exposureReport(levy);
    expect(report).toEqual([expect.objectContaining({ country: 'US', currency: 'USD', exposure: sale.tax_total, states: [`CA: ${sale.tax_total}`] })]);
  });

  it('report an error answer with its code and request id', async () => {
    const levy = createLevyClient({ baseUrl: server.url, apiKey: 'lvy_' + 'A'.repeat(43) });
    await expect(rateLookup(levy)).rejects.toThrow(/^unauthorized: .*\(request [0-9a-f-]{36}\)$/);
  });
});
