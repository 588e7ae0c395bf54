/**
 * Domain (pure): offline tax-ID validation over every stdnum module (validation.ts has the rules): what the quote
 * path (in its own chunk), the customers and the tests use. The id-validate route loads a request's own country
 * modules instead (src/usecases/validate-tax-id.ts), so its cold start does not parse stdnum's 105 countries.
 */
import { entityValidators, stdnum, type Validator } from 'stdnum';
// stdnum 1.12.0's index leaves out its country-independent modules (`gen/`) and Sri Lanka (`lk/`).
import * as gen from 'stdnum/lib/cjs/gen';
import * as lk from 'stdnum/lib/cjs/lk';
import { taxIdValidation, type StdnumModule } from './validation';

/** stdnum's `stdnum` table omits AI (its index forgets it); its entity list carries it. */
const AI: StdnumModule = { tin: entityValidators.AI![0]! as Validator };

const allModules = (code: string): StdnumModule | undefined =>
  (stdnum as Record<string, StdnumModule>)[code] ??
  (code === 'AI' ? AI : code === 'GEN' ? (gen as unknown as StdnumModule) : code === 'LK' ? (lk as unknown as StdnumModule) : undefined);

export const { validateTaxId, validateTaxIdWhere, checkTaxIdWhere } = taxIdValidation(allModules);
