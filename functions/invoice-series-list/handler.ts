/** Primary adapter: GET /v1/invoice_series?limit&starting_after -> {data, has_more}, oldest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoices } from '../../src/composition/ports';
import { invoiceSeriesSchema, listSeriesQuerySchema } from '../../src/domain/invoices/series';
import { pageSchema } from '../../src/domain/records/record';
import { listSeries } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoice-series-list',
  query: listSeriesQuerySchema,
  responses: { 200: { description: 'A page of invoice series, oldest first', schema: pageSchema(invoiceSeriesSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listSeries({ invoices }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
