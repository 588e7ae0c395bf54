/** Primary adapter: GET /v1/events/{id}. Another account's event is a 404 like a missing (or expired) one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { events } from '../../src/composition/ports';
import { eventSchema } from '../../src/domain/events/event';
import { getEvent } from '../../src/usecases/events';

export const handler = httpRoute({
  route: 'events-get',
  responses: { 200: { description: 'The event', schema: eventSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getEvent({ events }, accountId, id) }),
});
