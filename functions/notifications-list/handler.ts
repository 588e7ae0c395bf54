/** Primary adapter: GET /v1/notifications?status&limit&starting_after -> {data, has_more}, newest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { notifications } from '../../src/composition/ports';
import { listNotificationsQuerySchema, notificationSchema } from '../../src/domain/notifications/notification';
import { pageSchema } from '../../src/domain/records/record';
import { listNotifications } from '../../src/usecases/notifications';

export const handler = httpRoute({
  route: 'notifications-list',
  query: listNotificationsQuerySchema,
  responses: {
    200: { description: 'A page of notifications, newest first, optionally only open or only dismissed ones', schema: pageSchema(notificationSchema) },
  },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listNotifications({ notifications }, accountId, { limit: query.limit, startingAfter: query.starting_after, status: query.status }),
  }),
});
