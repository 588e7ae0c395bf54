/**
 * Primary adapter: GET /v1/credit_notes/{id}/cii?profile= -> the credit note as an EN 16931 e-invoice (CII with type code 381),
 * referring to the invoice it corrects (BT-25); profile en16931 or xrechnung (default en16931). Another account's is 404.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { xmlAttachment } from '../../src/adapters/http/document-response';
import { invoices } from '../../src/composition/ports';
import { einvoiceQuerySchema } from '../../src/domain/einvoice/profiles';
import { creditNoteXmlOf } from '../../src/usecases/invoice-documents';

export const handler = httpRoute({
  route: 'credit-notes-cii',
  query: einvoiceQuerySchema('cii'),
  responses: { 200: { description: 'The credit note as an EN 16931 CII e-invoice (CII with type code 381)', mediaType: 'application/xml' } },
  errors: ['einvoice_incomplete'],
  run: async ({ accountId, pathParameters: { id }, query }) => xmlAttachment(await creditNoteXmlOf({ invoices }, accountId, id, 'cii', query.profile), 'cii'),
});
