/** Primary adapter: GET /v1/products?limit&starting_after -> {data, has_more}, in id order, archived ones included. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { products } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { productSchema } from '../../src/domain/products/product';
import { pageSchema } from '../../src/domain/records/record';
import { listProducts } from '../../src/usecases/products';

export const handler = httpRoute({
  route: 'products-list',
  query: listQuerySchema,
  responses: { 200: { description: "A page of products in id order (Levy's ids sort by creation time)", schema: pageSchema(productSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listProducts({ products }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
