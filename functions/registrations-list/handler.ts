/** Primary adapter: GET /v1/registrations?status&country&limit&starting_after -> {data, has_more}, in creation order. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { registrations } from '../../src/composition/ports';
import { pageSchema } from '../../src/domain/records/record';
import { registrationSchema } from '../../src/domain/registrations/registration';
import { listRegistrationsQuerySchema } from '../../src/domain/registrations/registration-requests';
import { listRegistrations } from '../../src/usecases/registrations';

export const handler = httpRoute({
  route: 'registrations-list',
  query: listRegistrationsQuerySchema,
  responses: {
    200: { description: 'A page of registrations in creation order, filtered by status (today) and country', schema: pageSchema(registrationSchema) },
  },
  run: async ({ accountId, query }) => ({ status: 200, body: await listRegistrations({ registrations }, accountId, query) }),
});
