/**
 * Port (implemented by src/adapters/dynamodb/product-store.ts): the account's products. Every method names the
 * account, so another account's id is simply not found.
 */
import type { Product } from '../domain/products/product';
import type { Page, PageRequest } from '../domain/records/record';

export interface ProductStore {
  /** Stores a new product; false when the account already has one with its id (nothing is written). */
  create(accountId: string, product: Product): Promise<boolean>;
  get(accountId: string, id: string): Promise<Product | undefined>;
  /** In id order (Levy's `prod_` ids sort by creation time). */
  list(accountId: string, page: PageRequest): Promise<Page<Product>>;
  /**
   * Writes the product's new state only if the stored one still has `seenUpdatedAt`: true when written, false when
   * it was changed (or removed) meanwhile, and nothing is written.
   */
  replaceIfUnchanged(accountId: string, product: Product, seenUpdatedAt: string): Promise<boolean>;
}
