/**
 * Unit tests of the tax-ID request schema (taxIdValidateRequestSchema) and of the type catalogue, which must be the
 * tables of docs/tax-ids.md (tax types, then `other` types).
 */
import { taxIdValidateRequestSchema } from '../../../src/domain/tax-ids/schema';
import { OVERRIDES } from '../../../src/domain/tax-ids/overrides';
import { kindOfTaxIdType, supportedTaxIdCountries, supportedTaxIdTypes, TAX_ID_TYPE_CATALOGUE } from '../../../src/domain/tax-ids/type-index';
import { TAX_KINDS } from '../../../src/domain/tax-ids/types';
import { docTable } from '../../support/tax-id-vectors';

// ---------------------------------------------------------------------------------------------
// Request schema
// ---------------------------------------------------------------------------------------------

describe('taxIdValidateRequestSchema', () => {
  const parse = (body: unknown) => taxIdValidateRequestSchema.safeParse(body);
  const issues = (body: unknown) => {
    const r = parse(body);
    expect(r.success).toBe(false);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('trims tax_id, upper-cases country and lower-cases type', () => {
    expect(parse({ tax_id: '  123 456  ', country: ' de ', type: ' EU_VAT ' })).toEqual({
      success: true,
      data: { tax_id: '123 456', country: 'DE', type: 'eu_vat' },
    });
  });

  it('requires tax_id: a non-empty string of at most 64 characters', () => {
    expect(issues({ country: 'DE' })).toEqual([expect.objectContaining({ path: 'tax_id' })]);
    expect(issues({ tax_id: '   ', country: 'DE' })).toEqual([{ path: 'tax_id', message: 'must not be empty' }]);
    expect(issues({ tax_id: 12345, country: 'DE' })[0]).toEqual({ path: 'tax_id', message: 'must be a string' });
    expect(issues({ tax_id: '1'.repeat(65), country: 'DE' })).toEqual([{ path: 'tax_id', message: 'must be at most 64 characters' }]);
    expect(parse({ tax_id: '1'.repeat(64), country: 'DE' }).success).toBe(true);
  });

  it('accepts assigned ISO alpha-2 codes and the VAT prefixes EL and XI as country', () => {
    expect(parse({ tax_id: '1', country: 'el' })).toMatchObject({ success: true, data: { country: 'EL' } });
    expect(parse({ tax_id: '1', country: 'Xi' })).toMatchObject({ success: true, data: { country: 'XI' } });
    for (const country of ['ZZ', 'D', 'DEU', '12', 7]) {
      expect(issues({ tax_id: '1', country })).toEqual([expect.objectContaining({ path: 'country' })]);
    }
  });

  it('accepts only supported types, naming the field', () => {
    expect(issues({ tax_id: '1', country: 'DE', type: 'de_library_card' })).toEqual([
      { path: 'type', message: expect.stringContaining('must be a supported tax ID type') },
    ]);
    for (const type of supportedTaxIdTypes) expect(parse({ tax_id: '1', country: 'DE', type }).success).toBe(true);
  });

  it('rejects unknown fields', () => {
    expect(issues({ tax_id: '1', country: 'DE', vat: true })).toEqual([expect.objectContaining({ message: expect.stringContaining('vat') })]);
  });

  it('needs country unless the number carries a VAT prefix or the type names one country', () => {
    expect(issues({ tax_id: '136695976' })).toEqual([
      { path: 'country', message: expect.stringContaining('is required unless tax_id starts with a VAT country prefix') },
    ]);
    expect(issues({ tax_id: '136695976', type: 'eu_vat' })).toEqual([expect.objectContaining({ path: 'country' })]);
    for (const tax_id of ['DE136695976', 'de 136695976', 'EL094259216', 'XI980780684', 'GB980780684', 'CHE-1', 'NO 1 MVA']) {
      expect(parse({ tax_id }).success).toBe(true);
    }
    expect(parse({ tax_id: '51 824 753 556', type: 'au_abn' }).success).toBe(true);
    expect(parse({ tax_id: 'C01X00T47', type: 'de_passport' }).success).toBe(true);
    // gen_ean belongs to no country.
    expect(parse({ tax_id: '98412345678908', type: 'gen_ean' }).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

describe('type catalogue', () => {
  it('covers at least 60 countries with tax types, one stdnum module per (country, type)', () => {
    expect(supportedTaxIdCountries.length).toBeGreaterThanOrEqual(60);
    for (const c of supportedTaxIdCountries) {
      expect(TAX_ID_TYPE_CATALOGUE.some((d) => d.country === c && TAX_KINDS.includes(d.kind))).toBe(true);
    }
    const keys = TAX_ID_TYPE_CATALOGUE.map((d) => `${d.country}:${d.type}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives each type name one kind, and only gen_ean no country', () => {
    for (const d of TAX_ID_TYPE_CATALOGUE) expect(kindOfTaxIdType(d.type)).toBe(d.kind);
    expect(TAX_ID_TYPE_CATALOGUE.filter((d) => d.country === null)).toEqual([expect.objectContaining({ type: 'gen_ean', module: 'gen/ean', kind: 'other' })]);
  });

  it('names types Stripe-style: {country}_{name}, or eu_vat for EU member states and XI', () => {
    const euVat = TAX_ID_TYPE_CATALOGUE.filter((d) => d.type === 'eu_vat').map((d) => d.country);
    expect(euVat.sort()).toEqual('AT BE BG CY CZ DE DK EE ES FI FR GB GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));
    for (const d of TAX_ID_TYPE_CATALOGUE) {
      expect(d.type).toMatch(/^([a-z]{2}|gen)_[a-z0-9_]+$/);
      const prefix = d.country?.toLowerCase() ?? 'gen';
      if (d.type !== 'eu_vat') expect(d.type.slice(0, prefix.length + 1)).toBe(`${prefix}_`);
      expect(d.module).toMatch(/^([a-z]{2}|gen)\/[a-z0-9_]+$/);
      // `other` types are always {country}_{stdnum module}.
      if (d.kind === 'other') expect(d.type).toBe(d.module.replace('/', '_'));
    }
  });

  it('is the tables in docs/tax-ids.md (tax types, then `other` types)', () => {
    const kindName = (k: string) => (k === 'vat' ? 'VAT' : k);
    const key = (country: string | null, type: string, module: string, kind: string) => `${country ?? '—'} ${type} ${module} ${kind}`;
    // The kind column marks register numbers and types tried only when named; "checked by" names
    // the python-stdnum module an override follows.
    const kindCell = (d: (typeof TAX_ID_TYPE_CATALOGUE)[number]) =>
      kindName(d.kind) + (d.register ? ' (register)' : '') + (d.subsumedBy ? ` (only when named; ${d.subsumedBy} checks it in full)` : '');
    const checkedBy = (d: (typeof TAX_ID_TYPE_CATALOGUE)[number]) => (d.override ? `Levy, after python-stdnum ${OVERRIDES[d.module]!.follows}` : 'stdnum-js');
    const rows = docTable('types').map(([country, type, module, kind, by]) => `${country} ${type} ${module} ${kind} / ${by}`);
    expect(rows.sort()).toEqual(
      TAX_ID_TYPE_CATALOGUE.filter((d) => d.kind !== 'other')
        .map((d) => `${key(d.country, d.type, d.module, kindCell(d))} / ${checkedBy(d)}`)
        .sort(),
    );
    // The overrides table names every override with the module it follows and the one it replaces.
    expect(docTable('overrides').map(([module, follows, replaces]) => `${module} ${follows} ${replaces}`)).toEqual(
      Object.entries(OVERRIDES)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([module, o]) => `${module} stdnum/${o.follows}.py ${o.replaces === null ? '—' : `src/${o.replaces}.ts`}`),
    );
    const others = docTable('other-types').map(([country, type, module]) => `${country} ${type} ${module} other`);
    expect(others.sort()).toEqual(
      TAX_ID_TYPE_CATALOGUE.filter((d) => d.kind === 'other')
        .map((d) => key(d.country, d.type, d.module, d.kind))
        .sort(),
    );
  });
});
