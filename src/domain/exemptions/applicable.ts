/**
 * Domain (pure): which of a customer's certificates exempts a sale in a jurisdiction on a day, and the exact split of
 * an amount into its exempt and taxable shares (integer minor units). The wiring of POST /v1/tax/rate, /unify and
 * /transactions calls these; docs/customers.md states the rules:
 *
 * - Coverage: a certificate naming a country alone covers the whole country, each of its states included; one naming
 *   a state covers that state only. A sale with no state (a VAT country) is covered only by a country-level one.
 * - Dates: it exempts from effective_from (inclusive) until expires_on (exclusive: expires_on is the first day it no
 *   longer exempts, so one that expired yesterday or today does not exempt today). A revoked one never exempts.
 * - Overlap: several certificates cover the sale: the largest exempt_percentage wins; on a tie the one in force
 *   longest (earliest effective_from), then the lowest id, so the choice never depends on storage order.
 */
import { exemptionStatus, type Jurisdiction, type StoredExemption } from './certificate';

export interface SaleJurisdiction {
  country: string;
  state?: string;
}

/** Whether the certificate names the sale's jurisdiction (the country alone, or the sale's own state). */
export function coversJurisdiction(certificate: Pick<StoredExemption, 'jurisdictions'>, sale: SaleJurisdiction): boolean {
  return certificate.jurisdictions.some((j: Jurisdiction) => j.country === sale.country && (j.state === undefined || j.state === sale.state));
}

/** The certificate that exempts a sale in `jurisdiction` on `date` (YYYY-MM-DD), or undefined when none does. */
export function applicableExemption<C extends StoredExemption>(certificates: readonly C[], jurisdiction: SaleJurisdiction, date: string): C | undefined {
  let best: C | undefined;
  for (const c of certificates) {
    if (exemptionStatus(c, date) !== 'active' || !coversJurisdiction(c, jurisdiction)) continue;
    if (best === undefined || outranks(c, best)) best = c;
  }
  return best;
}

const outranks = (a: StoredExemption, b: StoredExemption): boolean =>
  a.exempt_percentage !== b.exempt_percentage
    ? a.exempt_percentage > b.exempt_percentage
    : a.effective_from !== b.effective_from
      ? a.effective_from < b.effective_from
      : a.id < b.id;

/** The exact split of an amount by an exempt percentage lives with the other money rules (cart and sale lines use it). */
export { splitByExemptPercentage, type ExemptSplit } from '../money/money';
