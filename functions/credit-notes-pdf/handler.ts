/**
 * Primary adapter: GET /v1/credit_notes/{id}/pdf -> the credit note as application/pdf, naming the invoice it corrects,
 * the same bytes every time; another account's is 404.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoicePdf } from '../../src/composition/invoice-pdf';
import { invoices, logos } from '../../src/composition/ports';
import { pdfAttachment } from '../../src/adapters/http/document-response';
import { creditNotePdfOf } from '../../src/usecases/invoice-documents';

export const handler = httpRoute({
  route: 'credit-notes-pdf',
  responses: { 200: { description: 'The credit note as PDF, referring to the invoice it corrects (Art. 219)', mediaType: 'application/pdf' } },
  errors: [],
  run: async ({ accountId, pathParameters: { id } }) => pdfAttachment(await creditNotePdfOf({ invoices, logos, renderer: invoicePdf }, accountId, id)),
});
