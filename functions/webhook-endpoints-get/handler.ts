/** Primary adapter: GET /v1/webhook_endpoints/{id} (never the secret). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { webhookEndpoints } from '../../src/composition/ports';
import { webhookEndpointSchema } from '../../src/domain/webhooks/endpoint';
import { getWebhookEndpoint } from '../../src/usecases/webhook-endpoints';

export const handler = httpRoute({
  route: 'webhook-endpoints-get',
  responses: { 200: { description: 'The webhook endpoint', schema: webhookEndpointSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getWebhookEndpoint({ webhookEndpoints }, accountId, id) }),
});
