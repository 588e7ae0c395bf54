/** Primary adapter: GET /v1/tax_calendar?from&to&status -> {from, to, data}: the filing obligations due in the range, by due date. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { filedReturns, registrations } from '../../src/composition/ports';
import { taxCalendarQuerySchema, taxCalendarSchema } from '../../src/domain/filing/calendar-feed';
import { taxCalendar } from '../../src/usecases/tax-calendar';

export const handler = httpRoute({
  route: 'tax-calendar-list',
  query: taxCalendarQuerySchema,
  responses: {
    200: {
      description: "The obligations due within [from, to] (default: 90 days ago to a year ahead), computed from the registrations' filing schedules",
      schema: taxCalendarSchema,
    },
  },
  errors: ['response_too_large'],
  askForLess: 'ask for a shorter range (`from`, `to`) or one `status`',
  run: async ({ accountId, query }) => ({ status: 200, body: await taxCalendar({ registrations, filedReturns }, accountId, query) }),
});
