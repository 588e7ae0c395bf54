/** Primary adapter: GET /v1/credit_notes/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { invoices } from '../../src/composition/ports';
import { creditNoteSchema } from '../../src/domain/invoices/credit-note';
import { getCreditNote } from '../../src/usecases/invoice-documents';

export const handler = httpRoute({
  route: 'credit-notes-get',
  responses: { 200: { description: 'The credit note, referring to the invoice it corrects', schema: creditNoteSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getCreditNote({ invoices }, accountId, id) }),
});
