/**
 * Use case: POST /v1/tax/id-validate. The same verdict as src/domain/tax-ids/validator.ts gives, over only the
 * stdnum country modules the request can need (loaded first): a cold start does not parse all 89 of them.
 */
import { stdnumFoldersFor, taxIdValidation, type StdnumModules } from '../domain/tax-ids/validation';
import type { TaxIdValidateInput, TaxIdValidation } from '../domain/tax-ids/types';
import type { StdnumModuleLoader } from '../ports/tax-id-modules';

/** One validation (its rows built once per country) per lookup: the loader answers the same lookup every time. */
const validations = new WeakMap<StdnumModules, ReturnType<typeof taxIdValidation>>();

export async function validateTaxIdOnDemand(deps: { stdnumModules: StdnumModuleLoader }, request: TaxIdValidateInput): Promise<TaxIdValidation> {
  const modules = await deps.stdnumModules.load(stdnumFoldersFor(request));
  let validation = validations.get(modules);
  if (!validation) validations.set(modules, (validation = taxIdValidation(modules)));
  return validation.validateTaxId(request);
}
