/** Primary adapter: GET /v1/notices/{id} -> the notice with its documents' facts. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { notices } from '../../src/composition/ports';
import { noticeSchema } from '../../src/domain/notices/notice';
import { getNotice } from '../../src/usecases/notices';

export const handler = httpRoute({
  route: 'notices-get',
  responses: { 200: { description: 'The notice', schema: noticeSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getNotice({ notices }, accountId, id) }),
});
