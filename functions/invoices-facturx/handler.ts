/**
 * Primary adapter: GET /v1/invoices/{id}/facturx -> the finalized invoice as Factur-X (application/pdf): its PDF as a
 * PDF/A-3 with the CII XML embedded as factur-x.xml, the same bytes every time; a draft is 409, an invoice lacking
 * what EN 16931 needs is 422 einvoice_incomplete naming each business term.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { pdfAttachment } from '../../src/adapters/http/document-response';
import { invoicePdf } from '../../src/composition/invoice-pdf';
import { invoices, logos } from '../../src/composition/ports';
import { facturXOf } from '../../src/usecases/invoice-documents';

export const handler = httpRoute({
  route: 'invoices-facturx',
  responses: {
    200: { description: 'The finalized invoice as Factur-X 1.0 (EN 16931): a PDF/A-3 with its CII XML embedded as factur-x.xml', mediaType: 'application/pdf' },
  },
  errors: ['invoice_not_finalized', 'einvoice_incomplete'],
  run: async ({ accountId, pathParameters: { id } }) => pdfAttachment(await facturXOf({ invoices, logos, renderer: invoicePdf }, accountId, id)),
});
