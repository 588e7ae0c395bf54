/** Primary adapter: PATCH /v1/registrations/{id} -> 200; only expires_at and registration_number change. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { registrations } from '../../src/composition/ports';
import { registrationSchema } from '../../src/domain/registrations/registration';
import { updateRegistrationSchema } from '../../src/domain/registrations/registration-requests';
import { updateRegistration } from '../../src/usecases/registrations';

export const handler = httpRoute({
  route: 'registrations-update',
  body: updateRegistrationSchema,
  responses: { 200: { description: 'The whole updated registration', schema: registrationSchema } },
  errors: ['registration_overlaps', 'registration_changed_concurrently'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await updateRegistration({ registrations }, accountId, id, body) }),
});
