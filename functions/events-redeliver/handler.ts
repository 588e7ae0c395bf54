/** Primary adapter: POST /v1/events/{id}/redeliver -> 202: the event is queued again for its subscribed endpoints. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { deliveryQueue, events, webhookEndpoints } from '../../src/composition/ports';
import { redeliverySchema } from '../../src/domain/events/event';
import { redeliverEvent } from '../../src/usecases/events';

export const handler = httpRoute({
  route: 'events-redeliver',
  responses: { 202: { description: 'Queued for every enabled endpoint subscribed to its type', schema: redeliverySchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({
    status: 202,
    body: await redeliverEvent({ events, webhookEndpoints, deliveryQueue }, accountId, id),
  }),
});
