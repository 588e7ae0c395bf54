/**
 * Domain (pure): the place of supply of services sold remotely across a border, from data/place-of-supply.json.
 * Electronically supplied services are taxed where the customer is in every area of the data; remotely delivered
 * professional services often are not (EU Art. 45, UK VATA s. 7A(2)(b), KR, IN, CA...). docs/tax-rules.md section 4.
 */
import { vatAreaOf } from '../geography/countries';
import { placeAreaOf, placeOfSupplyRule } from './place-of-supply-data';
import type { Outcome, RuleBasis, TaxRateInput } from './rate-types';
import { categoryVatRate } from './vat-rules';
import { isBusiness, remoteDeliveryMethods } from './vocabulary';

/**
 * What the place of supply decides about a sale: a whole `outcome` (not taxed in the customer's country, exempt,
 * or self-assessed by the customer), or only `notes` to add when the general rules of the customer's country apply.
 */
export type PlaceOfSupplyDecision = { outcome: Outcome } | { readonly notes: readonly string[] };

/** The customer's place, without a note: the common answer, shared (frozen) rather than made per quote. */
const customerPlaceWithoutNote: PlaceOfSupplyDecision = Object.freeze({ notes: Object.freeze([]) });

const notesOf = (rule: { note?: string }): string[] => (rule.note !== undefined ? [rule.note] : []);

/** The place-of-supply row an outcome rests on (data/place-of-supply.json). */
const basisOf = (rule: { source: string }): RuleBasis => ({ source: rule.source, rate: 'standard' });

/** Undefined when the place of supply does not come into it: goods, services performed on site, domestic sales. */
export function placeOfSupplyDecision(input: TaxRateInput, buyerCountry: string, sellerCountry: string, date: string): PlaceOfSupplyDecision | undefined {
  if (!remoteDeliveryMethods.includes(input.delivery_method) || input.product_category === 'PHYSICAL_GOODS') return undefined;
  if (vatAreaOf(buyerCountry) === vatAreaOf(sellerCountry)) return undefined;
  const buyerArea = placeAreaOf(buyerCountry);
  const rule = placeOfSupplyRule(buyerArea, input.product_category, isBusiness(input.customer_type) ? 'businesses' : 'consumers', date);
  if (!rule) return undefined;
  switch (rule.place) {
    case 'customer_place':
      // The customer's country taxes it: destination VAT for consumers, reverse charge for businesses.
      return rule.note === undefined ? customerPlaceWithoutNote : { notes: notesOf(rule) };
    case 'exempt':
      return { outcome: { taxable: true, exempt: true, notes: notesOf(rule), basis: basisOf(rule) } };
    case 'recipient_self_assesses':
      return { outcome: { taxable: true, reverseCharge: true, notes: notesOf(rule), basis: basisOf(rule) } };
    case 'supplier_place':
    case 'supplier_place_within_area': {
      if (placeAreaOf(sellerCountry) !== buyerArea) {
        // Within-area rule (EU e-services 2003-2014): a supplier outside the area is taxed where the customer is.
        return rule.place === 'supplier_place' ? { outcome: { taxable: false, notes: notesOf(rule), basis: basisOf(rule) } } : { notes: notesOf(rule) };
      }
      // A seller in the same area (EU) but another country charges its own country's VAT (Art. 45).
      const supplierCountry = vatAreaOf(sellerCountry);
      const sellerRate = categoryVatRate(supplierCountry, input.product_category, date, input.tax_code_rules);
      const sameAreaNotes = rule.same_area_note !== undefined ? [rule.same_area_note] : [];
      if (sellerRate === undefined) return { outcome: { taxable: false, notes: sameAreaNotes, basis: basisOf(rule) } };
      return {
        outcome: { taxable: true, parts: { country: sellerRate }, jurisdiction: { country: supplierCountry }, notes: sameAreaNotes, basis: basisOf(rule) },
      };
    }
  }
}
