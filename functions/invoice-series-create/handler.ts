/** Primary adapter: POST /v1/invoice_series -> 201 with the new numbering series of an entity. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, invoices } from '../../src/composition/ports';
import { createSeriesSchema, invoiceSeriesSchema } from '../../src/domain/invoices/series';
import { createSeries } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoice-series-create',
  body: createSeriesSchema,
  responses: { 201: { description: 'The new invoice series', schema: invoiceSeriesSchema } },
  errors: ['not_found'],
  run: async ({ accountId, body }) => ({ status: 201, body: await createSeries({ invoices, entities }, accountId, body) }),
});
