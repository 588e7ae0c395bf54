/** Primary adapter: GET /v1/products/{id}, archived or not. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { products } from '../../src/composition/ports';
import { productSchema } from '../../src/domain/products/product';
import { getProduct } from '../../src/usecases/products';

export const handler = httpRoute({
  route: 'products-get',
  responses: { 200: { description: 'The product', schema: productSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getProduct({ products }, accountId, id) }),
});
