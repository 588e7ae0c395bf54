/**
 * Integration: a record over DynamoDB's 400 KB item limit is the client's to shorten, not a failure (docs/api.md
 * `record_too_large`): an invoice draft of 1,000 lines with long descriptions is refused 422 with nothing written, and
 * a draft that fits but whose finalized form (each line's tax added) does not is refused at finalization, left a
 * draft with its number not taken and no sale recorded. Both answered 500 before.
 */
import { callRoute } from '../support/api';
import { frenchShop, newInvoiceSeller, saas } from '../support/invoice-seller';
import { MAX_LINE_ITEMS } from '../../src/domain/fields/money';

const linesOf = (descriptionLength: number) =>
  Array.from({ length: MAX_LINE_ITEMS }, (_, i) => saas(`line-${i}`, 100_000 + i, { description: 'W'.repeat(descriptionLength) }));

describe('records over the item limit', () => {
  let accountId: string;
  let seriesId: string;
  const create = (descriptionLength: number) =>
    callRoute('invoices-create', {
      accountId,
      body: {
        series_id: seriesId,
        currency: 'EUR',
        issue_date: '2026-10-05',
        customer: { ...frenchShop, type: 'B2C' },
        line_items: linesOf(descriptionLength),
      },
    });

  beforeAll(async () => {
    ({ accountId, seriesId } = await newInvoiceSeller());
  });

  it('a draft over 400 KB: 422 record_too_large naming the limit, nothing written', async () => {
    const res = await create(450);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'record_too_large', status: 422 });
    expect(res.body.message).toContain('400 KB');
    expect((await callRoute('invoices-list', { accountId, query: {} })).body.data).toEqual([]);
  });

  it('a draft that fits but whose finalized form does not: 422 at finalization, still a draft, no number taken, no sale', async () => {
    const draft = await create(300);
    expect(draft.status).toBe(201);
    const finalized = await callRoute('invoices-finalize', { accountId, pathParameters: { id: draft.body.id } });
    expect(finalized.status).toBe(422);
    expect(finalized.body).toMatchObject({ error: 'record_too_large', status: 422 });
    const read = await callRoute('invoices-get', { accountId, pathParameters: { id: draft.body.id } });
    expect(read.body.status).toBe('draft');
    expect(read.body.number).toBeNull();
    expect((await callRoute('invoice-series-get', { accountId, pathParameters: { id: seriesId } })).body.next_number).toBe(1);
    expect((await callRoute('transactions-list', { accountId, query: {} })).body.data).toEqual([]);
  });
});
