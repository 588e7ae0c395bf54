/**
 * Domain (pure): what a sale line records about why it was or was not taxed: the tax code it was
 * taxed under, the engine's reason, the exemption certificate that applied (a snapshot, so a later change to the
 * certificate never rewrites the sale), and the exact split of its net amount into a taxed and an untaxed share.
 * Rate, unify and transactions build it alike; the exposure counters read it (src/domain/exposure/deltas.ts).
 */
import type { ExemptionReason } from './exemption-reasons';
import { splitByExemptPercentage } from '../money/money';
import type { TaxabilityReason } from '../tax/taxability';
import type { CustomerType } from '../tax/vocabulary';

/** The certificate a line used, as it was on the sale's date (docs/customers.md). */
export interface ExemptionSnapshot {
  id: string;
  reason: ExemptionReason;
  certificate_number: string;
  exempt_percentage: number;
}

/** Why a line is or is not taxed, and under which code. */
export interface LineTaxability {
  /** The product the line named (its code on the sale's date is `tax_code`). */
  product_id?: string;
  /** The catalogue code the line was taxed under: the product's, the one sent, or the category's default code. */
  tax_code: string;
  /** The Stripe code the line named (`txcd_...`), when it named one: `tax_code` is its Levy code through the crosswalk. */
  stripe_tax_code?: string;
  taxability_reason: TaxabilityReason;
  /** The certificate that exempted the line (wholly or in part); `taxability_reason` is then `customer_exempt`. */
  exemption?: ExemptionSnapshot;
  /** The registration the line's tax was collected under (`registered_only`; docs/nexus.md). */
  registration_id?: string;
}

/** A line's certificate as every answer names it (rate, unify, transactions, invoices): by id and share, with its details beside them. */
export interface CertificateFields {
  exemption_id: string;
  exempt_percentage: number;
  exemption: ExemptionSnapshot;
}

/** The fields naming a certificate a line used. */
export const certificateOf = (exemption: ExemptionSnapshot): CertificateFields => ({
  exemption_id: exemption.id,
  exempt_percentage: exemption.exempt_percentage,
  exemption: { ...exemption },
});

/** The fields naming the certificate a line used; none when no certificate applied. */
export const certificateFields = (exemption: ExemptionSnapshot | undefined): CertificateFields | Record<string, never> =>
  exemption ? certificateOf(exemption) : {};

/** What a rated line answers about why it is or is not taxed: rate at the top level, unify per line (rate-response.ts lineTaxabilityShape). */
export interface TaxabilityFields extends Partial<CertificateFields> {
  product_id?: string;
  tax_code: string;
  stripe_tax_code?: string;
  taxability_reason: TaxabilityReason;
  registration_id?: string;
}

/** A line's taxability as its answer states it: the certificate by its id and exempt share (certificateFields), absent fields left out. */
export function taxabilityFields(taxability: LineTaxability): TaxabilityFields {
  return {
    ...(taxability.product_id !== undefined ? { product_id: taxability.product_id } : {}),
    tax_code: taxability.tax_code,
    ...(taxability.stripe_tax_code !== undefined ? { stripe_tax_code: taxability.stripe_tax_code } : {}),
    taxability_reason: taxability.taxability_reason,
    ...certificateFields(taxability.exemption),
    ...(taxability.registration_id !== undefined ? { registration_id: taxability.registration_id } : {}),
  };
}

/** A net amount split into the share tax was charged on and the share it was not (they add up to the amount). */
export interface TaxedShares {
  taxable_amount: number;
  exempt_amount: number;
}

/**
 * The shares of a line's net amount (unify's cart, src/domain/cart/cart.ts, and transactions): a certificate leaves
 * taxed only its taxable share (splitByExemptPercentage, half-up); and nothing is taxed when no tax is charged at all
 * (`charged` false: not taxable, zero-rated, wholly reverse charged or exempt).
 */
export function taxedShares(netAmount: number, exemptPercentage: number, charged: boolean): TaxedShares {
  const taxed = charged ? splitByExemptPercentage(netAmount, exemptPercentage).taxable : 0;
  return { taxable_amount: taxed, exempt_amount: netAmount - taxed };
}

/** The exemption a declared customer type stands for, as a return form names it. */
const typeExemptions: Partial<Record<CustomerType, string>> = { RESELLER: 'resale', GOVERNMENT: 'government', NONPROFIT: 'nonprofit' };

/**
 * Why the untaxed share of a line bears no tax, as a filer reports it (docs/returns.md "Exempt sales by reason"),
 * lower-case: the certificate's reason when one applied (`resale`, `government`, `nonprofit`, `manufacturing`,
 * `agriculture`, `other`), else the declared customer type's exemption (`resale` for a RESELLER, `government`,
 * `nonprofit`), else the engine's reason (`not_taxable_in_jurisdiction`, `zero_rated`, `reverse_charge`,
 * `not_collecting`; `customer_exempt`: marked exempt with neither). Returns, their CSV and the exposure report use it.
 */
export function exemptReasonOf(taxability: Pick<LineTaxability, 'exemption' | 'taxability_reason'>, customerType?: CustomerType): string {
  if (taxability.exemption) return taxability.exemption.reason.toLowerCase();
  if (taxability.taxability_reason === 'customer_exempt') return (customerType && typeExemptions[customerType]) ?? 'customer_exempt';
  return taxability.taxability_reason;
}

/** A recorded line's exempt reason (exemptReasonOf); none for a line recorded before Levy kept its taxability. */
export function filerExemptReason(line: Partial<Pick<LineTaxability, 'exemption' | 'taxability_reason'>>, customerType: CustomerType): string | undefined {
  return line.taxability_reason === undefined
    ? undefined
    : exemptReasonOf({ taxability_reason: line.taxability_reason, exemption: line.exemption }, customerType);
}

/** The filer's reason of a counter written before the reasons were lower-case (`RESALE`): the same word, lower-case. */
export const filerReasonOfStored = (reason: string): string => (/^[A-Z_]+$/.test(reason) ? reason.toLowerCase() : reason);
