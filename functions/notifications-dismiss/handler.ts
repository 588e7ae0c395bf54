/** Primary adapter: POST /v1/notifications/{id}/dismiss -> 200 the dismissed notification (again: the same record). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { notifications } from '../../src/composition/ports';
import { notificationSchema } from '../../src/domain/notifications/notification';
import { dismissNotification } from '../../src/usecases/notifications';

export const handler = httpRoute({
  route: 'notifications-dismiss',
  responses: { 200: { description: 'The notification, dismissed (a second dismissal answers it unchanged)', schema: notificationSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await dismissNotification({ notifications }, accountId, id) }),
});
