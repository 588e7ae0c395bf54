/** Primary adapter: PATCH /v1/invoices/{id} -> the updated draft; a finalized invoice is 409 invoice_not_draft. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers, invoices } from '../../src/composition/ports';
import { invoiceSchema, updateInvoiceSchema } from '../../src/domain/invoices/invoice';
import { updateInvoice } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoices-update',
  body: updateInvoiceSchema,
  responses: { 200: { description: 'The updated draft invoice', schema: invoiceSchema } },
  errors: ['invoice_not_draft', 'invoice_changed_concurrently'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await updateInvoice({ invoices, customers }, accountId, id, body) }),
});
