/** Primary adapter: POST /v1/webhook_endpoints/{id}/rotate_secret -> 200 with the new secret; the old one signs too for 24 h. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { webhookEndpoints } from '../../src/composition/ports';
import { webhookEndpointWithSecretSchema } from '../../src/domain/webhooks/endpoint';
import { rotateWebhookSecret } from '../../src/usecases/webhook-endpoints';

export const handler = httpRoute({
  route: 'webhook-endpoints-rotate',
  responses: { 200: { description: 'The endpoint with its new secret (shown once)', schema: webhookEndpointWithSecretSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await rotateWebhookSecret({ webhookEndpoints }, accountId, id) }),
});
