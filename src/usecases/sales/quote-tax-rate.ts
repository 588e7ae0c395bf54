/**
 * Use case: POST /v1/tax/rate. The request is a sale of one line (at the top level), rated like every other sale
 * (./quote-sale rateSale): the answer is that line's rate, who the customer is taxed as and why the line is taxed.
 */
import type * as z from 'zod';
import type { LineSubject } from '../../domain/sales/line-subject';
import { taxabilityFields, type TaxabilityFields } from '../../domain/sales/line-taxability';
import type { Exactly, Expect } from '../../domain/schema-check';
import type { CustomerTreatment } from '../../domain/tax/customer-treatment';
import type { taxRateAnswerSchema } from '../../domain/tax/rate-response';
import type { TaxRateResult } from '../../domain/tax/rate-types';
import { rateSale, type QuoteDeps, type RatedLine, type SaleRequest } from './quote-sale';

/** POST /v1/tax/rate's request: a sale whose one line sits at the top level. */
export interface TaxRateRequest extends Omit<SaleRequest, 'collection' | 'line_items'>, LineSubject {
  apply_registrations?: boolean | undefined;
}

/** POST /v1/tax/rate's answer: the rate for the applied customer type, how that type was decided, and why it is taxed. */
export type TaxRateAnswer = TaxRateResult &
  TaxabilityFields & {
    collecting?: boolean;
    customer: CustomerTreatment;
    customer_id?: string;
  };
/** The OpenAPI document's TaxRateAnswer (src/domain/tax/rate-response.ts) is this type, field for field. */
export type TaxRateAnswerMatches = Expect<Exactly<z.output<typeof taxRateAnswerSchema>, TaxRateAnswer>>;

const topLevel = () => '';

export async function quoteTaxRate(deps: QuoteDeps, accountId: string, request: TaxRateRequest): Promise<TaxRateAnswer> {
  const { product_category, delivery_method, product_id, tax_code, apply_registrations, ...sale } = request;
  const line_items = [{ product_category, delivery_method, product_id, tax_code }];
  const quote = await rateSale(
    deps,
    accountId,
    { ...sale, ...(apply_registrations ? { collection: 'report' as const } : {}), line_items },
    { linePath: topLevel },
  );
  const { rate, taxability, collecting } = quote.rated[0]!;
  return {
    ...rate.result,
    customer: quote.customer,
    ...(quote.parties.customer_id !== undefined ? { customer_id: quote.parties.customer_id } : {}),
    ...taxabilityFields(taxability),
    ...(collecting !== undefined ? { collecting } : {}),
  };
}

/** One quote's rates (the benchmarks profile this path). */
export async function quoteTaxRateDetailed(deps: QuoteDeps, accountId: string, request: TaxRateRequest): Promise<RatedLine['rate']> {
  const { product_category, delivery_method, product_id, tax_code, apply_registrations: _, ...sale } = request;
  return (await rateSale(deps, accountId, { ...sale, line_items: [{ product_category, delivery_method, product_id, tax_code }] }, { linePath: topLevel }))
    .rated[0]!.rate;
}
