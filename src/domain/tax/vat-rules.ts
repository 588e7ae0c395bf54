/**
 * Domain (pure): VAT and GST countries. Destination VAT for consumers, reverse charge for business customers across a
 * VAT border, and the EU place-of-supply rule for remote professional services (docs/tax-rules.md).
 */
import { euMemberStates, vatAreaOf } from '../geography/countries';
import type { ResolvedLocation } from '../geography/location';
import { reducedVatRate, standardVatRate } from './rate-data';
import type { Outcome, TaxRateInput } from './rate-types';
import { isBusiness, type ProductCategory } from './vocabulary';

export function vatOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const buyer = location.country;
  const crossBorder = vatAreaOf(sellerCountry) !== vatAreaOf(buyer);

  // Remote professional services to consumers: EU place of supply is the supplier's country (VAT Directive Art. 45).
  if (
    input.product_category === 'PROFESSIONAL_SERVICES' &&
    input.delivery_method !== 'IN_PERSON' &&
    !isBusiness(input.customer_type) &&
    crossBorder &&
    euMemberStates.has(vatAreaOf(buyer))
  ) {
    if (!euMemberStates.has(vatAreaOf(sellerCountry))) {
      return { taxable: false, notes: ['outside_scope_supplier_outside_eu_art45'] };
    }
    const sellerRate = categoryVatRate(vatAreaOf(sellerCountry), input.product_category, date);
    return sellerRate === undefined
      ? { taxable: false }
      : { taxable: true, parts: { country: sellerRate }, jurisdiction: { country: vatAreaOf(sellerCountry) }, notes: ['place_of_supply_supplier_country_art45'] };
  }

  const rate = categoryVatRate(buyer, input.product_category, date);
  if (rate === undefined) return { taxable: false, notes: ['no_vat_or_gst_in_country'] };
  if (isBusiness(input.customer_type) && crossBorder) return { taxable: true, reverseCharge: true };
  const notes = input.customer_type === 'GOVERNMENT' || input.customer_type === 'NONPROFIT' ? ['vat_applies_to_public_bodies_and_charities_as_final_consumers'] : [];
  return { taxable: true, parts: { country: rate }, notes };
}

/** The VAT rate in ppm for a category (reduced e-book rate where the data has one), undefined without VAT. */
function categoryVatRate(country: string, category: ProductCategory, date: string): number | undefined {
  const standard = standardVatRate(country, date);
  if (!standard) return undefined;
  return reducedVatRate(country, category, date)?.ppm ?? standard.ppm;
}
