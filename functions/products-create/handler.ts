/** Primary adapter: POST /v1/products -> 201 with the new product; a taken own id is a 409. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { products } from '../../src/composition/ports';
import { productSchema } from '../../src/domain/products/product';
import { createProductSchema } from '../../src/domain/products/product-requests';
import { createProduct } from '../../src/usecases/products';

export const handler = httpRoute({
  route: 'products-create',
  body: createProductSchema,
  responses: { 201: { description: 'The new product', schema: productSchema } },
  errors: ['product_exists'],
  run: async ({ accountId, body }) => ({ status: 201, body: await createProduct({ products }, accountId, body) }),
});
