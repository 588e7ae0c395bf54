/** Primary adapter: PATCH /v1/webhook_endpoints/{id} -> 200 with the whole endpoint; a new url is checked like a new endpoint's. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { hostResolver, webhookEndpoints } from '../../src/composition/ports';
import { webhooksAllowLoopback } from '../../src/config/webhooks';
import { updateWebhookEndpointSchema, webhookEndpointSchema } from '../../src/domain/webhooks/endpoint';
import { updateWebhookEndpoint } from '../../src/usecases/webhook-endpoints';

export const handler = httpRoute({
  route: 'webhook-endpoints-update',
  body: updateWebhookEndpointSchema,
  responses: { 200: { description: 'The whole updated endpoint', schema: webhookEndpointSchema } },
  run: async ({ accountId, body, pathParameters: { id } }) => ({
    status: 200,
    body: await updateWebhookEndpoint({ webhookEndpoints, hostResolver, allowLoopback: webhooksAllowLoopback() }, accountId, id, body),
  }),
});
