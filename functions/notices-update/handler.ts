/** Primary adapter: PATCH /v1/notices/{id} -> 200 with the whole notice (and a notice.updated event). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { notices } from '../../src/composition/ports';
import { noticeSchema, updateNoticeSchema } from '../../src/domain/notices/notice';
import { updateNotice } from '../../src/usecases/notices';

export const handler = httpRoute({
  route: 'notices-update',
  body: updateNoticeSchema,
  responses: { 200: { description: 'The whole updated notice', schema: noticeSchema } },
  errors: ['notice_changed_concurrently'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await updateNotice({ notices }, accountId, id, body) }),
});
