/** Use case: the products of an account (decisions in docs/products.md). */
import { ConflictError, found, NotFoundError } from '../domain/errors';
import { creationFingerprint } from '../domain/fingerprint';
import { newProduct, updatedProduct, type Product } from '../domain/products/product';
import type { CreateProductRequest, UpdateProductRequest } from '../domain/products/product-requests';
import type { Page, PageRequest } from '../domain/records/record';
import type { Ports } from '../ports/ports';

type Deps = Pick<Ports, 'products'>;

/** A PATCH that loses the race to a concurrent change reads again and retries this many times before a 409. */
const UPDATE_ATTEMPTS = 3;

/**
 * The caller's own id, taken by another create, is a 409; the same create again (the same body, say a retry whose
 * first answer was lost) answers the stored product, as the first would have (docs/products.md).
 */
export async function createProduct(deps: Deps, accountId: string, request: CreateProductRequest, now = new Date()): Promise<Product> {
  const product = newProduct(request, now);
  const created = await deps.products.create(accountId, product, creationFingerprint('product', request));
  if (created.outcome === 'exists') {
    throw new ConflictError('product_exists', `A product with id '${product.id}' already exists; choose another id, or PATCH /v1/products/${product.id}.`);
  }
  return created.record;
}

export const listProducts = (deps: Deps, accountId: string, page: PageRequest): Promise<Page<Product>> => deps.products.list(accountId, page);

/** Another account's id is a 404 like a missing one; an archived product is still read. */
export const getProduct = async (deps: Deps, accountId: string, id: string): Promise<Product> => found(await deps.products.get(accountId, id), 'product', id);

/** null clears sku or description; a new tax_code is added to the history (docs/products.md). */
export async function updateProduct(
  deps: Deps,
  accountId: string,
  id: string,
  patch: UpdateProductRequest,
  clock: () => Date = () => new Date(),
): Promise<Product> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const current = await deps.products.get(accountId, id);
    if (!current) throw new NotFoundError('product', id);
    const updated = updatedProduct(current, patch, clock());
    if (await deps.products.replaceIfUnchanged(accountId, updated, current.updated_at)) return updated;
  }
  throw new ConflictError('product_changed_concurrently', `Product '${id}' was changed by another request during this one; retry.`);
}

/** DELETE archives: `active: false`, still readable, its tax-code history still applies to the sales that name it. */
export const archiveProduct = (deps: Deps, accountId: string, id: string, clock?: () => Date): Promise<Product> =>
  updateProduct(deps, accountId, id, { active: false }, clock);
