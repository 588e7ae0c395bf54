/** Primary adapter: GET /v1/registrations/{id} -> 200 with the registration and its status today. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { registrations } from '../../src/composition/ports';
import { registrationSchema } from '../../src/domain/registrations/registration';
import { getRegistration } from '../../src/usecases/registrations';

export const handler = httpRoute({
  route: 'registrations-get',
  responses: { 200: { description: 'The registration', schema: registrationSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getRegistration({ registrations }, accountId, id) }),
});
