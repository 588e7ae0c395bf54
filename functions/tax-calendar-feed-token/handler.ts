/** Primary adapter: POST /v1/tax_calendar/feed_token -> 201 with a new feed token (shown once); the previous token stops working. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { calendarFeedTokens } from '../../src/composition/ports';
import { feedTokenSchema } from '../../src/domain/filing/calendar-feed';
import { createFeedToken } from '../../src/usecases/tax-calendar';

export const handler = httpRoute({
  route: 'tax-calendar-feed-token',
  responses: { 201: { description: 'The new token and the feed path that carries it; only its hash is kept', schema: feedTokenSchema } },
  run: async ({ accountId }) => ({ status: 201, body: await createFeedToken({ feedTokens: calendarFeedTokens }, accountId) }),
});
