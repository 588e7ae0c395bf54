/**
 * HTTP: a list route's page stays under Lambda's 6 MB response limit however large its items are (docs/local.md
 * "Response sizes"): GET /v1/invoices over drafts whose 100-item page would be ~12 MB as the result carries it
 * (each line's description of quotes, which the result's JSON string holds as four bytes each) answers 200 with the
 * head of the page that fits and `has_more`, and the next page, from its last id, goes on where it stopped. Without the
 * bound the local server answers 502, as API Gateway does.
 */
import { startServer, type LocalServer } from '../../local/server/server';
import { MAX_LAMBDA_RESPONSE_BYTES, MAX_PAGE_RESULT_BYTES } from '../../src/config/api-settings';
import { MAX_LINE_ITEMS } from '../../src/domain/fields/money';
import { pageWithinLimit, resultBytesOf } from '../../src/adapters/http/page-size';
import { createApiKey } from '../../local/admin/accounts';
import { ports } from '../../src/composition/all-ports';
import { requester } from '../support/http';
import { frenchShop, newInvoiceSeller, saas } from '../support/invoice-seller';

let server: LocalServer;
const request = requester(() => server);

beforeAll(async () => {
  server = await startServer({ port: 0, authCacheSeconds: 0 });
});
afterAll(() => server?.close());

describe('a page within the response limit', () => {
  it('cuts a page at the last item that fits, counting each quote and backslash twice as the result carries them', () => {
    const item = { id: 'x', text: '"\\'.repeat(100) };
    const page = { data: Array.from({ length: 10 }, (_, i) => ({ ...item, id: String(i) })), has_more: false };
    // Each item's text is 200 characters of JSON escapes: 400 bytes as the body's JSON, 800 inside the result's string.
    const budget = resultBytesOf({ data: [], has_more: true }) + 3 * resultBytesOf(page.data[0]) + 2;
    const cut = pageWithinLimit(page, budget);
    expect(cut).toEqual({ data: page.data.slice(0, 3), has_more: true });
    expect(resultBytesOf(cut)).toBeLessThanOrEqual(budget);
    expect(pageWithinLimit(page, resultBytesOf(page))).toBe(page);
    // One item is answered even when alone it passes the budget: the route's own bound on an item is what holds it.
    expect(pageWithinLimit(page, 10).data).toEqual(page.data.slice(0, 1));
  });

  it('GET /v1/invoices over drafts too large for one page: pages that fit, with has_more, that together hold every draft', async () => {
    const { accountId, seriesId } = await newInvoiceSeller();
    const key = (await createApiKey(ports, accountId))!.api_key;
    // 1,000 lines of 250 quotes: ~290 KB stored (under DynamoDB's 400 KB item), ~1.1 MB in the result.
    const lines = Array.from({ length: MAX_LINE_ITEMS }, (_, i) => saas(`l${i}`, 100, { description: '"'.repeat(250) }));
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const created = await request('POST', '/v1/invoices', {
        key,
        body: { series_id: seriesId, currency: 'EUR', issue_date: '2026-10-05', customer: { ...frenchShop, type: 'B2C' }, line_items: lines },
      });
      if (created.status !== 201) throw new Error(JSON.stringify(created.body).slice(0, 500));
      ids.push(created.body.id);
    }
    const listed: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 11; pages++) {
      const res = await request('GET', `/v1/invoices?limit=100${after ? `&starting_after=${after}` : ''}`, { key });
      expect(res.status).toBe(200);
      expect(resultBytesOf(res.body)).toBeLessThanOrEqual(MAX_PAGE_RESULT_BYTES);
      listed.push(...res.body.data.map((invoice: { id: string }) => invoice.id));
      if (!res.body.has_more) break;
      // A cut page: the next item would not have fitted.
      expect(res.body.data.length).toBeLessThan(100);
      after = res.body.data.at(-1).id;
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...ids].sort());
    // The first page was cut: all 11 drafts are over the limit together.
    expect(11 * resultBytesOf({ line_items: lines })).toBeGreaterThan(MAX_LAMBDA_RESPONSE_BYTES);
  }, 120_000);
});
