/**
 * HTTP: the worst case of the sale routes, measured as Lambda counts it (the result's JSON; MAX_LAMBDA_RESPONSE_BYTES,
 * src/config/api-settings.ts) and held under it; docs/local.md "Response sizes" quotes these figures.
 *
 * A sale holds at most MAX_LINE_ITEMS lines of bounded fields, and one that is recorded is written with its
 * `transaction.created` event, one DynamoDB item holding the whole sale: so a recorded sale is at most what fits 400 KB.
 * The text that grows most from the item to the result is a certificate's number (100 characters; a control character
 * is 1 byte stored and 7 in the result), which every line of a customer's exempt sale repeats: the sales below are the
 * longest of such lines that the item takes (the line counts were found by bisection; one more line is refused).
 */
import { batchWriteMany } from '../../src/adapters/dynamodb/batch';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { DynamoDbTransactionStore } from '../../src/adapters/dynamodb/transaction-store';
import { MAX_LAMBDA_RESPONSE_BYTES } from '../../src/config/api-settings';
import { tableName } from '../../src/config/environment';
import { MAX_LINE_ITEMS } from '../../src/domain/fields/money';
import { MAX_REFUND_LINES_PER_SALE, type Refund } from '../../src/domain/transactions/refund';
import type { Transaction } from '../../src/domain/transactions/sale';
import { callRoute, newTestAccount } from '../support/api';

/** The longest text a certificate number can take in the result: 100 characters of 7 bytes each there. */
const worstCertificateNumber = `X${'\u0001'.repeat(98)}X`;
const customerId = 'c'.repeat(64);
// A CA ZIP no rate file lists and no test imports, so the sale is rated at the state rate whatever the worker's shared
// Rates table holds (with a local table in force each line carries more jurisdictions and fewer lines fit the item: 94103
// made these line counts depend on which files shared the worker). The line counts below are for the state rate.
const where = { country: 'US', state: 'CA', postal_code: '94099' };
/** `count` lines of the largest amounts and quantities (each at most 10^12: a sale totals at most 10^15), ids of `idLength`. */
const linesOf = (count: number, idLength?: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...(idLength === undefined ? {} : { id: String(i).padStart(idLength, 'l') }),
    amount: 999_999_999_999,
    quantity: 1_000_000_000,
    product_category: 'PHYSICAL_GOODS',
    delivery_method: 'SHIPPED',
  }));
/** The most lines a recorded sale of the lines above holds: default ids (`1`, `2` ...) for a transaction, 128 characters for a committed cart. */
const MOST_SALE_LINES = 766;
const MOST_COMMITTED_CART_LINES = 621;
/** The most lines of 128-character ids a recorded sale of such lines holds. */
const MOST_LONG_ID_SALE_LINES = 621;

const sizes: Record<string, number> = {};
afterAll(() => console.log(`worst-case result bytes: ${JSON.stringify(sizes)}`));

/** A new account with a stored customer whose certificate exempts the sales' state: every line answers its snapshot. */
async function accountWithExemptCustomer(): Promise<string> {
  const { account_id: accountId } = await newTestAccount('US', 'Worst Case Inc');
  expect((await callRoute('customers-create', { accountId, body: { id: customerId, name: 'Buyer', customer_type: 'B2C', address: where } })).status).toBe(201);
  const certificate = await callRoute('exemptions-create', {
    accountId,
    pathParameters: { id: customerId },
    body: {
      reason: 'MANUFACTURING',
      jurisdictions: [{ country: 'US', state: 'CA' }],
      certificate_number: worstCertificateNumber,
      effective_from: '2020-01-01',
      exempt_percentage: 99,
    },
  });
  expect(certificate.status).toBe(201);
  return accountId;
}

