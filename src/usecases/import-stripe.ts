/**
 * Use case: POST /v1/transactions/import. A paid Stripe Checkout Session or Invoice (src/domain/checkouts/stripe-import.ts)
 * recorded through the one sale path (./sales/record-sale), under the Stripe object's id: a second import of the same
 * object answers the same transaction (created: false).
 */
import { stripeTransaction, type StripeImportQuery } from '../domain/checkouts/stripe-import';
import { recordTransaction, type RecordedTransaction, type RecordTransactionDeps } from './sales/record-sale';

export function importStripePayment(deps: RecordTransactionDeps, accountId: string, payload: unknown, sold: StripeImportQuery): Promise<RecordedTransaction> {
  return recordTransaction(deps, accountId, stripeTransaction(payload, sold));
}
