/**
 * Agreement of `validateTaxId` with python-stdnum (https://github.com/arthurdejong/python-stdnum),
 * with only `country` given: its published test vectors (`tests/*.doctest`, read
 * at run time from a folder outside the repository: nothing of python-stdnum is copied in) must
 * agree on at least 99.5 % of the vectors of taxpayer and business-register modules, with at least
 * 98 % answered (a verdict other than `unsupported`). docs/tax-ids.md states the figures and lists
 * the remaining disagreements for the python-stdnum commit it names.
 *
 * A few examples from python-stdnum's module docstrings run without the vectors, so CI (no
 * internet, usually no vectors) still checks the overrides the issue names.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PYTHON_STDNUM_EXPORT_DIR, PYTHON_STDNUM_TESTS_ENV, pythonStdnumTestFolders } from '../../../local/vectors/python-stdnum-paths';
import { OVERRIDES } from '../../../src/domain/tax-ids/overrides';
import { TAX_ID_TYPE_CATALOGUE } from '../../../src/domain/tax-ids/type-index';
import { validateTaxId } from '../../../src/domain/tax-ids/validator';
import { NOT_TAX_IDENTIFIERS, readPythonStdnumVectors } from '../../support/python-stdnum';
import { docTable } from '../../support/tax-ids-doc';

const AGREE_AT_LEAST = 99.5;
const ANSWER_AT_LEAST = 98;

// ---------------------------------------------------------------------------------------------
// Examples that need no vectors: python-stdnum's own docstring examples of the modules Levy
// overrides (each source: the docstring of python-stdnum `stdnum/<cc>/<name>.py`).
// ---------------------------------------------------------------------------------------------

describe('overrides follow python-stdnum (docstring examples, country only)', () => {
  const cases: [country: string, number: string, valid: boolean, type: string, source: string][] = [
    ['MX', 'GODE 561231 GR8', true, 'mx_rfc', 'stdnum/mx/rfc.py docstring: personal number'],
    ['MX', 'MAB-930714-8T4', true, 'mx_rfc', 'stdnum/mx/rfc.py docstring: company number'],
    ['MX', 'COMG-600703', true, 'mx_rfc', 'stdnum/mx/rfc.py docstring: personal number without serial'],
    ['MX', 'VACE-460910-SX6', true, 'mx_rfc', 'stdnum/mx/rfc.py docstring (check digit not verified by default)'],
    ['SV', '0614-050707-104-8', true, 'sv_nit', 'stdnum/sv/nit.py docstring'],
    ['SV', '0614-050707-104-0', false, 'sv_nit', 'stdnum/sv/nit.py docstring: InvalidChecksum'],
    ['AD', 'U-132950-X', true, 'ad_nrt', 'stdnum/ad/nrt.py docstring'],
    ['AD', 'I 706193 G', false, 'ad_nrt', 'stdnum/ad/nrt.py docstring: InvalidComponent'],
    ['PY', '80028061-0', true, 'py_ruc', 'stdnum/py/ruc.py docstring'],
    ['PY', '9991603', true, 'py_ruc', 'stdnum/py/ruc.py docstring (7 digits)'],
    ['PY', '800532492', false, 'py_ruc', 'stdnum/py/ruc.py docstring: InvalidChecksum'],
    ['ID', '01.312.166.0-091.000', true, 'id_npwp', 'stdnum/id/npwp.py docstring'],
    ['BG', '175074752', true, 'eu_vat', 'stdnum/bg/vat.py docstring'],
    ['BG', '175074751', false, 'eu_vat', 'stdnum/bg/vat.py docstring: invalid check digit'],
    ['AZ', '140 155 5071', true, 'az_tin', 'stdnum/az/voen.py docstring'],
    ['AZ', '140 155 5081', false, 'az_tin', 'stdnum/az/voen.py docstring: InvalidChecksum'],
    ['CN', '91110000600037341L', true, 'cn_tin', 'stdnum/cn/uscc.py docstring'],
    ['ES', 'ES00008V1488Q', true, 'es_cae', 'stdnum/es/cae.py docstring'],
    ['SK', '00177041', true, 'sk_ico', 'stdnum/cz/ico.py docstring (python-stdnum stdnum/sk/ico.py delegates to it)'],
    ['FR', 'FR023004N9448', true, 'fr_accise', 'stdnum/fr/accise.py docstring'],
    ['US', 'P-00634642', true, 'us_ptin', 'stdnum/us/ptin.py docstring'],
    ['RU', '1022200525819', true, 'ru_ogrn', 'stdnum/ru/ogrn.py docstring (OGRN)'],
    ['RU', '385768585948949', true, 'ru_ogrn', 'stdnum/ru/ogrn.py docstring (OGRNIP)'],
    ['DO', '00113918205', true, 'do_cedula', 'stdnum/do/cedula.py docstring'],
    ['DO', '00113918204', false, 'do_cedula', 'stdnum/do/cedula.py docstring: InvalidChecksum'],
  ];
  it.each(cases)('%s %s -> valid %s as %s (%s)', (country, number, valid, type) => {
    expect(validateTaxId({ tax_id: number, country })).toMatchObject({ valid, type });
  });

  // Numbers that are valid as two types of their country: from the country alone the first type in
  // catalogue order answers, so these name their type.
  it.each<[string, string, boolean, string, string]>([
    ['DE', '36 574 261 809', true, 'de_idnr', 'stdnum/de/idnr.py docstring (also a valid Steuernummer)'],
    ['DE', '36574261890', false, 'de_idnr', 'stdnum/de/idnr.py docstring: InvalidChecksum'],
    ['US', '912-90-3456', true, 'us_itin', 'stdnum/us/itin.py docstring (also a valid EIN, prefix 91)'],
    ['US', '9129-03456', false, 'us_itin', 'stdnum/us/itin.py docstring: dash in the wrong place'],
  ])('%s %s named as its type -> valid %s as %s (%s)', (country, number, valid, type) => {
    expect(validateTaxId({ tax_id: number, country, type })).toMatchObject({ valid, type });
  });

  it('registers an override for every catalogue row marked `override`, naming the python-stdnum module it follows', () => {
    for (const d of TAX_ID_TYPE_CATALOGUE.filter((x) => x.override)) {
      const o = OVERRIDES[d.module];
      expect({ module: d.module, follows: o?.follows }).toEqual({ module: d.module, follows: expect.stringMatching(/^[a-z]{2}\/[a-z_]+$/) });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// python-stdnum's test vectors
// ---------------------------------------------------------------------------------------------

const folders = pythonStdnumTestFolders();
const folder = folders.find((f) => existsSync(f) && readdirSync(f).some((n) => n.endsWith('.doctest')));

if (folder === undefined) {
  process.stdout.write(
    `\npython-stdnum test vectors not found; looked in:\n${folders.map((f) => `  ${f}\n`).join('')}` +
      `Get them with \`npm run vectors:python-stdnum -- <python-stdnum git dir or checkout>\` ` +
      `(git clone https://github.com/arthurdejong/python-stdnum), or set ${PYTHON_STDNUM_TESTS_ENV} to its tests/ folder.\n` +
      `Skipping the python-stdnum agreement test.\n`,
  );
}

if (folder === undefined) {
  // Shown as skipped in Jest's summary; the message above says how to get the vectors.
  describe.skip(`python-stdnum test vectors (not found in ${folders.join(', ')})`, () => {
    it('needs python-stdnum tests/*.doctest: npm run vectors:python-stdnum -- <git dir or checkout>', () => undefined);
  });
} else {
  vectorSuite(folder);
}

function vectorSuite(dir: string): void {
  describe(`python-stdnum test vectors (${dir})`, () => {
    const commitFile = join(dirname(dir), 'COMMIT');
    const commit = existsSync(commitFile) ? readFileSync(commitFile, 'utf8').trim() : 'unknown';
    const { vectors, skipped } = readPythonStdnumVectors(dir);
    const inScope = vectors.filter((v) => !(v.module in NOT_TAX_IDENTIFIERS));

    const results = inScope.map((v) => {
      const got = validateTaxId({ tax_id: v.number, country: v.country });
      return { v, got, agrees: got.valid === v.expectedValid };
    });
    const answered = results.filter((r) => r.got.valid !== null).length;
    const agreeing = results.filter((r) => r.agrees).length;
    const disagreements = results.filter((r) => !r.agrees);
    const pct = (a: number, b: number) => (b === 0 ? 0 : (100 * a) / b);
    const fmt = (a: number, b: number) => `${a} / ${b} = ${pct(a, b).toFixed(2)} %`;
    const levyAnswer = (r: (typeof results)[number]) => (r.got.valid === null ? 'unsupported' : `${r.got.valid ? 'valid' : r.got.reason} as ${r.got.type}`);

    const figures = {
      'python-stdnum commit': commit,
      'Vectors read (modules of one country)': String(vectors.length),
      'Vectors of taxpayer and business-register modules': String(inScope.length),
      [`Answered (not unsupported), gated at ${ANSWER_AT_LEAST} %`]: fmt(answered, inScope.length),
      [`Agreement, country only, gated at ${AGREE_AT_LEAST} %`]: fmt(agreeing, inScope.length),
    };
    const found = disagreements.map((r) => [`${r.v.file}:${r.v.line}`, r.v.module, r.v.number, String(r.v.expectedValid), levyAnswer(r)].join(' '));

    it(`agrees on at least ${AGREE_AT_LEAST} % and answers at least ${ANSWER_AT_LEAST} % of the taxpayer and business-register vectors`, () => {
      const report =
        `\npython-stdnum vectors (${dir}):\n${Object.entries(figures)
          .map(([k, v]) => `  ${k}: ${v}`)
          .join('\n')}\n` + found.map((f) => `  disagreement: ${f}\n`).join('');
      process.stdout.write(report);
      if (dir === resolve(PYTHON_STDNUM_EXPORT_DIR, 'tests')) {
        mkdirSync(PYTHON_STDNUM_EXPORT_DIR, { recursive: true });
        writeFileSync(join(PYTHON_STDNUM_EXPORT_DIR, 'agreement.json'), `${JSON.stringify({ figures, disagreements: found }, null, 2)}\n`);
      }
      expect(pct(answered, inScope.length)).toBeGreaterThanOrEqual(ANSWER_AT_LEAST);
      expect(pct(agreeing, inScope.length)).toBeGreaterThanOrEqual(AGREE_AT_LEAST);
    });

    it('reads the doctests: thousands of vectors, every module left out named and none of them a Levy tax type', () => {
      expect(inScope.length).toBeGreaterThan(5000);
      // Examples with extra arguments (`validate(n, 'Berlin')`, `allow_future=False`) are skipped by
      // design; a parser regression would show here as many more.
      expect(skipped.length).toBeLessThan(60);
      const modules = new Set(vectors.map((v) => v.module));
      for (const [module] of Object.entries(NOT_TAX_IDENTIFIERS)) {
        expect({ module, read: modules.has(module) }).toEqual({ module, read: true });
        const [cc, name] = module.split('.') as [string, string];
        const levy = TAX_ID_TYPE_CATALOGUE.find((d) => d.country === cc.toUpperCase() && d.module === `${cc}/${name}`);
        expect({ module, kind: levy === undefined ? 'none' : levy.kind === 'other' ? 'other' : 'tax' }).not.toEqual({ module, kind: 'tax' });
      }
    });

    it('never answers a vector with an `other` type (country only)', () => {
      const all = vectors.map((v) => validateTaxId({ tax_id: v.number, country: v.country }));
      expect(all.filter((g) => g.kind === 'other')).toEqual([]);
    });

    // docs/tax-ids.md describes one python-stdnum commit; other commits are reported, not compared.
    it('docs/tax-ids.md states these figures and lists exactly these disagreements (for the commit it names)', () => {
      const documented = Object.fromEntries(docTable('python-stdnum-figures').map(([k, v]) => [k, v]));
      if (documented['python-stdnum commit'] !== commit) {
        process.stdout.write(
          `\ndocs/tax-ids.md describes python-stdnum ${documented['python-stdnum commit']}; these vectors are from ${commit}: docs not compared.\n`,
        );
        return;
      }
      expect(documented).toEqual(figures);
      expect(docTable('python-stdnum-disagreements').map((cells) => cells.join(' '))).toEqual(found);
    });
  });
}
