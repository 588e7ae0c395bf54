/** Primary adapter: PATCH /v1/products/{id} -> 200 with the whole product; a new tax_code joins its dated history. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { products } from '../../src/composition/ports';
import { productSchema } from '../../src/domain/products/product';
import { updateProductSchema } from '../../src/domain/products/product-requests';
import { updateProduct } from '../../src/usecases/products';

export const handler = httpRoute({
  route: 'products-update',
  body: updateProductSchema,
  responses: { 200: { description: 'The whole updated product', schema: productSchema } },
  errors: ['product_changed_concurrently'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await updateProduct({ products }, accountId, id, body) }),
});
