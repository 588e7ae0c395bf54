/**
 * Primary adapter: GET /v1/invoices/{id}/ubl?profile= -> the finalized invoice as an EN 16931 e-invoice in UBL
 * (en16931, xrechnung or peppol; default en16931), application/xml. A draft is 409; data a profile needs missing is 422 einvoice_incomplete.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { xmlAttachment } from '../../src/adapters/http/document-response';
import { invoices } from '../../src/composition/ports';
import { einvoiceQuerySchema } from '../../src/domain/einvoice/profiles';
import { invoiceXmlOf } from '../../src/usecases/invoice-documents';

export const handler = httpRoute({
  route: 'invoices-ubl',
  query: einvoiceQuerySchema('ubl'),
  responses: { 200: { description: 'The invoice as an EN 16931 UBL e-invoice in the profile asked for', mediaType: 'application/xml' } },
  errors: ['invoice_not_finalized', 'einvoice_incomplete'],
  run: async ({ accountId, pathParameters: { id }, query }) => xmlAttachment(await invoiceXmlOf({ invoices }, accountId, id, 'ubl', query.profile), 'ubl'),
});
