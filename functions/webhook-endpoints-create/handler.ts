/** Primary adapter: POST /v1/webhook_endpoints -> 201 with the endpoint and its signing secret (answered only now). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { hostResolver, webhookEndpoints } from '../../src/composition/ports';
import { webhooksAllowLoopback } from '../../src/config/webhooks';
import { createWebhookEndpointSchema, webhookEndpointWithSecretSchema } from '../../src/domain/webhooks/endpoint';
import { createWebhookEndpoint } from '../../src/usecases/webhook-endpoints';

export const handler = httpRoute({
  route: 'webhook-endpoints-create',
  body: createWebhookEndpointSchema,
  responses: { 201: { description: 'The new endpoint with its secret (shown once)', schema: webhookEndpointWithSecretSchema } },
  errors: ['webhook_endpoint_limit'],
  run: async ({ accountId, body }) => ({
    status: 201,
    body: await createWebhookEndpoint({ webhookEndpoints, hostResolver, allowLoopback: webhooksAllowLoopback() }, accountId, body),
  }),
});
