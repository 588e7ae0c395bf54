/** Primary adapter: POST /v1/notices -> 201 with the new notice (and its notice.created event). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { notices } from '../../src/composition/ports';
import { createNoticeSchema, noticeSchema } from '../../src/domain/notices/notice';
import { createNotice } from '../../src/usecases/notices';

export const handler = httpRoute({
  route: 'notices-create',
  body: createNoticeSchema,
  responses: { 201: { description: 'The new notice', schema: noticeSchema } },
  run: async ({ accountId, body }) => ({ status: 201, body: await createNotice({ notices }, accountId, body) }),
});
