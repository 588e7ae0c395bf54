/** Primary adapter: GET /v1/invoice_series/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoices } from '../../src/composition/ports';
import { invoiceSeriesSchema } from '../../src/domain/invoices/series';
import { getSeries } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoice-series-get',
  responses: { 200: { description: 'The invoice series', schema: invoiceSeriesSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getSeries({ invoices }, accountId, id) }),
});
