/** Domain (pure): whether a validated tax ID proves its holder is a business, for B2B treatment such as reverse charge. */
import { euMemberStates } from '../geography/countries';
import { definitionsByCountry } from './type-index';
import type { TaxIdValidation } from './types';

/** Whether `type` is a business-register number in `country` (catalogue rows marked `register`). */
function isRegisterNumber(country: string | null, type: string | null): boolean {
  if (country === null || type === null) return false;
  return definitionsByCountry.get(country)?.some((e) => e.type === type && e.register === true) ?? false;
}

/**
 * A valid tax ID proves business status when it is a tax registration of a business:
 *
 * - `vat`: a VAT/GST registration, everywhere. In the EU it is the only proof (Council
 *   Implementing Regulation 282/2011 art. 18(1)(a): the customer's VAT identification number).
 * - `business` outside the EU: the business tax number a customer quotes there (ABN, EIN, INN...),
 *   but not a number of a business register (ACN, OGRN, Handelsregisternummer...): a registered
 *   company need not be registered for the tax, and B2B rules key on the tax registration.
 * - never `individual`, `excise` (an excise number identifies an excise warehouse or operator
 *   for duties, not a VAT registration) or `other`.
 *
 * docs/tax-ids.md ("Which numbers prove a business") explains the choice.
 */
export function provesBusinessStatus(v: TaxIdValidation): boolean {
  if (v.valid !== true) return false;
  if (v.kind === 'vat') return true;
  return v.kind === 'business' && !euMemberStates.has(v.country ?? '') && !isRegisterNumber(v.country, v.type);
}
