/**
 * Use case: POST /v1/tax/unify. Decides the cart as a sale (./quote-sale quoteSale: who the customer is taxed as, tax
 * ID checked offline; a stored customer's type, address, tax IDs and certificates where the request names one; every
 * line rated with the same engine as /v1/tax/rate, by category, product or tax code, and taxed), answers its figures,
 * and with `commit: true` records that same decided sale as a transaction (./record-sale recordDecidedSale), so it
 * feeds the exposure report without asking the engine again.
 */
import type { UnifyRequest } from '../../domain/cart/unify-request';
import type { UnifyResult } from '../../domain/cart/unify-response';
import { subjectOf } from '../../domain/sales/line-subject';
import { taxabilityFields } from '../../domain/sales/line-taxability';
import { todayUtc } from '../../domain/tax/rate-engine';
import type { TransactionRequest } from '../../domain/transactions/schema';
import { quoteSale, type DecidedSale, type QuoteDeps, type QuoteOptions } from './quote-sale';
import { recordDecidedSale, type RecordTransactionDeps } from './record-sale';

export type UnifyDeps = RecordTransactionDeps;

/** A cart quoted, not committed: the answer, and the decided sale it was computed from. */
export interface QuotedCart {
  response: UnifyResult;
  decided: DecidedSale;
}

/**
 * The cart's answer without committing it, with the decided sale (checkouts read its notes and the customer
 * treatment to derive what a final answer still needs: src/usecases/checkouts.ts; invoices record it as quoted).
 */
export async function quoteCart(
  deps: QuoteDeps,
  accountId: string,
  request: UnifyRequest,
  today = todayUtc(),
  options: Pick<QuoteOptions, 'unplacedUsLocation'> = {},
): Promise<QuotedCart> {
  const date = request.date ?? today;
  const decided = await quoteSale(
    deps,
    accountId,
    {
      customer_id: request.customer_id,
      customer_type: request.customer.type,
      customer_tax_id: request.customer.tax_id,
      exempt: request.customer.exempt,
      government_level: request.customer.government_level,
      location: request.location,
      date,
      entity_id: request.entity_id,
      collection: 'apply',
      line_items: request.line_items,
    },
    { today, governmentLevelPath: 'customer.government_level', ...options },
  );
  const { rated, totals } = decided;
  const results = rated.map((line) => line.rate.result);
  const line_items = totals.line_items.map((line, index) => {
    const { taxability } = rated[index]!;
    return { ...line, ...taxabilityFields(taxability) };
  });
  const response = {
    currency: request.currency,
    date,
    customer: decided.customer,
    ...(decided.parties.customer_id !== undefined ? { customer_id: decided.parties.customer_id } : {}),
    jurisdiction: decided.jurisdiction,
    reverse_charge_applicable: results.some((r) => r.reverse_charge_applicable),
    exempt: results.every((r) => r.exempt),
    ...totals,
    line_items,
  };
  return { response, decided };
}

/** The answer is the OpenAPI document's `UnifyResult` (src/domain/cart/unify-response.ts). */
export async function unifyCart(deps: UnifyDeps, accountId: string, request: UnifyRequest, today = todayUtc()): Promise<UnifyResult> {
  const quoted = await quoteCart(deps, accountId, request, today);
  return request.commit ? commitQuotedCart(deps, accountId, request, quoted) : quoted.response;
}

/**
 * The cart as the transaction it records: each line as the cart named it, at its net amount with the tax unify
 * computed, so a retried commit (or a POST /v1/transactions of the same content) compares like a retried sale.
 */
function recordedCart(request: UnifyRequest, { response, decided }: QuotedCart): TransactionRequest {
  return {
    id: request.transaction_id!,
    date: response.date,
    currency: request.currency,
    ...(request.customer_id !== undefined ? { customer_id: request.customer_id } : {}),
    ...(request.customer.type !== undefined ? { customer_type: request.customer.type } : {}),
    ...(request.customer.government_level !== undefined ? { government_level: request.customer.government_level } : {}),
    ...(request.customer.tax_id !== undefined ? { customer_tax_id: request.customer.tax_id } : {}),
    ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
    ...(request.location !== undefined ? { location: request.location } : {}),
    line_items: decided.totals.line_items.map((line, i) => {
      const sent = request.line_items[i]!;
      return { id: line.id, amount: line.net_amount, quantity: sent.quantity, ...subjectOf(sent), tax_amount: line.tax_amount };
    }),
  };
}

/**
 * Records a quoted cart as the transaction `request.transaction_id`, with the quote's own figures: the sale recorded
 * is the answer given (an invoice's finalization quotes, numbers, then records).
 */
export async function commitQuotedCart(deps: UnifyDeps, accountId: string, request: UnifyRequest, quoted: QuotedCart): Promise<UnifyResult> {
  const recorded = await recordDecidedSale(deps, accountId, quoted.decided, recordedCart(request, quoted));
  return { ...quoted.response, transaction: { id: recorded.transaction.id, created: recorded.created } };
}
