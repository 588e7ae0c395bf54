/** Primary adapter: DELETE /v1/invoices/{id} -> 204; only a draft may be deleted (409 invoice_not_draft). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoices } from '../../src/composition/ports';
import { deleteInvoice } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoices-delete',
  responses: { 204: { description: 'The draft invoice was deleted' } },
  errors: ['invoice_not_draft'],
  run: async ({ accountId, pathParameters: { id } }) => {
    await deleteInvoice({ invoices }, accountId, id);
    return { status: 204 };
  },
});
