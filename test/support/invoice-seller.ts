/**
 * Test support: what the invoice suites begin with: a German seller entity (address and VAT number) with an invoice
 * series on a new account, the seller's address, a SaaS line, a French business customer and a Polish seller.
 */
import { callRoute, newTestAccount } from './api';

export const sellerAddress = { line1: 'Friedrichstrasse 1', city: 'Berlin', postal_code: '10117' };

export const saas = (id: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  description: `Cloud plan ${id}`,
  amount,
  quantity: 1,
  product_category: 'SAAS',
  delivery_method: 'CLOUD',
  ...extra,
});

export const frenchShop = { name: 'Boutique Lumiere SARL', address: { country: 'FR', line1: '5 rue de Rivoli', city: 'Paris', postal_code: '75001' } };

/** A Polish seller whose name and city need more than Latin-1 (the invoice document suites). */
export const polishSeller = {
  name: 'Łódź Sp. z o.o.',
  country: 'PL',
  tax_id: 'PL5260250274',
  address: { line1: 'ul. Piotrkowska 12', city: 'Łódź', postal_code: '90-001' },
};

/** A German business buyer with a Czech name (a reverse-charged supply from the Polish seller). */
export const czechBuyer = {
  name: 'Příliš žluťoučký kůň GmbH',
  type: 'B2B',
  tax_id: 'DE136695976',
  address: { country: 'DE', line1: 'Hauptstraße 5', city: 'München', postal_code: '80331' },
};
/** Lines in Polish, Greek and Russian. */
export const unicodeLines = [
  saas('team', 120_000, { quantity: 4, description: 'Szkolenie zespołowy, Łódź' }),
  saas('athens', 50_000, { description: 'Εργαστήριο στην Αθήνα' }),
  saas('moscow', 30_000, { description: 'Семинар, Москва' }),
];

/** A new account with the Polish seller entity and a series `prefix` (the invoice document suites). */
export async function newPolishSeller(prefix: string): Promise<{ accountId: string; seriesId: string }> {
  const accountId = (await newTestAccount('PL', 'Łódź Holding')).account_id;
  const seller = await callRoute('entities-create', { accountId, body: polishSeller });
  expect(seller.status).toBe(201);
  const series = await callRoute('invoice-series-create', { accountId, body: { entity_id: seller.body.id, prefix } });
  expect(series.status).toBe(201);
  return { accountId, seriesId: series.body.id };
}

/** A new account with the seller entity (with `entity`'s further fields, e.g. what e-invoices need) and its series `prefix`. */
export async function newInvoiceSeller({ prefix = 'INV-2026-', entity = {} }: { prefix?: string; entity?: Record<string, unknown> } = {}): Promise<{
  accountId: string;
  sellerId: string;
  seriesId: string;
  seller: Record<string, unknown>;
}> {
  const accountId = (await newTestAccount('DE', 'Levy Test GmbH')).account_id;
  const seller = await callRoute('entities-create', {
    accountId,
    body: { name: 'Levy Berlin GmbH', country: 'DE', tax_id: 'DE136695976', address: sellerAddress, ...entity },
  });
  expect(seller.status).toBe(201);
  const series = await callRoute('invoice-series-create', { accountId, body: { entity_id: seller.body.id, prefix } });
  expect(series.status).toBe(201);
  return { accountId, sellerId: seller.body.id, seriesId: series.body.id, seller: seller.body };
}
