/**
 * HTTP: an invoice's PDF is rendered within its function's timeout however its descriptions run (docs/invoices.md):
 * forty lines whose descriptions are one 200-character word each (an SKU list, a URL) are wrapped inside their
 * column and answered 200 through the local server, which holds the function to Lambda's timeout as API Gateway does.
 * Wrapping measured each shorter head of such a word again, character by character: minutes for this invoice, a 502.
 */
import { startServer, type LocalServer } from '../../local/server/server';
import { createApiKey } from '../../local/admin/accounts';
import { ports } from '../../src/composition/all-ports';
import { pdfText } from '../support/pdf-text';
import { frenchShop, newInvoiceSeller, saas } from '../support/invoice-seller';

let server: LocalServer;

beforeAll(async () => {
  server = await startServer({ port: 0, authCacheSeconds: 0 });
});
afterAll(() => server?.close());

it('a PDF of forty lines of one long word each: 200 within the timeout, each word wrapped whole', async () => {
  const { accountId, seriesId } = await newInvoiceSeller();
  const key = (await createApiKey(ports, accountId))!.api_key;
  const word = (i: number) => `SKU${String(i).padStart(3, '0')}-${'ABCDEFGHIJ'.repeat(20)}`.slice(0, 200);
  const lines = Array.from({ length: 40 }, (_, i) => saas(`l${i}`, 1_000 + i, { description: word(i) }));
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      // As API Gateway does, a binary answer goes out as bytes to a client whose first Accept type is its media type.
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: path.endsWith('/pdf') ? 'application/pdf' : 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const draft = (await (
    await send('POST', '/v1/invoices', {
      series_id: seriesId,
      currency: 'EUR',
      issue_date: '2026-10-05',
      customer: { ...frenchShop, type: 'B2C' },
      line_items: lines,
    })
  ).json()) as { id: string };
  expect((await send('POST', `/v1/invoices/${draft.id}/finalize`)).status).toBe(200);
  const pdf = await send('GET', `/v1/invoices/${draft.id}/pdf`);
  expect(pdf.status).toBe(200);
  const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, '');
  for (let i = 0; i < 40; i++) expect(text).toContain(word(i));
}, 120_000);
