/**
 * Port (implemented by src/adapters/dynamodb/product-store.ts): the account's products. Every method names the
 * account, so another account's id is simply not found.
 */
import type { Product } from '../domain/products/product';
import type { Page, PageRequest } from '../domain/records/record';
import type { Creation } from './records';

export interface ProductStore {
  /**
   * Stores a new product with the fingerprint of the request that creates it; `exists` when the account has one with
   * its id from another request, `replayed` (the stored one) when from this same create.
   */
  create(accountId: string, product: Product, fingerprint: string): Promise<Creation<Product>>;
  get(accountId: string, id: string): Promise<Product | undefined>;
  /** In id order (Levy's `prod_` ids sort by creation time). */
  list(accountId: string, page: PageRequest): Promise<Page<Product>>;
  /**
   * Writes the product's new state only if the stored one still has `seenUpdatedAt`: true when written, false when
   * it was changed (or removed) meanwhile, and nothing is written.
   */
  replaceIfUnchanged(accountId: string, product: Product, seenUpdatedAt: string): Promise<boolean>;
}
