/**
 * Port (implemented by src/adapters/dynamodb/checkout-store.ts): checkouts and payment links. A checkout is
 * completed once: a claim names the transaction every completion records, and the completion lands with its
 * `checkout.completed` event (the outbox).
 */
import type { Checkout, CompletionClaim } from '../domain/checkouts/checkout';
import type { PaymentLink } from '../domain/checkouts/payment-link';
import type { RecordStore } from './records';

export interface CheckoutStore {
  /** Stores a new checkout with its TTL. */
  create(accountId: string, checkout: Checkout): Promise<Checkout>;
  get(accountId: string, id: string): Promise<Checkout | undefined>;
  /** Replaces an unclaimed checkout still at `expectedVersion`; false (nothing written) when another write came first. */
  replace(accountId: string, checkout: Checkout, expectedVersion: number): Promise<boolean>;
  /** Claims the completion for `claim` unless another claim holds it: the claim that holds it afterwards. */
  claim(accountId: string, id: string, claim: CompletionClaim): Promise<CompletionClaim>;
  /** Drops the claim of `transactionId` from a checkout not completed (its transaction could not be recorded). */
  release(accountId: string, id: string, transactionId: string): Promise<void>;
  /**
   * Marks the claimed checkout complete (and keeps it: its TTL is removed) with its `checkout.completed` event, in one
   * write (the event reports `reported`, the completed checkout as answered); false when it was already complete or
   * is claimed by another transaction (nothing written).
   */
  complete(accountId: string, id: string, transactionId: string, completedAt: Date, reported: object): Promise<boolean>;
}

export type PaymentLinkStore = Pick<RecordStore<PaymentLink>, 'create' | 'get' | 'list'>;
