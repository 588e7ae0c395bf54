/** Test support: a customer's treatment with its tax ID validated on the spot, as the quote use case does it. */
import { customerTreatment, taxIdCheckOf, type CustomerTreatment, type DeclaredCustomer } from '../../src/domain/tax/customer-treatment';
import { validateTaxIdWhere } from '../../src/domain/tax-ids/validator';

export function treatCustomer(customer: DeclaredCustomer, locationCountry: string | undefined): CustomerTreatment {
  const check = taxIdCheckOf(customer, locationCountry);
  return customerTreatment(customer, locationCountry, check ? validateTaxIdWhere(check, check.locationCountry) : null);
}
