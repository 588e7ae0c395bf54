/**
 * Domain (pure): the EN 16931 VAT category (BT-151 / BT-118, UNCL 5305) of an invoice line, from the engine's answer
 * for it (taxability_reason, rate) and where the parties are. Decided once, at finalization, and frozen on the line.
 */
import { euMemberStates, vatAreaOf } from '../geography/countries';
import { taxedReasons, type TaxabilityReason } from '../tax/taxability';

/** S standard, Z zero rated, E exempt, AE reverse charge, K intra-community goods, G export outside the EU, O not subject to VAT. */
export const vatCategories = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type VatCategory = (typeof vatCategories)[number];

export interface VatCategoryInput {
  taxability_reason: string;
  tax_amount: number;
  tax_rate: number;
  /** The line sells goods (its tax code's category is PHYSICAL_GOODS). */
  goods: boolean;
  sellerCountry: string;
  buyerCountry: string;
}

const inEu = (country: string) => euMemberStates.has(vatAreaOf(country));

/**
 * Taxed -> S; zero-rated -> Z. Untaxed outside the EU -> G for goods (export, Directive 2006/112/EC Art. 146), O for
 * services (the place of supply is outside the EU: not subject to EU VAT). Reverse charged inside the EU -> K for goods
 * sent to another member state (Art. 138), AE otherwise (Art. 196). Exempt or not taxable inside the EU -> E. Not
 * collected for want of a registration -> O.
 */
export function vatCategoryOf(line: VatCategoryInput): VatCategory {
  const reason = line.taxability_reason as TaxabilityReason;
  if (taxedReasons.includes(reason) && (line.tax_amount !== 0 || line.tax_rate > 0)) return 'S';
  if (reason === 'zero_rated' || (taxedReasons.includes(reason) && line.tax_rate === 0)) return 'Z';
  if (reason === 'not_collecting') return 'O';
  if (!inEu(line.buyerCountry) || !inEu(line.sellerCountry)) return line.goods && inEu(line.sellerCountry) ? 'G' : 'O';
  if (reason === 'reverse_charge') return line.goods && vatAreaOf(line.buyerCountry) !== vatAreaOf(line.sellerCountry) ? 'K' : 'AE';
  return 'E';
}

/**
 * BT-121 / BT-120: the exemption reason code (CEF VATEX) and text a category requires (BR-E-10, BR-AE-10, BR-IC-10,
 * BR-G-10, BR-O-10). E has no code: which article exempts the supply is not something the engine knows.
 */
export const exemptionReasons: Readonly<Partial<Record<VatCategory, { code?: string; text: string }>>> = {
  E: { text: 'Exempt from VAT' },
  AE: { code: 'VATEX-EU-AE', text: 'Reverse charge' },
  K: { code: 'VATEX-EU-IC', text: 'Intra-Community supply' },
  G: { code: 'VATEX-EU-G', text: 'Export outside the EU' },
  O: { code: 'VATEX-EU-O', text: 'Not subject to VAT' },
};
