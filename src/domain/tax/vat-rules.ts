/**
 * Domain (pure): VAT and GST countries. Destination VAT for consumers, reverse charge for business customers across a
 * VAT border (docs/tax-rules.md). Remote services whose place of supply is elsewhere are decided before, in
 * place-of-supply.ts.
 */
import { vatAreaOf } from '../geography/countries';
import type { ResolvedLocation } from '../geography/location';
import { reducedVatRate, standardVatRate } from './rate-data';
import type { Outcome, TaxRateInput } from './rate-types';
import { isBusiness, type ProductCategory } from './vocabulary';

export function vatOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const buyer = location.country;
  const crossBorder = vatAreaOf(sellerCountry) !== vatAreaOf(buyer);

  const rate = categoryVatRate(buyer, input.product_category, date);
  if (rate === undefined) return { taxable: false, notes: ['no_vat_or_gst_in_country'] };
  if (isBusiness(input.customer_type) && crossBorder) return { taxable: true, reverseCharge: true };
  const notes = input.customer_type === 'GOVERNMENT' || input.customer_type === 'NONPROFIT' ? ['vat_applies_to_public_bodies_and_charities_as_final_consumers'] : [];
  return { taxable: true, parts: { country: rate }, notes };
}

/** The VAT rate in ppm for a category (a category rate where the data has one: e-books, CN services), undefined without VAT. */
export function categoryVatRate(country: string, category: ProductCategory, date: string): number | undefined {
  const standard = standardVatRate(country, date);
  if (!standard) return undefined;
  return reducedVatRate(country, category, date)?.ppm ?? standard.ppm;
}
