/**
 * Domain (pure): what an invoice must say before it can be finalized, and what finalizing freezes on it.
 *
 * For a seller established in the EU, Directive 2006/112/EC Art. 226 lists the content of a VAT invoice: (1) date of
 * issue, (2) sequential number, (3) the supplier's VAT number, (4) the customer's VAT number where the customer is
 * liable (reverse charge) or for an intra-Community supply, (5) full name and address of supplier and customer, (6)
 * quantity and nature of what is supplied, (7) the date of supply where it differs, (8) taxable amount per rate, (9)
 * the rate, (10) the VAT payable, (11a) the mention "Reverse charge" where the customer is liable. Dates, number,
 * descriptions and amounts are required or computed by Levy; this module checks the parties. Outside the EU Levy
 * asks only for both parties' names and the seller's address (docs/invoices.md).
 */
import { euMemberStates, vatAreaOf } from '../geography/countries';
import type { UnifyResult } from '../cart/unify-response';
import { taxLevels } from '../money/levels';
import { certificateFields } from '../sales/line-taxability';
import { vatCategoryOf } from '../einvoice/vat-category';
import { taxCode } from '../tax/tax-codes';
import type { FinalizedFields, InvoiceParty } from './invoice';
import { totalsByRate } from './vat-summary';

/** The mention Art. 226(11a) requires when the customer is liable for the VAT (derived from the engine, never typed). */
export const REVERSE_CHARGE_MENTION = 'Reverse charge';

export interface InvoiceParties {
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** The buyer's declared type (a stored customer's, or the inline one's). */
  buyerType: string;
}

const addressParts = ['line1', 'city', 'postal_code'] as const;

/**
 * Every field the invoice is missing, as `seller.<field>` / `customer.<field>` paths; empty when it can be finalized.
 * `reverseCharge`: the engine decided the customer accounts for the tax on some line.
 */
export function missingInvoiceFields({ seller, buyer, buyerType }: InvoiceParties, reverseCharge: boolean): string[] {
  const missing: string[] = [];
  const euSeller = euMemberStates.has(vatAreaOf(seller.address.country));
  if (!seller.name.trim()) missing.push('seller.name');
  for (const part of addressParts) if (!seller.address[part]) missing.push(`seller.address.${part}`);
  if (euSeller && !seller.tax_id) missing.push('seller.tax_id');
  if (!buyer.name.trim()) missing.push('customer.name');
  if (euSeller) {
    for (const part of addressParts) if (!buyer.address[part]) missing.push(`customer.address.${part}`);
    const buyerCountry = vatAreaOf(buyer.address.country);
    // Art. 226(4): the customer's VAT number under reverse charge, and for a supply to a business in another member
    // state (Art. 138 for goods; Art. 196 reverse charge for services): a B2B buyer declared without one is named here.
    const intraEuBusiness = buyerType === 'B2B' && euMemberStates.has(buyerCountry) && buyerCountry !== vatAreaOf(seller.address.country);
    if ((reverseCharge || intraEuBusiness) && !buyer.tax_id) missing.push('customer.tax_id');
  }
  return missing;
}

/** A line's total rate, the sum of its levels, to 6 places (0.19 = 19 %). */
const lineRate = (line: UnifyResult['line_items'][number]): number =>
  Math.round(taxLevels.reduce((sum, level) => sum + line.breakdown[level].rate, 0) * 1e6) / 1e6;

/** What finalizing writes on the invoice, from the parties and the engine's answer; each line's EN 16931 VAT category is decided here, once. */
export function finalizedContent(parties: InvoiceParties, tax: UnifyResult, number: string, transactionId: string, at: Date): FinalizedFields {
  const taxed_lines = tax.line_items.map((line) => {
    const taxed = {
      id: line.id,
      net_amount: line.net_amount,
      tax_amount: line.tax_amount,
      tax_rate: lineRate(line),
      tax_code: line.tax_code,
      ...(line.stripe_tax_code !== undefined ? { stripe_tax_code: line.stripe_tax_code } : {}),
      taxability_reason: line.taxability_reason,
      ...(line.exemption ? certificateFields(line.exemption) : {}),
    };
    const goods = taxCode(line.tax_code)?.category === 'PHYSICAL_GOODS';
    return {
      ...taxed,
      vat_category: vatCategoryOf({ ...taxed, goods, sellerCountry: parties.seller.address.country, buyerCountry: parties.buyer.address.country }),
    };
  });
  const reverseCharge = isReverseCharge(tax);
  return {
    number,
    seller: parties.seller,
    buyer: parties.buyer,
    taxed_lines,
    tax_summary: totalsByRate(taxed_lines, (line) => ({ rate: line.tax_rate, taxable: line.net_amount, tax: line.tax_amount })).map((row) => ({
      tax_rate: row.rate,
      taxable_amount: row.taxable,
      tax_amount: row.tax,
    })),
    subtotal: tax.subtotal,
    tax_total: tax.tax_total,
    total: tax.total,
    reverse_charge: reverseCharge,
    mentions: reverseCharge ? [REVERSE_CHARGE_MENTION] : [],
    transaction_id: transactionId,
    finalized_at: at.toISOString(),
  };
}

/** The engine put the tax on the customer for some line. */
export const isReverseCharge = (tax: Pick<UnifyResult, 'reverse_charge_applicable' | 'line_items'>): boolean =>
  tax.reverse_charge_applicable || tax.line_items.some((l) => l.taxability_reason === 'reverse_charge');
