/** Primary adapter: GET /v1/events?type&limit&starting_after -> {data, has_more}, newest first (30 days kept). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { events } from '../../src/composition/ports';
import { eventSchema, listEventsQuerySchema } from '../../src/domain/events/event';
import { pageSchema } from '../../src/domain/records/record';
import { listEvents } from '../../src/usecases/events';

export const handler = httpRoute({
  route: 'events-list',
  query: listEventsQuerySchema,
  responses: { 200: { description: 'A page of events, newest first, optionally of one type', schema: pageSchema(eventSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listEvents({ events }, accountId, { limit: query.limit, startingAfter: query.starting_after, type: query.type }),
  }),
});
