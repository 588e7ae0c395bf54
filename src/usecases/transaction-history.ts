/** Use case: reading recorded sales back (GET /v1/transactions, GET /v1/transactions/{id}). */
import { found } from '../domain/errors';
import type { Page } from '../domain/records/record';
import { transactionWithRefunds } from '../domain/transactions/refund';
import type { Transaction } from '../domain/transactions/sale';
import type { SaleListRequest } from '../ports/ledger';
import type { Ports } from '../ports/ports';

type Deps = Pick<Ports, 'sales' | 'refunds'>;

/** The sale, its refunds, and per line what was refunded and what is left. Another account's id is a 404. */
export async function getTransaction(deps: Deps, accountId: string, id: string) {
  const [stored, refunds] = await Promise.all([deps.sales.get(accountId, id), deps.refunds.listFor(accountId, id)]);
  const { transaction, refunded } = found(stored, 'transaction', id);
  return transactionWithRefunds(transaction, refunds, refunded);
}

/** In id order, or with from/to only the sales in range, by date then id. Unknown starting_after: 400. */
export const listTransactions = (deps: Deps, accountId: string, request: SaleListRequest): Promise<Page<Transaction>> => deps.sales.list(accountId, request);
