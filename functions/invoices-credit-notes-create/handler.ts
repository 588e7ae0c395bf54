/** Primary adapter: POST /v1/invoices/{id}/credit_notes -> 201 with the numbered credit note; its refund is recorded. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, invoices, refunds, sales } from '../../src/composition/ports';
import { createCreditNoteSchema, creditNoteSchema } from '../../src/domain/invoices/credit-note';
import { issueCreditNote } from '../../src/usecases/invoices';

export const handler = httpRoute({
  route: 'invoices-credit-notes-create',
  body: createCreditNoteSchema,
  responses: {
    201: { description: 'The credit note, numbered in its series, with the refund it recorded', schema: creditNoteSchema },
    200: { description: 'A credit note with this `id` was issued already: the same credit note', schema: creditNoteSchema },
  },
  errors: ['not_found', 'invoice_not_finalized', 'invoice_changed_concurrently', 'refund_in_progress', 'too_many_refunds', 'transaction_exists'],
  run: async ({ accountId, body, pathParameters: { id } }) => {
    const { created, note } = await issueCreditNote({ invoices, sales, refunds, entities }, accountId, id, body);
    return { status: created ? 201 : 200, body: note };
  },
});
