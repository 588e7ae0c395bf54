/** Primary adapter: POST /v1/customers -> 201 with the new customer (tax IDs checked and flagged, never refused). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers } from '../../src/composition/ports';
import { createCustomerSchema, customerSchema } from '../../src/domain/customers/customer';
import { createCustomer } from '../../src/usecases/customers';

export const handler = httpRoute({
  route: 'customers-create',
  body: createCustomerSchema,
  responses: { 201: { description: 'The new customer', schema: customerSchema } },
  errors: ['customer_exists'],
  run: async ({ accountId, body }) => ({ status: 201, body: await createCustomer({ customers }, accountId, body) }),
});
