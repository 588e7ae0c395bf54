/**
 * Primary adapter: POST /v1/invoices/{id}/finalize -> 200 with the numbered invoice, its sale recorded; an invoice
 * already finalized answers as it is (a safe retry). 422 invoice_incomplete lists every field Art. 226 still needs.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoices } from '../../src/composition/ports';
import { saleRecordingDeps } from '../../src/composition/sales';
import { invoiceSchema } from '../../src/domain/invoices/invoice';
import { finalizeInvoice } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoices-finalize',
  responses: { 200: { description: 'The finalized invoice (the same invoice again on a retry)', schema: invoiceSchema } },
  errors: [
    'not_found',
    'invoice_incomplete',
    'invoice_changed_concurrently',
    'transaction_exists',
    'exposure_limit_exceeded',
    'rate_history_unavailable',
    'location_incomplete',
    'us_local_rates_missing',
  ],
  run: async ({ accountId, pathParameters: { id } }) => {
    const { invoice } = await finalizeInvoice({ ...saleRecordingDeps, invoices }, accountId, id);
    return { status: 200, body: invoice };
  },
});