function expectWithinLimit(route: string, res: { status: number; body: unknown; resultBytes: number }, status = 200): void {
  if (res.status !== status) throw new Error(`${route}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  sizes[route] = res.resultBytes;
  expect(res.resultBytes).toBeLessThanOrEqual(MAX_LAMBDA_RESPONSE_BYTES);
}

const saleOf = (lines: unknown[], id = 't'.repeat(128)) => ({
  id,
  date: '2026-10-05',
  currency: 'USD',
  customer_id: customerId,
  customer_tax_id: '"'.repeat(64),
  location: where,
  line_items: lines,
});

const cartOf = (lines: unknown[], commit: boolean) => ({
  currency: 'USD',
  customer_id: customerId,
  customer: { tax_id: '"'.repeat(64) },
  location: where,
  date: '2026-10-05',
  line_items: lines,
  ...(commit ? { commit, transaction_id: 'u'.repeat(128) } : {}),
});

describe("a sale's worst case under Lambda's 6 MB", () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = await accountWithExemptCustomer();
  });

  it('POST /v1/transactions and GET /v1/transactions/{id}: the longest sale its item takes; one line more is refused (422 record_too_large)', async () => {
    const refused = await callRoute('transactions-create', { accountId, body: saleOf(linesOf(MOST_SALE_LINES + 1)) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'record_too_large' });
    const recorded = await callRoute('transactions-create', { accountId, body: saleOf(linesOf(MOST_SALE_LINES)) });
    expectWithinLimit('POST /v1/transactions', recorded, 201);
    expect(recorded.body.line_items[0]).toMatchObject({ exemption: { certificate_number: worstCertificateNumber } });
    expectWithinLimit('GET /v1/transactions/{id}', await callRoute('transactions-get', { accountId, pathParameters: { id: recorded.body.id } }));
  }, 60_000);

  it('POST /v1/tax/unify: 1,000 lines of 128-character ids answered, and committed the longest cart its sale item takes', async () => {
    expectWithinLimit('POST /v1/tax/unify', await callRoute('tax-unify', { accountId, body: cartOf(linesOf(MAX_LINE_ITEMS, 128), false) }));
    const refused = await callRoute('tax-unify', { accountId, body: cartOf(linesOf(MOST_COMMITTED_CART_LINES + 1, 128), true) });
    expect(refused.body).toMatchObject({ error: 'record_too_large' });
    expectWithinLimit('POST /v1/tax/unify commit', await callRoute('tax-unify', { accountId, body: cartOf(linesOf(MOST_COMMITTED_CART_LINES, 128), true) }));
  }, 60_000);

  it('GET /v1/transactions/{id}: a sale of the longest lines with refunds of 5,000 lines, the most a sale takes (one more is refused 409 too_many_refunds)', async () => {
    const recorded = await callRoute('transactions-create', { accountId, body: saleOf(linesOf(MOST_LONG_ID_SALE_LINES, 128), 's'.repeat(128)) });
    expect(recorded.status).toBe(201);
    const sale = recorded.body as Transaction;
    // All but one of the refunds written straight to the table (through the route, one by one, they would take minutes):
    // each of one line, the longest ids and the widest amounts; then the sale's count of their lines.
    const refundOf = (i: number): Refund => ({
      id: String(i).padStart(128, 'r'),
      transaction_id: sale.id,
      date: '2026-10-05',
      currency: 'USD',
      line_items: [{ id: sale.line_items[i % sale.line_items.length]!.id, amount: 999_999_999, tax_amount: 999_999_999 }],
      subtotal: 999_999_999,
      tax_total: 999_999_999,
      total: 1_999_999_998,
      created_at: new Date(Date.parse(sale.created_at) + i).toISOString(),
    });
    const store = new DynamoDbTransactionStore(tableName('Transactions'));
    const written = MAX_REFUND_LINES_PER_SALE - 1;
    const puts = Array.from({ length: written }, (_, i) => ({
      PutRequest: { Item: store.refundItems(accountId, refundOf(i), 'worst-case', { refunded: {}, refundLines: 0 }, 0)[0].Put.Item },
    }));
    await batchWriteMany(tableName('Transactions'), puts, 'refunds');
    const [, saleUpdate] = store.refundItems(accountId, refundOf(0), 'worst-case', { refunded: {}, refundLines: written }, 0);
    await documentClient().update(saleUpdate.Update!);

    const refund = (id: string) =>
      callRoute('transactions-refund', {
        accountId,
        pathParameters: { id: sale.id },
        body: { id: id.padStart(128, 'x'), date: '2026-10-06', line_items: [{ id: sale.line_items[0]!.id, amount: 1 }] },
      });
    expect((await refund('last')).status).toBe(201);
    const refused = await refund('one-too-many');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'too_many_refunds', message: expect.stringContaining(String(MAX_REFUND_LINES_PER_SALE)) });
    const answered = await callRoute('transactions-get', { accountId, pathParameters: { id: sale.id } });
    expectWithinLimit('GET /v1/transactions/{id} with refunds', answered);
    expect(answered.body.refunds).toHaveLength(MAX_REFUND_LINES_PER_SALE);
  }, 120_000);
});
