/** Primary adapter: GET /v1/tax_codes -> {data, has_more: false}, the whole catalogue (not billable, like Stripe's). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { pageSchema } from '../../src/domain/records/record';
import { taxCodeSchema } from '../../src/domain/tax/tax-codes';
import { listTaxCodes } from '../../src/usecases/tax-codes';

export const handler = httpRoute({
  route: 'tax-codes-list',
  responses: { 200: { description: 'Every Levy tax code, in catalogue order, in one page', schema: pageSchema(taxCodeSchema) } },
  run: async () => ({ status: 200, body: listTaxCodes() }),
});
