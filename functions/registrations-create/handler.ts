/** Primary adapter: POST /v1/registrations -> 201 with the new registration; an overlapping one is a 409; Idempotency-Key honoured. */
import { idempotentRoute } from '../../src/adapters/http/billable-route';
import { keyedRouteDeps } from '../../src/composition/keyed-routes';
import { entities, registrations } from '../../src/composition/ports';
import { registrationSchema } from '../../src/domain/registrations/registration';
import { createRegistrationSchema } from '../../src/domain/registrations/registration-requests';
import { createRegistration } from '../../src/usecases/registrations';

export const handler = idempotentRoute(keyedRouteDeps, {
  route: 'registrations-create',
  body: createRegistrationSchema,
  responses: { 201: { description: 'The new registration, its status derived from its dates', schema: registrationSchema } },
  errors: ['registration_overlaps', 'registration_changed_concurrently'],
  run: async ({ accountId, body }) => ({ status: 201, body: await createRegistration({ registrations, entities }, accountId, body) }),
});
