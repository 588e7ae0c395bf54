/** Primary adapter: GET /v1/customers/{id}/exemptions?status&within_days&date -> {data, has_more: false}, oldest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers, exemptions } from '../../src/composition/ports';
import { exemptionSchema, listExemptionsQuerySchema } from '../../src/domain/exemptions/certificate';
import { pageSchema } from '../../src/domain/records/record';
import { listExemptions } from '../../src/usecases/exemptions';

export const handler = httpRoute({
  route: 'exemptions-list',
  query: listExemptionsQuerySchema,
  responses: {
    200: {
      description: "The customer's certificates (all of them: at most 98), oldest first, with their status on `date`",
      schema: pageSchema(exemptionSchema),
    },
  },
  run: async ({ accountId, query, pathParameters: { id } }) => ({ status: 200, body: await listExemptions({ customers, exemptions }, accountId, id, query) }),
});
