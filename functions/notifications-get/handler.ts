/** Primary adapter: GET /v1/notifications/{id}. Another account's notification is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { notifications } from '../../src/composition/ports';
import { notificationSchema } from '../../src/domain/notifications/notification';
import { getNotification } from '../../src/usecases/notifications';

export const handler = httpRoute({
  route: 'notifications-get',
  responses: { 200: { description: 'The notification', schema: notificationSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getNotification({ notifications }, accountId, id) }),
});
