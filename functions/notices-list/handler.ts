/** Primary adapter: GET /v1/notices?status&limit&starting_after -> {data, has_more}, oldest first. */
import * as z from 'zod';
import { httpRoute } from '../../src/adapters/http/pipeline';
import { notices } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { noticeSchema, noticeStatuses } from '../../src/domain/notices/notice';
import { pageSchema } from '../../src/domain/records/record';
import { requiredOr } from '../../src/domain/validation';
import { listNotices } from '../../src/usecases/notices';

const listNoticesQuerySchema = listQuerySchema.extend({
  status: z.enum(noticeStatuses, { error: requiredOr(`must be one of: ${noticeStatuses.join(', ')}`) }).optional(),
});

export const handler = httpRoute({
  route: 'notices-list',
  query: listNoticesQuerySchema,
  responses: { 200: { description: 'A page of notices in id order (creation order), of `status` when given', schema: pageSchema(noticeSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listNotices({ notices }, accountId, { limit: query.limit, startingAfter: query.starting_after }, query.status),
  }),
});
