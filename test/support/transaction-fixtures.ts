/**
 * Test support: what the transaction suites begin with: a German sale (a SaaS line and an e-book, a new id each time)
 * and a German seller beside another account, with LA County's ZIP rows imported.
 */
import { newTestAccount } from './api';
import { importZipRows } from './shared-data';

export const sale = (over: Record<string, unknown> = {}) => ({
  id: `ord-${Math.random().toString(36).slice(2, 10)}`,
  date: '2026-03-10',
  currency: 'EUR',
  customer_type: 'B2C',
  location: { country: 'DE' },
  line_items: [
    { amount: 10_000, quantity: 2, product_category: 'SAAS', delivery_method: 'CLOUD' },
    { id: 'ebook', amount: 999, quantity: 1, product_category: 'EBOOKS', delivery_method: 'DOWNLOAD' },
  ],
  ...over,
});

/** The German seller and another account; LA County, CA (90001) rated, unless a test names other ZIPs. */
export async function newSellerAndOther(): Promise<{ accountId: string; otherAccountId: string }> {
  await importZipRows([['CA', '90001']]);
  return { accountId: (await newTestAccount('DE', 'Seller GmbH')).account_id, otherAccountId: (await newTestAccount('US', 'Other Inc')).account_id };
}
