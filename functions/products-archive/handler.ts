/** Primary adapter: DELETE /v1/products/{id} archives -> 200 with the product, `active: false` (still readable). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { products } from '../../src/composition/ports';
import { productSchema } from '../../src/domain/products/product';
import { archiveProduct } from '../../src/usecases/products';

export const handler = httpRoute({
  route: 'products-archive',
  responses: { 200: { description: 'The archived product (`active: false`)', schema: productSchema } },
  errors: ['product_changed_concurrently'],
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await archiveProduct({ products }, accountId, id) }),
});
