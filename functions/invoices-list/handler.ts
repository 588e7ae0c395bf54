/** Primary adapter: GET /v1/invoices?limit&starting_after -> {data, has_more}, oldest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoices } from '../../src/composition/ports';
import { invoiceSchema, listInvoicesQuerySchema } from '../../src/domain/invoices/invoice';
import { pageSchema } from '../../src/domain/records/record';
import { listInvoices } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoices-list',
  query: listInvoicesQuerySchema,
  responses: { 200: { description: 'A page of invoices, oldest first', schema: pageSchema(invoiceSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listInvoices({ invoices }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
