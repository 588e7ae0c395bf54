/** Primary adapter: GET /v1/webhook_endpoints/{id}/deliveries?limit&starting_after -> the endpoint's attempts, newest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { deliveries, webhookEndpoints } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { pageSchema } from '../../src/domain/records/record';
import { webhookDeliverySchema } from '../../src/domain/webhooks/endpoint';
import { listDeliveries } from '../../src/usecases/webhook-endpoints';

export const handler = httpRoute({
  route: 'webhook-endpoints-deliveries',
  query: listQuerySchema,
  responses: { 200: { description: 'A page of delivery attempts, newest first', schema: pageSchema(webhookDeliverySchema) } },
  run: async ({ accountId, query, pathParameters: { id } }) => ({
    status: 200,
    body: await listDeliveries({ webhookEndpoints, deliveries }, accountId, id, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
