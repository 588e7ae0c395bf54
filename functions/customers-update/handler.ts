/** Primary adapter: PATCH /v1/customers/{id} -> 200 with the whole customer; address and tax_ids are replaced whole. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers } from '../../src/composition/ports';
import { customerSchema, updateCustomerSchema } from '../../src/domain/customers/customer';
import { updateCustomer } from '../../src/usecases/customers';

export const handler = httpRoute({
  route: 'customers-update',
  body: updateCustomerSchema,
  responses: { 200: { description: 'The whole updated customer', schema: customerSchema } },
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await updateCustomer({ customers }, accountId, id, body) }),
});
