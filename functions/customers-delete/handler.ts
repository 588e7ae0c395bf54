/** Primary adapter: DELETE /v1/customers/{id} -> 204; 409 while a recorded transaction names the customer. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers, documents, exemptions } from '../../src/composition/ports';
import { deleteCustomer } from '../../src/usecases/customers';

export const handler = httpRoute({
  route: 'customers-delete',
  responses: { 204: { description: 'Deleted, with its exemption certificates and their documents; no body' } },
  errors: ['customer_has_transactions'],
  run: async ({ accountId, pathParameters: { id } }) => {
    await deleteCustomer({ customers, exemptions, documents }, accountId, id);
    return { status: 204 };
  },
});
