/** Use case: Levy's tax-code catalogue, read from the bundled data: the same for every account. */
import { found } from '../domain/errors';
import type { Page } from '../domain/records/record';
import { taxCode, taxCodes, type TaxCode } from '../domain/tax/tax-codes';

/** The whole catalogue in one page (about 50 codes), in the list shape of every other list route. */
export const listTaxCodes = (): Page<TaxCode> => ({ data: [...taxCodes()], has_more: false });

export const getTaxCode = (id: string): TaxCode => found(taxCode(id), 'tax code', id);
