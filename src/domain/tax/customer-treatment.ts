/**
 * Domain (pure): who a customer is taxed as (B2B only with a tax ID that proves it). One decision for
 * POST /v1/tax/rate (`customer_type` + `customer_tax_id`) and POST /v1/tax/unify (`customer`), so both answer alike.
 */
import { euMemberStates } from '../geography/countries';
import type { CheckedTaxId, TaxIdValidation } from '../tax-ids/types';
import type { CustomerType } from './vocabulary';

/** The customer as a request declares it. */
export interface DeclaredCustomer {
  type: CustomerType;
  tax_id?: string | undefined;
  /** unify only: the caller holds an exemption certificate. */
  exempt?: boolean | undefined;
}

/**
 * Who the customer is taxed as. Reverse charge needs proof of business status, as EU law and
 * Stripe Tax require: a B2B customer (and a RESELLER outside the US) is taxed as declared only with
 * a tax ID that validates; without one, or with an invalid one, the sale is taxed as B2C and
 * `reason` says why.
 */
export interface CustomerTreatment {
  declared_type: CustomerType;
  applied_type: CustomerType;
  exempt: boolean;
  tax_id: TaxIdValidation | null;
  reason?: 'tax_id_missing' | 'tax_id_invalid' | 'customer_exempt' | 'exemption_certificate_missing';
  message?: string;
}

/**
 * Whether the declared type is taken only with a tax ID that proves business status. B2B everywhere; RESELLER
 * outside the US too: under VAT/GST a reseller is simply a taxable person, proven like any business (Implementing
 * Regulation 282/2011 Art. 18(1)(a)). A US reseller is exempt by its resale certificate, which Levy does not see
 * (docs/tax-rules.md): the declared type stands there.
 */
function needsBusinessProof(type: CustomerType, locationCountry: string | undefined): boolean {
  return type === 'B2B' || (type === 'RESELLER' && locationCountry !== 'US');
}

/** The tax ID a declared customer is checked by, and where (validateTaxIdWhere); null without a tax ID. */
export function taxIdCheckOf(customer: DeclaredCustomer, locationCountry: string | undefined): { tax_id: string; locationCountry: string | undefined } | null {
  return customer.tax_id ? { tax_id: customer.tax_id, locationCountry } : null;
}

/** `checked` is `taxIdCheckOf(customer, locationCountry)` checked (checkTaxIdWhere; null without a tax ID). */
export function customerTreatment(customer: DeclaredCustomer, locationCountry: string | undefined, checked: CheckedTaxId | null): CustomerTreatment {
  const exempt = customer.exempt ?? false;
  const taxId = checked?.validation ?? null;
  const base = { declared_type: customer.type, exempt, tax_id: taxId };
  if (exempt) {
    return { ...base, applied_type: customer.type, reason: 'customer_exempt', message: 'The customer is marked exempt: no tax is charged.' };
  }
  if (!needsBusinessProof(customer.type, locationCountry)) return { ...base, applied_type: customer.type };
  if (!checked) {
    return {
      ...base,
      applied_type: 'B2C',
      reason: 'tax_id_missing',
      message: `A ${customer.type} customer without a tax_id is taxed as B2C; send its tax ID to apply business rules such as reverse charge.`,
    };
  }
  // A checked ID always carries its verdict (the answer's tax_id).
  const validation = checked.validation;
  if (validation.valid !== true) {
    return {
      ...base,
      applied_type: 'B2C',
      reason: 'tax_id_invalid',
      message: `The customer's tax_id did not validate (${validation.reason ?? 'invalid'}); the sale is taxed as B2C.`,
    };
  }
  // In the EU only a VAT number proves business status for reverse charge; elsewhere a business
  // tax number (ABN, EIN, ...) too, but never a register, excise or personal number.
  if (!checked.provesBusiness) {
    return {
      ...base,
      applied_type: 'B2C',
      reason: 'tax_id_invalid',
      message: `The customer's tax_id is a valid ${validation.type} but not a VAT or business tax registration; the sale is taxed as B2C.`,
    };
  }
  // A customer located in the EU is a taxable person there only with an EU VAT number (Implementing Regulation
  // 282/2011 Art. 18(1)(a); Directive 2006/112/EC Art. 214): a GB or other foreign VAT number does not make it one.
  if (locationCountry !== undefined && euMemberStates.has(locationCountry) && !euMemberStates.has(validation.country ?? '')) {
    return {
      ...base,
      applied_type: 'B2C',
      reason: 'tax_id_invalid',
      message: `The customer is located in ${locationCountry}, in the EU, but its tax_id is a ${validation.country ?? 'non-EU'} number, not an EU VAT number; the sale is taxed as B2C.`,
    };
  }
  return { ...base, applied_type: customer.type };
}
