/** Test support: a customer's treatment with its tax ID validated on the spot, as the quote use case does it. */
import { customerTreatment, taxIdCheckOf, type CustomerTreatment, type DeclaredCustomer } from '../../src/domain/tax/customer-treatment';
import { checkTaxIdWhere } from '../../src/domain/tax-ids/validator';

export function treatCustomer(customer: DeclaredCustomer, locationCountry: string | undefined): CustomerTreatment {
  const check = taxIdCheckOf(customer, locationCountry);
  return customerTreatment(customer, locationCountry, check ? checkTaxIdWhere(check, check.locationCountry) : null);
}
