/**
 * Domain (pure, light: the rate function may load it): whether the seller collects tax on a line under the
 * `registered_only` setting (docs/nexus.md "Which registration covers a sale"). A line is collected when a
 * registration of the selling entity, in force on the sale's date, covers the jurisdiction where the tax is due (the
 * engine's `jurisdiction`: the destination, or the seller's own country where the place of supply stays at origin):
 *
 * - SALES_TAX, SELLERS_USE_TAX: the US state it names.
 * - VAT, GST, SIMPLIFIED: its country (every province of it), or the one Canadian province it names.
 * - OSS_UNION (Art. 369a-369k VAT Directive): B2C services (digital or not) and intra-EU distance sales of goods
 *   (SHIPPED) into every member state other than the member state of identification (a domestic sale there is on the
 *   domestic VAT return: the entity's VAT registration covers it).
 * - OSS_NON_UNION (Art. 358-369): B2C services supplied by a seller not established in the EU, into every member
 *   state, the member state of identification included; never goods.
 * - IOSS (Art. 369l-369x): B2C distance sales of goods imported into the EU (SHIPPED physical goods), into every
 *   member state; the EUR 150 consignment ceiling is the caller's to respect (Levy does not see the consignment).
 */
import { SCHEME_TYPES } from '../returns/schemes';
import type { LineRate } from '../cart/cart';
import { euMemberStates } from '../geography/countries';
import { zeroRate } from '../money/levels';
import type { DeliveryMethod, ProductCategory } from '../tax/vocabulary';
import { inForceOn, type StoredRegistration } from './registration';

/** What the coverage rules need to know about a line. */
export interface CollectionLine {
  /** Where the tax is due (the engine's jurisdiction). */
  country: string;
  state?: string | undefined;
  /** The customer is taxed as a business (B2B with a valid ID, reseller): the OSS schemes cover consumers only. */
  business: boolean;
  product_category: ProductCategory;
  delivery_method: DeliveryMethod;
  /** The sale's date (YYYY-MM-DD): the registration must be in force on it. */
  date: string;
}

export type CollectionDecision = { collecting: true; registration_id: string } | { collecting: false };

const isGoods = (line: CollectionLine): boolean => line.product_category === 'PHYSICAL_GOODS';

/** Whether one registration covers the line (its dates aside). */
export function registrationCovers(registration: StoredRegistration, line: CollectionLine): boolean {
  switch (registration.type) {
    case 'SALES_TAX':
    case 'SELLERS_USE_TAX':
      return line.country === 'US' && registration.country === 'US' && registration.state === line.state;
    case 'VAT':
    case 'GST':
    case 'SIMPLIFIED':
      return registration.country === line.country && (registration.state === undefined || registration.state === line.state);
    case 'OSS_UNION':
      return (
        !line.business && euMemberStates.has(line.country) && line.country !== registration.country && (!isGoods(line) || line.delivery_method === 'SHIPPED')
      );
    case 'OSS_NON_UNION':
      return !line.business && euMemberStates.has(line.country) && !isGoods(line);
    case 'IOSS':
      return !line.business && euMemberStates.has(line.country) && isGoods(line) && line.delivery_method === 'SHIPPED';
  }
}

/**
 * The registration a line is collected under, from the selling entity's registrations: the first in force on the
 * line's date that covers it, a jurisdiction's own registration (VAT, GST, sales tax ...) before a scheme (OSS,
 * IOSS), so a seller registered both ways reports the sale on the local return.
 */
export function collectionFor(registrations: readonly StoredRegistration[], line: CollectionLine): CollectionDecision {
  const covering = registrations.filter((r) => inForceOn(r, line.date) && registrationCovers(r, line));
  const chosen = covering.find((r) => !isScheme(r)) ?? covering[0];
  return chosen ? { collecting: true, registration_id: chosen.id } : { collecting: false };
}

const isScheme = (r: StoredRegistration): boolean => SCHEME_TYPES.has(r.type);

/**
 * A line's rate when the seller does not collect: every level zeroed, the rest of the answer (where, why taxable)
 * kept, and not flagged exempt (the customer is not exempt; the seller is not registered there).
 */
export function notCollectedRate<R extends LineRate>(rate: R): R {
  const { resultFields, ppm, totalPpm } = zeroRate();
  return { ...rate, result: { ...rate.result, ...resultFields }, ppm, totalPpm };
}
