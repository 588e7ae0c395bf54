/**
 * Use case: POST /v1/tax/unify. Decides who the customer is taxed as (tax ID checked offline), rates every line with
 * the same engine as /v1/tax/rate, adds the cart up, and with `commit: true` records the result as a transaction (so
 * it feeds the exposure report) without asking the engine again.
 */
import { calculateCart, exemptRate, type LineRate } from '../domain/cart/cart';
import type { CartLine, UnifyRequest } from '../domain/cart/unify-request';
import type { UnifyResult } from '../domain/cart/unify-response';
import { levelAmounts } from '../domain/money/levels';
import { todayUtc } from '../domain/tax/rate-engine';
import { customerSaleQuoter } from './quote-tax-rate';
import { recordTransaction, type RecordTransactionDeps } from './record-transaction';

export type UnifyDeps = RecordTransactionDeps;

/** The answer is the OpenAPI document's `UnifyResult` (src/domain/cart/unify-response.ts). */
export async function unifyCart(deps: UnifyDeps, accountId: string, request: UnifyRequest, today = todayUtc()): Promise<UnifyResult> {
  const date = request.date ?? today;
  const { customer, quote } = await customerSaleQuoter(
    deps,
    accountId,
    {
      ...(request.customer.government_level !== undefined ? { government_level: request.customer.government_level } : {}),
      location: request.location,
      date,
      ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
    },
    request.customer,
  );
  const rateOf = (line: CartLine): LineRate => {
    const rate = quote(line);
    return customer.exempt ? exemptRate(rate) : rate;
  };
  const totals = calculateCart(request.line_items, rateOf);
  const results = request.line_items.map((line) => rateOf(line).result);
  const response = {
    currency: request.currency,
    date,
    customer,
    jurisdiction: results[0].jurisdiction,
    reverse_charge_applicable: results.some((r) => r.reverse_charge_applicable),
    exempt: results.every((r) => r.exempt),
    ...totals,
  };
  if (!request.commit) return response;

  const recorded = await recordTransaction(
    deps,
    accountId,
    {
      id: request.transaction_id!,
      date,
      currency: request.currency,
      customer_type: customer.declared_type,
      ...(request.customer.government_level !== undefined ? { government_level: request.customer.government_level } : {}),
      ...(request.customer.tax_id !== undefined ? { customer_tax_id: request.customer.tax_id } : {}),
      ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
      location: request.location,
      // The sale is recorded net of tax, with the tax unify computed for each line.
      line_items: totals.line_items.map((line, i) => ({
        id: line.id,
        amount: line.net_amount,
        quantity: request.line_items[i].quantity,
        product_category: request.line_items[i].product_category,
        delivery_method: request.line_items[i].delivery_method,
      })),
    },
    {
      precomputed: {
        customer,
        jurisdiction: response.jurisdiction,
        lines: Object.fromEntries(
          totals.line_items.map((line) => [line.id, { tax_amount: line.tax_amount, tax_breakdown: levelAmounts((level) => line.breakdown[level].amount) }]),
        ),
      },
    },
  );
  return { ...response, transaction: { id: recorded.transaction.id, created: recorded.created } };
}
