/**
 * Domain (pure): VAT and GST countries. Destination VAT for consumers, reverse charge for business customers across a
 * VAT border (docs/tax-rules.md). Remote services whose place of supply is elsewhere are decided before, in
 * place-of-supply.ts.
 */
import { vatAreaOf } from '../geography/countries';
import type { ResolvedLocation } from '../geography/location';
import { reducedVatRate, standardVatRate, taxCodeVatRate } from './rate-data';
import type { Outcome, RuleBasis, TaxCodeRules, TaxRateInput } from './rate-types';
import { isBusiness, type ProductCategory } from './vocabulary';

export function vatOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const buyer = location.country;
  const crossBorder = vatAreaOf(sellerCountry) !== vatAreaOf(buyer);

  const rate = vatRateOf(buyer, input.product_category, date, input.tax_code_rules);
  if (rate === undefined) return { taxable: false, notes: ['no_vat_or_gst_in_country'], basis: noVatBasis };
  if (isBusiness(input.customer_type) && crossBorder) return { taxable: true, reverseCharge: true, basis: reverseChargeBasis };
  const notes = input.customer_type === 'GOVERNMENT' || input.customer_type === 'NONPROFIT' ? ['vat_applies_to_public_bodies_and_charities_as_final_consumers'] : [];
  return { taxable: true, parts: { country: rate.ppm }, notes, basis: rate.basis };
}

const noVatBasis: RuleBasis = Object.freeze({ source: 'data/vat-standard-rates.json: the country levies no VAT or GST (or is not in the data)', rate: 'standard' });
const reverseChargeBasis: RuleBasis = Object.freeze({
  source: 'Directive 2006/112/EC Art. 44 and Art. 196 (services), Art. 138 and Art. 200 (intra-Community goods); outside the EU the importing business self-assesses',
  rate: 'standard',
});

/** The VAT rate in ppm for a category (a category rate where the data has one: e-books, CN services), undefined without VAT. */
export function categoryVatRate(country: string, category: ProductCategory, date: string, taxCode?: TaxCodeRules): number | undefined {
  return vatRateOf(country, category, date, taxCode)?.ppm;
}

/**
 * The VAT rate of a sale and the row it comes from: the tax code's row where the data has one for that date (GB
 * zero-rated food), else the category's (e-books), else the standard rate; undefined without VAT.
 */
export function vatRateOf(country: string, category: ProductCategory, date: string, taxCode?: TaxCodeRules): { ppm: number; basis: RuleBasis } | undefined {
  const standard = standardVatRate(country, date);
  if (!standard) return undefined;
  const row = (taxCode ? taxCodeVatRate(country, taxCode.vat, date) : undefined) ?? reducedVatRate(country, category, date);
  if (!row) return { ppm: standard.ppm, basis: { source: standard.source, rate: 'standard' } };
  return { ppm: row.ppm, basis: { source: row.source, rate: row.ppm === 0 ? 'zero' : row.ppm < standard.ppm ? 'reduced' : 'standard' } };
}
