/**
 * Use case: POST /v1/tax/unify. Decides who the customer is taxed as (tax ID checked offline; a stored customer's
 * type, address, tax IDs and certificates where the request names one), rates every line with the same engine as
 * /v1/tax/rate (by category, product or tax code), adds the cart up, and with `commit: true` records the result as a
 * transaction (so it feeds the exposure report) without asking the engine again.
 */
import { calculateCart, type CartTotals } from '../domain/cart/cart';
import type { UnifyRequest } from '../domain/cart/unify-request';
import type { UnifyResult } from '../domain/cart/unify-response';
import { levelAmounts } from '../domain/money/levels';
import { subjectOf } from '../domain/sales/line-subject';
import { taxabilityFields } from '../domain/sales/line-taxability';
import { todayUtc } from '../domain/tax/rate-engine';
import { quoteSale, type RatedLine, type SaleQuote } from './quote-tax-rate';
import { recordTransaction, type RecordTransactionDeps } from './record-transaction';

export type UnifyDeps = RecordTransactionDeps;

/** A cart quoted, not committed: the answer, and the sale quote and rated lines it was computed from. */
export interface QuotedCart {
  response: UnifyResult;
  quote: SaleQuote;
  rated: RatedLine[];
  totals: CartTotals;
}

/**
 * The cart's answer without committing it, with what the engine said on the way (checkouts read its notes and the
 * customer treatment to derive what a final answer still needs: src/usecases/checkouts.ts).
 */
export async function quoteCart(deps: UnifyDeps, accountId: string, request: UnifyRequest, today = todayUtc()): Promise<QuotedCart> {
  const date = request.date ?? today;
  const quote = await quoteSale(
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
    },
    request.line_items,
    (index) => `line_items[${index}]`,
    today,
    'customer.government_level',
  );
  const rated = request.line_items.map((_, index) => quote.line(index));
  const totals = calculateCart(request.line_items, (_, index) => ({ ...rated[index]!.rate, exemptPercentage: rated[index]!.exemptPercentage }));
  const results = rated.map((line) => line.rate.result);
  const line_items = totals.line_items.map((line, index) => {
    const { taxability, exemptPercentage } = rated[index]!;
    return { ...line, ...taxabilityFields(taxability, exemptPercentage) };
  });
  const response = {
    currency: request.currency,
    date,
    customer: quote.customer,
    ...(quote.parties.customer_id !== undefined ? { customer_id: quote.parties.customer_id } : {}),
    jurisdiction: results[0]!.jurisdiction,
    reverse_charge_applicable: results.some((r) => r.reverse_charge_applicable),
    exempt: results.every((r) => r.exempt),
    ...totals,
    line_items,
  };
  return { response, quote, rated, totals };
}

/** The answer is the OpenAPI document's `UnifyResult` (src/domain/cart/unify-response.ts). */
export async function unifyCart(deps: UnifyDeps, accountId: string, request: UnifyRequest, today = todayUtc()): Promise<UnifyResult> {
  const quoted = await quoteCart(deps, accountId, request, today);
  return request.commit ? commitQuotedCart(deps, accountId, request, quoted) : quoted.response;
}

/**
 * Records a quoted cart as the transaction `request.transaction_id`, with the quote's own figures: the engine is not
 * asked again, so the sale recorded is the answer given (an invoice's finalization quotes, numbers, then records).
 */
export async function commitQuotedCart(deps: UnifyDeps, accountId: string, request: UnifyRequest, quoted: QuotedCart): Promise<UnifyResult> {
  const { response, quote, rated, totals } = quoted;
  const date = response.date;
  const recorded = await recordTransaction(
    deps,
    accountId,
    {
      id: request.transaction_id!,
      date,
      currency: request.currency,
      ...(request.customer_id !== undefined ? { customer_id: request.customer_id } : {}),
      ...(request.customer.type !== undefined ? { customer_type: request.customer.type } : {}),
      ...(request.customer.government_level !== undefined ? { government_level: request.customer.government_level } : {}),
      ...(request.customer.tax_id !== undefined ? { customer_tax_id: request.customer.tax_id } : {}),
      ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
      ...(request.location !== undefined ? { location: request.location } : {}),
      // The sale is recorded net of tax, with the tax unify computed for each line; each line as the cart named it.
      line_items: totals.line_items.map((line, i) => {
        const sent = request.line_items[i]!;
        return {
          id: line.id,
          amount: line.net_amount,
          quantity: sent.quantity,
          ...subjectOf(sent),
        };
      }),
    },
    {
      precomputed: {
        customer: quote.customer,
        parties: quote.parties,
        jurisdiction: response.jurisdiction,
        seller_id: quote.seller_id,
        lines: Object.fromEntries(
          totals.line_items.map((line, i) => {
            const { product_category, delivery_method, taxability } = rated[i]!;
            return [
              line.id,
              {
                tax_amount: line.tax_amount,
                tax_breakdown: levelAmounts((level) => line.breakdown[level].amount),
                facts: { product_category, delivery_method, taxability, taxable_amount: line.taxable_amount, exempt_amount: line.exempt_amount },
              },
            ];
          }),
        ),
      },
    },
  );
  return { ...response, transaction: { id: recorded.transaction.id, created: recorded.created } };
}
