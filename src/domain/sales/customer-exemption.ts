/**
 * Domain (pure): where a customer is exempt, and the customer block that says so (docs/customers.md, "Certificates
 * decide for a stored customer").
 *
 * - A stored customer (the sale names `customer_id`) is exempt by its certificates: a type the US exempts by itself
 *   (RESELLER, NONPROFIT where the state exempts them, GOVERNMENT) exempts a line only where a certificate in force
 *   covers the line's state. Without one the line is rated as the business purchase it is and carries the note
 *   `exemption_certificate_missing`. A customer given inline keeps the type's exemption (the seller keeps its
 *   certificates elsewhere), as before.
 * - The customer block never disagrees with the answer: its `exempt` is the answer's (every line exempt). `reason`
 *   `customer_exempt` and `message` say so when the customer made it so (the request's flag, its type, or a 100 %
 *   certificate), not for a product a place exempts for everyone (consultancy imported into India by a consumer);
 *   `exemption_certificate_missing` names the certificate a stored customer lacks.
 */
import type { CustomerTreatment } from '../tax/customer-treatment';
import type { Jurisdiction } from '../tax/rate-types';
import type { ExemptionSnapshot } from './line-taxability';

/** The note on a line a stored customer's type would have exempted, had it a certificate for the line's state. */
export const CERTIFICATE_MISSING_NOTE = 'exemption_certificate_missing';

/** What the customer block reads of each rated line. */
export interface CustomerExemptionLine {
  rate: { result: { exempt: boolean; jurisdiction: Jurisdiction; notes?: string[] | undefined } };
  taxability: { exemption?: ExemptionSnapshot | undefined };
}

/** The engine exempted the line by the customer's type (its note `customer_exempt_reseller`, `_nonprofit`, `_government`). */
const exemptByType = (line: CustomerExemptionLine): boolean =>
  line.rate.result.exempt && (line.rate.result.notes ?? []).some((note) => note.startsWith('customer_exempt_'));

/** Whether the engine exempted the line by the customer's type in the US: the exemption certificates decide for a stored customer. */
export const exemptByUsCustomerType = (line: CustomerExemptionLine): boolean => exemptByType(line) && line.rate.result.jurisdiction.country === 'US';

/** The line is exempt because of the customer: its type, or a certificate (wholly: the answer's `exempt`). A product exempt where it is sold is not. */
const exemptByCustomer = (line: CustomerExemptionLine): boolean => exemptByType(line) || (line.rate.result.exempt && line.taxability.exemption !== undefined);

/** `US-NY`, or the country alone. */
const placeOf = (j: Jurisdiction): string => (j.state !== undefined ? `${j.country}-${j.state}` : j.country);

/** The line's result with the missing certificate noted (once). */
export function withCertificateMissing<L extends { rate: { result: { notes?: string[] | undefined } } }>(line: L): L {
  const notes = line.rate.result.notes ?? [];
  if (notes.includes(CERTIFICATE_MISSING_NOTE)) return line;
  return { ...line, rate: { ...line.rate, result: { ...line.rate.result, notes: [...notes, CERTIFICATE_MISSING_NOTE] } } };
}

/** The customer block agreeing with the rated lines (the module comment says how). */
export function settledCustomer(
  customer: CustomerTreatment,
  lines: readonly CustomerExemptionLine[],
  customerId: string | undefined,
  date: string,
): CustomerTreatment {
  if (customer.exempt) return customer;
  const missing = [...new Set(lines.filter((l) => l.rate.result.notes?.includes(CERTIFICATE_MISSING_NOTE)).map((l) => placeOf(l.rate.result.jurisdiction)))];
  const allExempt = lines.length > 0 && lines.every((l) => l.rate.result.exempt);
  // Exempt for everyone (a product the place exempts): the block says exempt as the answer does, with no customer reason.
  if (allExempt && !lines.every(exemptByCustomer)) return { ...customer, exempt: true };
  if (allExempt) {
    const certificates = [...new Set(lines.flatMap((l) => (l.taxability.exemption ? [l.taxability.exemption.id] : [])))];
    const where = [...new Set(lines.map((l) => placeOf(l.rate.result.jurisdiction)))].join(', ');
    const message =
      certificates.length > 0
        ? `The customer is exempt in ${where} under its exemption certificate ${certificates.join(', ')}: no tax is charged.`
        : `A ${customer.declared_type} customer given inline is exempt in ${where} by its type: no tax is charged. Keep its exemption certificate on file (or store the customer and its certificates: POST /v1/customers).`;
    return { ...customer, exempt: true, reason: 'customer_exempt', message };
  }
  if (missing.length === 0) return customer;
  const who = customerId !== undefined ? `Customer '${customerId}'` : 'The customer';
  const add = customerId !== undefined ? `POST /v1/customers/${customerId}/exemptions` : 'POST /v1/customers/{id}/exemptions';
  return {
    ...customer,
    reason: 'exemption_certificate_missing',
    message:
      `${who} is declared ${customer.declared_type}, which is exempt only with an exemption certificate; it has none in force for ` +
      `${missing.join(', ')} on ${date}, so the sale is taxed there. Add one (${add}) naming ${missing.join(', ')}.`,
  };
}
