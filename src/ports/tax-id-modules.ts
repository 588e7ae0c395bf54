/**
 * Port: the stdnum country modules a tax-ID check reads (src/domain/tax-ids/validation.ts), loaded by folder
 * (`DE`, `GEN`) on first need. `load` answers the one lookup over every module loaded so far.
 */
import type { StdnumModules } from '../domain/tax-ids/validation';

export interface StdnumModuleLoader {
  load(folders: readonly string[]): Promise<StdnumModules>;
}
