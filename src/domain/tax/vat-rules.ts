/**
 * Domain (pure): VAT and GST countries. Destination VAT for consumers, reverse charge for business customers across a
 * VAT border (docs/tax-rules.md). Remote services whose place of supply is elsewhere are decided before, in
 * place-of-supply.ts.
 */
import { vatAreaOf } from '../geography/countries';
import type { ResolvedLocation } from '../geography/location';
import { reducedVatRate, standardVatRate } from './rate-data';
import type { Outcome, RuleBasis, TaxCodeRules, TaxRateInput } from './rate-types';
import { isBusiness, type ProductCategory } from './vocabulary';

export function vatOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const buyer = location.country;
  const crossBorder = vatAreaOf(sellerCountry) !== vatAreaOf(buyer);

  const rate = vatRateOf(buyer, input.product_category, date, input.tax_code_rules);
  if (rate === undefined) return { taxable: false, notes: ['no_vat_or_gst_in_country'], basis: noVatBasis };
  if (isBusiness(input.customer_type) && crossBorder) return { taxable: true, reverseCharge: true, basis: reverseChargeBasis };
  const notes =
    input.customer_type === 'GOVERNMENT' || input.customer_type === 'NONPROFIT' ? ['vat_applies_to_public_bodies_and_charities_as_final_consumers'] : [];
  if (rate.unmodelled) notes.push(TAX_CODE_NOT_MODELLED);
  return { taxable: true, parts: { country: rate.ppm }, notes, basis: rate.basis };
}

/**
 * The note of an answer whose tax code the data taxes apart from its category elsewhere but holds no row for here
 * (or not yet on the date): the category's rate was answered, which may not be the product's (docs/tax-rules.md).
 */
export const TAX_CODE_NOT_MODELLED = 'tax_code_not_modelled_in_jurisdiction';

/** The rule_source of such an answer: says the code has no row, then names the category rate's own source. */
export const notModelledSource = (jurisdiction: string, categorySource: string): string =>
  `no row for this tax code in ${jurisdiction}: the category rate (${categorySource})`;

const noVatBasis: RuleBasis = Object.freeze({
  source: 'data/vat-standard-rates.json: the country levies no VAT or GST (or is not in the data)',
  rate: 'standard',
});
const reverseChargeBasis: RuleBasis = Object.freeze({
  source:
    'Directive 2006/112/EC Art. 44 and Art. 196 (services), Art. 138 and Art. 200 (intra-Community goods); outside the EU the importing business self-assesses',
  rate: 'standard',
});

/** The VAT rate in ppm for a category (a category rate where the data has one: e-books, CN services), undefined without VAT. */
export function categoryVatRate(country: string, category: ProductCategory, date: string, taxCode?: TaxCodeRules): number | undefined {
  return vatRateOf(country, category, date, taxCode)?.ppm;
}

/**
 * The VAT rate of a sale and the row it comes from: the tax code's row where the data has one for that date (GB
 * zero-rated food), else the category's (e-books), else the standard rate; undefined without VAT. `unmodelled`: the
 * code has rows in other countries but none here (TaxCodeRules.vatRate 'unmodelled'), so the category rate is only a stand-in.
 */
export function vatRateOf(
  country: string,
  category: ProductCategory,
  date: string,
  taxCode?: TaxCodeRules,
): { ppm: number; basis: RuleBasis; unmodelled?: true } | undefined {
  const standard = standardVatRate(country, date);
  if (!standard) return undefined;
  const codeVat = taxCode?.vatRate(country, date);
  const codeRow = typeof codeVat === 'object' ? codeVat : undefined;
  const row = codeRow ?? reducedVatRate(country, category, date);
  const rate = row ? { ppm: row.ppm, source: row.source } : { ppm: standard.ppm, source: standard.source };
  const basis: RuleBasis = { source: rate.source, rate: rate.ppm === 0 ? 'zero' : rate.ppm < standard.ppm ? 'reduced' : 'standard' };
  if (codeVat === 'unmodelled') {
    return { ppm: rate.ppm, basis: { source: notModelledSource(country, rate.source), rate: basis.rate }, unmodelled: true };
  }
  return { ppm: rate.ppm, basis };
}
