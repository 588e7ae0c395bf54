/**
 * Primary adapter: GET /v1/invoices/{id}/pdf -> the finalized invoice as application/pdf, the same bytes every time;
 * a draft is 409 invoice_not_finalized. The path is `/pdf`, not `{id}.pdf`: docs/invoices.md says why.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoicePdf } from '../../src/composition/invoice-pdf';
import { invoices, logos } from '../../src/composition/ports';
import { pdfAttachment } from '../../src/adapters/http/document-response';
import { invoicePdfOf } from '../../src/usecases/invoice-documents';

export const handler = httpRoute({
  route: 'invoices-pdf',
  responses: { 200: { description: 'The finalized invoice as PDF, with every field Directive 2006/112/EC Art. 226 requires', mediaType: 'application/pdf' } },
  errors: ['invoice_not_finalized'],
  run: async ({ accountId, pathParameters: { id } }) => pdfAttachment(await invoicePdfOf({ invoices, logos, renderer: invoicePdf }, accountId, id)),
});
