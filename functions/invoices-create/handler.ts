/** Primary adapter: POST /v1/invoices -> 201 with the new draft invoice (no number until it is finalized). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers, invoices } from '../../src/composition/ports';
import { createInvoiceSchema, invoiceSchema } from '../../src/domain/invoices/invoice';
import { createInvoice } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoices-create',
  body: createInvoiceSchema,
  responses: { 201: { description: 'The new draft invoice', schema: invoiceSchema } },
  errors: ['not_found'],
  run: async ({ accountId, body }) => ({ status: 201, body: await createInvoice({ invoices, customers }, accountId, body) }),
});
