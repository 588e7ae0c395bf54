/**
 * Unit tests of validateTaxId (src/domain/tax-ids/): prefixes, normalization, reasons, the country types tried in
 * order, unsupported and `other` types, and consistency. Example numbers are taken from the stdnum-js test vectors
 * (test/support/tax-id-vectors.ts) at run time.
 */
import fc from 'fast-check';
import { kindOfTaxIdType, supportedTaxIdCountries, supportedTaxIdTypes, TAX_ID_TYPE_CATALOGUE } from '../../../src/domain/tax-ids/type-index';
import type { TaxIdValidation } from '../../../src/domain/tax-ids/types';
import { validateTaxId } from '../../../src/domain/tax-ids/validator';
import { vectors, countryOf, definitionFor, requestFor, sample, digitsOnly } from '../../support/tax-id-vectors';

// ---------------------------------------------------------------------------------------------
// validateTaxId
// ---------------------------------------------------------------------------------------------

describe('validateTaxId', () => {
  const deVat = digitsOnly(sample('de/vat'));
  const grVat = digitsOnly(sample('gr/vat', true, (n) => digitsOnly(n).length === 9));
  const gbVat = digitsOnly(sample('gb/vat', true, (n) => digitsOnly(n).length === 9));

  it('validates an EU VAT number from its prefix alone, normalized as VIES shows it', () => {
    expect(validateTaxId({ tax_id: `DE${deVat}` })).toEqual({
      valid: true,
      country: 'DE',
      type: 'eu_vat',
      kind: 'vat',
      normalized: `DE${deVat}`,
      registry_checked: false,
    });
  });

  it('handles spaces, separators and lower case as stdnum does', () => {
    const spaced = `de ${deVat.slice(0, 3)} ${deVat.slice(3, 6)}-${deVat.slice(6)}`;
    for (const tax_id of [spaced, ` DE.${deVat} `, deVat]) {
      expect(validateTaxId({ tax_id, country: 'de' })).toMatchObject({ valid: true, normalized: `DE${deVat}` });
    }
  });

  it('writes Greek VAT numbers with EL, whether the input says EL, GR or nothing', () => {
    for (const req of [{ tax_id: `EL${grVat}` }, { tax_id: `GR ${grVat}`, country: 'GR' }, { tax_id: grVat, country: 'el' }]) {
      expect(validateTaxId(req)).toEqual({
        valid: true,
        country: 'GR',
        type: 'eu_vat',
        kind: 'vat',
        normalized: `EL${grVat}`,
        registry_checked: false,
      });
    }
  });

  it('treats XI numbers as Northern Ireland EU VAT (country GB) and GB numbers as gb_vat', () => {
    const xi = { valid: true, country: 'GB', type: 'eu_vat', kind: 'vat', normalized: `XI${gbVat}`, registry_checked: false };
    expect(validateTaxId({ tax_id: `XI ${gbVat}` })).toEqual(xi);
    expect(validateTaxId({ tax_id: gbVat, country: 'XI' })).toEqual(xi);
    expect(validateTaxId({ tax_id: `XI${gbVat}`, country: 'GB' })).toEqual(xi);
    expect(validateTaxId({ tax_id: `GB${gbVat}` })).toEqual({ ...xi, type: 'gb_vat', normalized: `GB${gbVat}` });
    expect(validateTaxId({ tax_id: gbVat, country: 'GB' })).toMatchObject({ valid: true, type: 'gb_vat' });
    // Since 2021 a GB-prefixed number is not an EU VAT number.
    expect(validateTaxId({ tax_id: `GB${gbVat}`, type: 'eu_vat' })).toMatchObject({
      valid: false,
      type: 'eu_vat',
      reason: 'invalid_format',
    });
  });

  it('reports why a number is not valid', () => {
    const last = Number(deVat.at(-1));
    const wrongCheck = `${deVat.slice(0, -1)}${(last + 1) % 10}`;
    expect(validateTaxId({ tax_id: `DE${wrongCheck}` })).toEqual({
      valid: false,
      country: 'DE',
      type: 'eu_vat',
      kind: 'vat',
      normalized: null,
      reason: 'invalid_checksum',
      registry_checked: false,
    });
    expect(validateTaxId({ tax_id: `DE${deVat.slice(1)}` })).toMatchObject({ valid: false, reason: 'invalid_length' });
    expect(validateTaxId({ tax_id: `DE${deVat.slice(0, 4)}X${deVat.slice(5)}` })).toMatchObject({
      valid: false,
      reason: 'invalid_format',
    });
  });

  it('without a type, tries the country types in order and names the one that matched', () => {
    const abn = sample('au/abn');
    const acn = sample('au/acn');
    expect(validateTaxId({ tax_id: abn, country: 'AU' })).toMatchObject({ valid: true, type: 'au_abn' });
    expect(validateTaxId({ tax_id: acn, country: 'AU' })).toMatchObject({ valid: true, type: 'au_acn' });
    // An ABN with a wrong check digit fails as an ABN (checksum), not as a TFN (length).
    const d = digitsOnly(abn);
    const bad = `${d.slice(0, -1)}${(Number(d.at(-1)) + 1) % 10}`;
    expect(validateTaxId({ tax_id: bad, country: 'AU' })).toMatchObject({
      valid: false,
      type: 'au_abn',
      reason: 'invalid_checksum',
    });
  });

  it('covers the types the issue names', () => {
    const cases: [string, string, string][] = [
      ['CA', 'ca_bn', 'ca/bn'],
      ['IN', 'in_gstin', 'in/gstin'],
      ['US', 'us_ein', 'us/ein'],
      ['BR', 'br_cnpj', 'br/cnpj'],
      ['AU', 'au_abn', 'au/abn'],
    ];
    for (const [country, type, module] of cases) {
      const n = sample(module);
      expect(validateTaxId({ tax_id: n, type })).toMatchObject({ valid: true, country, type });
      expect(validateTaxId({ tax_id: sample(module, false), country, type })).toMatchObject({ valid: false, type });
    }
    expect(validateTaxId({ tax_id: sample('br/cnpj', true, (n) => /[./-]/.test(n)), type: 'br_cnpj' }).normalized).toMatch(/^[0-9]{14}$/);
  });

  it('answers null/unsupported for an unsupported country, type or country/type pair', () => {
    const unsupported = { valid: null, kind: null, normalized: null, reason: 'unsupported', registry_checked: false };
    expect(validateTaxId({ tax_id: '12345678', country: 'NG' })).toEqual({ ...unsupported, country: 'NG', type: null });
    expect(validateTaxId({ tax_id: `DE${deVat}`, country: 'US', type: 'eu_vat' })).toEqual({
      ...unsupported,
      country: 'US',
      type: 'eu_vat',
    });
    expect(validateTaxId({ tax_id: sample('au/abn'), country: 'NZ', type: 'au_abn' })).toEqual({
      ...unsupported,
      country: 'NZ',
      type: 'au_abn',
    });
    expect(validateTaxId({ tax_id: '12345', country: 'DE', type: 'de_library_card' })).toEqual({
      ...unsupported,
      country: 'DE',
      type: 'de_library_card',
    });
    // An `other` type of another country is no more supported than a tax type would be.
    expect(validateTaxId({ tax_id: sample('de/pwnr'), country: 'AT', type: 'de_pwnr' })).toEqual({
      ...unsupported,
      country: 'AT',
      type: 'de_pwnr',
    });
    // No country, no prefix, no type: nothing to check against.
    expect(validateTaxId({ tax_id: '12345' })).toEqual({ ...unsupported, country: null, type: null });
  });

  it('answers the kind of the type it checked', () => {
    expect(validateTaxId({ tax_id: sample('au/abn'), country: 'AU' })).toMatchObject({ type: 'au_abn', kind: 'business' });
    expect(validateTaxId({ tax_id: sample('au/tfn'), country: 'AU' })).toMatchObject({ type: 'au_tfn', kind: 'individual' });
    expect(validateTaxId({ tax_id: sample('in/gstin', false), type: 'in_gstin' })).toMatchObject({ valid: false, kind: 'vat' });
    // Every type of the catalogue, named with its country, answers its own kind.
    for (const d of TAX_ID_TYPE_CATALOGUE) {
      const r = validateTaxId({ tax_id: '0', country: d.country ?? undefined, type: d.type });
      expect({ type: d.type, country: d.country, kind: r.kind }).toEqual({ type: d.type, country: d.country, kind: d.kind });
    }
  });

  it('never tries an `other` type (passport, bank account, ...) when the request names no type', () => {
    // A German identity-card number: valid when named, never chosen from the country alone.
    const idCard = sample('de/pwnr');
    expect(validateTaxId({ tax_id: idCard, type: 'de_pwnr' })).toMatchObject({ valid: true, type: 'de_pwnr', kind: 'other' });
    const r = validateTaxId({ tax_id: idCard, country: 'DE' });
    expect(r.kind).not.toBe('other');
    expect(r.type).not.toBe('de_pwnr');
    expect(validateTaxId({ tax_id: `DE${idCard}` }).kind).not.toBe('other');
    // gen_ean is never chosen either (no country to try it under, and it is `other`).
    expect(validateTaxId({ tax_id: sample('gen/ean') })).toMatchObject({ valid: null, kind: null, reason: 'unsupported' });
    // A country that has only `other` types answers unsupported without a type.
    const nric = sample('my/nric');
    expect(validateTaxId({ tax_id: nric, country: 'MY' })).toEqual({
      valid: null,
      country: 'MY',
      type: null,
      kind: null,
      normalized: null,
      reason: 'unsupported',
      registry_checked: false,
    });
    expect(supportedTaxIdCountries).not.toContain('MY');
    // Every vector of an `other` module, valid or not, given only its country (or only a VAT prefix).
    for (const v of vectors.filter((x) => definitionFor(x)?.kind === 'other')) {
      for (const req of [{ tax_id: v.number, country: countryOf(v) }, { tax_id: `${v.country.slice(0, 2)}${v.number}` }]) {
        const got = validateTaxId(req);
        expect({ line: v.line, other: got.kind === 'other' }).toEqual({ line: v.line, other: false });
      }
    }
  });

  it('validates an `other` type when the request names it, answering kind other', () => {
    const cases: [string, string, string][] = [
      ['DE', 'de_pwnr', 'de/pwnr'],
      ['MX', 'mx_clabe', 'mx/clabe'],
      ['IN', 'in_aadhaar', 'in/aadhaar'],
      ['MY', 'my_nric', 'my/nric'],
      ['CA', 'ca_bc_bhn', 'ca/bc_bhn'],
    ];
    for (const [country, type, module] of cases) {
      const n = sample(module);
      expect(validateTaxId({ tax_id: n, country, type })).toMatchObject({ valid: true, country, type, kind: 'other' });
      expect(validateTaxId({ tax_id: n, type })).toMatchObject({ valid: true, country, type, kind: 'other' });
      expect(validateTaxId({ tax_id: sample(module, false), country, type })).toMatchObject({
        valid: false,
        country,
        type,
        kind: 'other',
        normalized: null,
      });
    }
    // gen_ean belongs to no country: any given country is ignored, and the answer's is null.
    const eanNumber = sample('gen/ean');
    for (const country of [undefined, 'DE', 'us']) {
      expect(validateTaxId({ tax_id: eanNumber, country, type: 'GEN_EAN' })).toEqual({
        valid: true,
        country: null,
        type: 'gen_ean',
        kind: 'other',
        normalized: digitsOnly(eanNumber),
        registry_checked: false,
      });
    }
    expect(validateTaxId({ tax_id: sample('gen/ean', false), type: 'gen_ean' })).toMatchObject({ valid: false, kind: 'other' });
  });

  it('never throws, always says the registry was not consulted, and keeps its answer consistent', () => {
    const countries = fc.constantFrom(undefined, 'DE', 'gr', 'XI', 'GB', 'AU', 'US', 'NG', 'CH', 'MY', 'ZZ', '');
    const types = fc.constantFrom(undefined, 'eu_vat', 'au_abn', 'gb_vat', 'us_ein', 'de_passport', 'gen_ean', 'nope', '');
    const ids = fc.oneof(fc.string({ maxLength: 64 }), fc.stringMatching(/^(DE|EL|XI|GB|CHE|NO)?[ 0-9A-Z.\-/]{0,20}$/));
    fc.assert(
      fc.property(ids, countries, types, (tax_id, country, type) => {
        const r: TaxIdValidation = validateTaxId({ tax_id, country, type });
        expect(r.registry_checked).toBe(false);
        if (r.valid === null) expect(r.kind).toBeNull();
        else expect(r.kind).toBe(kindOfTaxIdType(r.type!));
        // Without a type, never an `other` type.
        if (!type) expect(r.kind).not.toBe('other');
        if (r.valid === true) {
          expect(typeof r.normalized).toBe('string');
          expect(r.reason).toBeUndefined();
          expect(supportedTaxIdTypes).toContain(r.type);
        } else if (r.valid === false) {
          expect(r.normalized).toBeNull();
          expect(['invalid_format', 'invalid_checksum', 'invalid_length']).toContain(r.reason);
        } else {
          expect(r).toMatchObject({ normalized: null, reason: 'unsupported' });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is fast enough to call in a loop (exported for bench/)', () => {
    const reqs = vectors.slice(0, 200).map(requestFor);
    const start = process.hrtime.bigint();
    for (let i = 0; i < 5; i++) for (const r of reqs) validateTaxId(r);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    expect(ms).toBeLessThan(2000);
  });
});
