/** Primary adapter: GET /v1/tax_calendar.ics?token -> the account's obligations as iCalendar (no API key: the token in the URL is the credential). */
import { icalFeed } from '../../src/adapters/http/ical-feed';
import { urlTokenRoute } from '../../src/adapters/http/url-token-route';
import { calendarFeedTokens, filedReturns, registrations } from '../../src/composition/ports';
import { feedTokenQuerySchema } from '../../src/domain/filing/calendar-feed';
import { feedObligations } from '../../src/usecases/tax-calendar';

export const handler = urlTokenRoute({
  route: 'tax-calendar-ics',
  query: feedTokenQuerySchema,
  responses: {
    200: {
      description:
        'An iCalendar (RFC 5545) document: one all-day event per obligation on its due date, a year back to two years ahead (the 1,000 due nearest today when there are more)',
      mediaType: 'text/calendar',
    },
  },
  errors: ['not_found'],
  run: async ({ query }) => {
    const { obligations } = await feedObligations({ registrations, filedReturns, feedTokens: calendarFeedTokens }, query.token);
    return { status: 200, text: icalFeed(obligations), headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, max-age=900' } };
  },
});
