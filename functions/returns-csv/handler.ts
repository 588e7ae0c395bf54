/** Primary adapter: GET /v1/returns/{id}/csv -> the return as CSV (EU schemes: the OSS return's rows). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returns } from '../../src/composition/ports';
import { returnCsv } from '../../src/domain/returns/csv';
import { getReturn } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-csv',
  responses: { 200: { description: "The return as CSV (RFC 4180, CRLF); decimal amounts in the return's currency", mediaType: 'text/csv' } },
  run: async ({ accountId, pathParameters: { id } }) => {
    const taxReturn = await getReturn({ returns }, accountId, id);
    return {
      status: 200,
      text: returnCsv(taxReturn),
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${taxReturn.id}.csv"` },
    };
  },
});
