/**
 * Unit: the id-validate route's on-demand stdnum modules (src/composition/stdnum-modules.ts) cover every folder the
 * tax-ID catalogue uses, and the verdicts over a request's own modules equal those over every module
 * (src/domain/tax-ids/validator.ts), for every catalogue type's samples and for requests that name no country.
 */
import { STDNUM_FOLDERS, stdnumModules } from '../../../src/composition/stdnum-modules';
import { TAX_ID_TYPE_CATALOGUE } from '../../../src/domain/tax-ids/type-index';
import { validateTaxId } from '../../../src/domain/tax-ids/validator';
import { validateTaxIdOnDemand } from '../../../src/usecases/validate-tax-id';

describe('stdnum modules on demand', () => {
  it('has a loader for every stdnum folder the catalogue uses', () => {
    const used = [...new Set(TAX_ID_TYPE_CATALOGUE.filter((d) => d.override === undefined).map((d) => d.module.split('/')[0]!.toUpperCase()))];
    expect(used.filter((folder) => !(folder in STDNUM_FOLDERS))).toEqual([]);
  });

  it('answers as the validator over every module does', async () => {
    const requests = [
      { tax_id: 'DE136695976' },
      { tax_id: 'FR40303265045' },
      { tax_id: 'EL094259216' },
      { tax_id: 'XI980780684' },
      { tax_id: '53 004 085 616', country: 'AU' },
      { tax_id: '53 004 085 616', type: 'au_abn' },
      { tax_id: '4006381333931', type: 'gen_ean' },
      { tax_id: '12345', country: 'NG' },
      { tax_id: '12345' },
      { tax_id: 'DE136695975' },
      ...TAX_ID_TYPE_CATALOGUE.map((d) => ({ tax_id: '0000000000', country: d.country ?? undefined, type: d.type })),
    ];
    for (const request of requests) expect([request, await validateTaxIdOnDemand({ stdnumModules }, request)]).toEqual([request, validateTaxId(request)]);
  });
});
