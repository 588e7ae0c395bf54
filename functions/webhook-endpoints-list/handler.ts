/** Primary adapter: GET /v1/webhook_endpoints?limit&starting_after -> {data, has_more}, oldest first (no secrets). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { webhookEndpoints } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { pageSchema } from '../../src/domain/records/record';
import { webhookEndpointSchema } from '../../src/domain/webhooks/endpoint';
import { listWebhookEndpoints } from '../../src/usecases/webhook-endpoints';

export const handler = httpRoute({
  route: 'webhook-endpoints-list',
  query: listQuerySchema,
  responses: { 200: { description: 'A page of webhook endpoints, oldest first', schema: pageSchema(webhookEndpointSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listWebhookEndpoints({ webhookEndpoints }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
