/** Primary adapter: DELETE /v1/webhook_endpoints/{id} -> 204; queued deliveries to it are dropped. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { webhookEndpoints } from '../../src/composition/ports';
import { deleteWebhookEndpoint } from '../../src/usecases/webhook-endpoints';

export const handler = httpRoute({
  route: 'webhook-endpoints-delete',
  responses: { 204: { description: 'Deleted; no body' } },
  run: async ({ accountId, pathParameters: { id } }) => {
    await deleteWebhookEndpoint({ webhookEndpoints }, accountId, id);
    return { status: 204 };
  },
});
