/**
 * Test support: a recorded sale built the way the use case builds a sale named by category and delivery (every line
 * taxed under its category's default code, wholly taxed or, with `exempt`, untaxed for the given reason), for the
 * domain tests that build transactions without the engine.
 */
import type { CustomerTreatment } from '../../src/domain/tax/customer-treatment';
import type { Jurisdiction } from '../../src/domain/tax/rate-types';
import { defaultTaxCodeIds, type TaxabilityReason } from '../../src/domain/tax/taxability';
import { buildTransaction, type LineFacts, type LineTax, type Transaction } from '../../src/domain/transactions/sale';
import type { TransactionRequest } from '../../src/domain/transactions/schema';

export function categoryFacts(request: TransactionRequest, reason: TaxabilityReason = 'taxable'): LineFacts[] {
  return request.line_items.map((line) => ({
    product_category: line.product_category!,
    delivery_method: line.delivery_method!,
    taxability: { tax_code: defaultTaxCodeIds[line.product_category!], taxability_reason: reason },
    taxable_amount: reason === 'taxable' ? line.amount : 0,
    exempt_amount: reason === 'taxable' ? 0 : line.amount,
  }));
}

export function buildCategorySale(
  request: TransactionRequest,
  customer: CustomerTreatment,
  jurisdiction: Jurisdiction,
  taxes: readonly LineTax[],
  createdAt: string,
): Transaction {
  return buildTransaction(
    request,
    { customer_type: request.customer_type!, location: request.location! },
    customer,
    jurisdiction,
    categoryFacts(request),
    taxes,
    createdAt,
  );
}
