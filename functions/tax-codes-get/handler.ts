/** Primary adapter: GET /v1/tax_codes/{id}; an unknown code is a 404. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { taxCodeSchema } from '../../src/domain/tax/tax-codes';
import { getTaxCode } from '../../src/usecases/tax-codes';

export const handler = httpRoute({
  route: 'tax-codes-get',
  responses: { 200: { description: 'The tax code', schema: taxCodeSchema } },
  run: async ({ pathParameters: { id } }) => ({ status: 200, body: getTaxCode(id) }),
});
