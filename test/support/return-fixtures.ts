/**
 * Test support: what the return suites record and ask: US sales, registrations, returns, and a return's records
 * followed page by page.
 */
import { callRoute } from './api';

export const uid = () => Math.random().toString(36).slice(2, 10);

export const usSale = (date: string, amount: number, over: Record<string, unknown> = {}) => ({
  id: `ord-${uid()}`,
  date,
  currency: 'USD',
  customer_type: 'B2C',
  location: { country: 'US', state: 'CA', postal_code: '90001' },
  line_items: [{ amount, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
  ...over,
});

export async function record(accountId: string, body: unknown) {
  const res = await callRoute('transactions-create', { accountId, body });
  expect(res.status).toBe(201);
  return res.body;
}

export async function registration(accountId: string, body: Record<string, unknown>) {
  const res = await callRoute('registrations-create', { accountId, body: { active_from: '2024-01-01', ...body } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

export const createReturn = (accountId: string, body: unknown) => callRoute('returns-create', { accountId, body });

/** Every record of a return, following the pages. */
export async function allRecords(accountId: string, id: string, limit = '1') {
  const records: any[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await callRoute('returns-transactions', { accountId, pathParameters: { id }, query: { limit, starting_after: after } });
    expect(page.status).toBe(200);
    records.push(...page.body.data);
    if (!page.body.has_more) return records;
    after = page.body.data.at(-1).id;
  }
}
