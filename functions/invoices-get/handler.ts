/** Primary adapter: GET /v1/invoices/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoices } from '../../src/composition/ports';
import { invoiceSchema } from '../../src/domain/invoices/invoice';
import { getInvoice } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoices-get',
  responses: { 200: { description: 'The invoice', schema: invoiceSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getInvoice({ invoices }, accountId, id) }),
});
