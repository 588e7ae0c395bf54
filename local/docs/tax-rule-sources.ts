/**
 * Docs: the "Rules and their sources" section of docs/tax-rules.md, rendered from the rule data (data/*.json) and
 * the list of the rules that live in code (rules-in-code.ts), so the docs never hold a second copy. `npm run docs:tax-rules`
 * rewrites the section; unit tests fail when it is stale or when a rule row has no source.
 * The data files are read as they are (rows tolerated with `from`/`to` or `effective_from`/`effective_to`, `source` or
 * `cite`), so that other changes to their shape do not break the docs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, replaceSection } from './markdown';
import { rulesInCode } from './rules-in-code';

export { rulesInCode };

const SECTION_START = '<!-- rule-sources:start (generated from data/*.json and local/docs/tax-rule-sources.ts by `npm run docs:tax-rules`) -->';
const SECTION_END = '<!-- rule-sources:end -->';

type Row = Record<string, unknown>;

const readData = (file: string): Row => JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', file), 'utf8')) as Row;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const fromOf = (row: Row): string => text(row.effective_from ?? row.from);
const toOf = (row: Row): string => text(row.effective_to ?? row.to);
const sourceOf = (row: Row): string => text(row.source ?? row.cite);
const pct = (value: unknown): string => (typeof value === 'number' ? `${value} %` : text(value));

function vatStandardTable(): string {
  const rows = rowsOf(readData('vat-standard-rates.json').countries).flatMap((country) =>
    rowsOf(country.rates).map((rate) => [country.country, text(country.tax_name), pct(rate.standard), fromOf(rate), toOf(rate), sourceOf(rate)]),
  );
  return markdownTable(['country', 'tax', 'standard rate', 'from', 'to', 'source'], rows);
}

function categoryRateTable(): string {
  const rows = rowsOf(readData('vat-reduced-rates.json').entries).map((entry) => [
    entry.country,
    text(entry.category),
    pct(entry.rate),
    fromOf(entry),
    toOf(entry),
    sourceOf(entry),
  ]);
  return markdownTable(['country', 'category', 'rate', 'from', 'to', 'source'], rows);
}

function taxCodeRateTable(): string {
  // A tax code's own rows (data/tax-codes.json names the codes), sorted by country as the file keeps them.
  const rows = rowsOf(readData('vat-tax-code-rates.json').entries).map((entry) => [
    entry.country,
    text(entry.tax_code),
    pct(entry.rate),
    fromOf(entry),
    toOf(entry),
    sourceOf(entry),
  ]);
  return markdownTable(['country', 'tax code', 'rate', 'from', 'to', 'source'], rows);
}

function canadaTables(): string {
  const data = readData('canada-provinces.json');
  const provinces = rowsOf(data.provinces);
  const rates = provinces.flatMap((p) =>
    rowsOf(p.rates).map((rate) => [p.code, p.regime, pct(rate.provincial_rate), fromOf(rate), toOf(rate), sourceOf(rate)]),
  );
  const appliesText = (value: unknown): string => (Array.isArray(value) ? `only ${value.join(', ')}` : text(value));
  const taxability = provinces.flatMap((p) =>
    Object.entries((p.provincial_tax_applies ?? {}) as Record<string, unknown>).flatMap(([category, rows]) =>
      rowsOf(rows).map((row) => [p.code, category, appliesText(row.applies), fromOf(row), toOf(row), sourceOf(row)]),
    ),
  );
  const resale = (data.resale_exempts_provincial_tax ?? {}) as Row;
  const zeroRated = rowsOf(data.zero_rated_tax_codes).map((row) => [`zero-rated tax code ${text(row.tax_code)} (GST/HST, QST, PST)`, 'true', sourceOf(row)]);
  const rebated = rowsOf(data.provincial_part_rebated_tax_codes).map((row) => [
    `${text(row.province)}: provincial part of the HST rebated on ${text(row.tax_code)} (from ${fromOf(row)}${toOf(row) ? ` to ${toOf(row)}` : ''})`,
    'true',
    sourceOf(row),
  ]);
  return [
    markdownTable(['province', 'regime', 'provincial rate', 'from', 'to', 'source'], rates),
    '',
    markdownTable(['province', 'category', 'provincial tax applies', 'from', 'to', 'source'], taxability),
    '',
    markdownTable(['rule', 'applies', 'source'], [['PST/RST exempt for resale', text(resale.value), sourceOf(resale)], ...zeroRated, ...rebated]),
  ].join('\n');
}

function usTables(): string {
  const data = readData('us-states.json');
  const states = rowsOf(data.states);
  const rates = states.flatMap((s) => rowsOf(s.rates).map((rate) => [s.code, pct(rate.state_rate), fromOf(rate), toOf(rate), sourceOf(rate)]));
  // A category's rules, then the state's tax-code rules (data/tax-codes.json), then the tax-code rules of every other state.
  const ruleLists = (s: Row): [string, unknown][] => [
    ...Object.entries((s.taxability ?? {}) as Record<string, unknown>),
    ...Object.entries((s.tax_codes ?? {}) as Record<string, unknown>),
  ];
  const everyState = { code: 'every state without its own', tax_codes: data.tax_codes } as Row;
  const taxability = [...states, everyState].flatMap((s) =>
    ruleLists(s).flatMap(([category, rule]) =>
      (Array.isArray(rule) ? (rule as Row[]) : [rule as Row]).map((r) => {
        const details = [
          r.customers !== undefined ? `${text(r.customers)} only` : '',
          r.local === false ? 'no local taxes' : '',
          r.note !== undefined ? `note ${text(r.note)}` : '',
          r.share_pct !== undefined ? `${text(r.share_pct)} % of the price` : '',
          r.state_rate_pct !== undefined ? `state rate ${text(r.state_rate_pct)} %` : '',
          fromOf(r) ? `from ${fromOf(r)}` : '',
          toOf(r) ? `to ${toOf(r)}` : '',
        ]
          .filter(Boolean)
          .join('; ');
        return [s.code, category, r.taxable === true ? 'taxable' : 'not taxable', details, sourceOf(r)];
      }),
    ),
  );
  // GOVERNMENT has one default per level (federal, state, local); NONPROFIT is decided per state.
  const exemptions = Object.entries((data.exemptions ?? {}) as Record<string, Row>).flatMap(([type, rule]) => {
    if (rule.exempt === undefined)
      return Object.entries(rule as Record<string, Row>).map(([level, r]) => [`${type} (${level}), default`, text(r.exempt), sourceOf(r)]);
    return [[type, rule.exempt === 'per_state' ? 'per state (below)' : text(rule.exempt), sourceOf(rule)]];
  });
  const perState = states.flatMap((s) => [
    [s.code, 'NONPROFIT', text(s.nonprofit_exempt), sourceOf({ cite: s.nonprofit_cite })],
    ...Object.entries((s.government ?? {}) as Record<string, Row>).map(([level, r]) => [s.code, `GOVERNMENT (${level})`, text(r.exempt), sourceOf(r)]),
  ]);
  return [
    markdownTable(['state', 'state rate', 'from', 'to', 'source'], rates),
    '',
    markdownTable(['state', 'category or tax code', 'rule', 'details', 'source'], taxability),
    '',
    markdownTable(['customer type', 'exempt', 'source'], exemptions),
    '',
    markdownTable(['state', 'customer type', 'exempt', 'source'], perState),
  ].join('\n');
}

function placeOfSupplyTable(): string {
  const rows = rowsOf(readData('place-of-supply.json').rules).map((r) => [
    r.area,
    r.kind,
    r.customers,
    fromOf(r),
    r.place,
    [text(r.note), text(r.same_area_note)].filter(Boolean).join(', '),
    sourceOf(r),
  ]);
  return markdownTable(['area', 'kind', 'customers', 'from', 'place', 'notes', 'source'], rows);
}

function sectionMarkdown(): string {
  return [
    'Every rule Levy applies, with its source. The data tables are generated from `data/*.json` (one row per dated',
    'row); a row of a file holds until the next row of the same key. A test fails when this section is stale or when',
    'a rule row has an empty source.',
    '',
    '### Rules in code',
    '',
    markdownTable(
      ['rule', 'code', 'source'],
      rulesInCode.map((r) => [r.rule, `\`${r.code}\``, r.source]),
    ),
    '',
    '### Place of supply of remote services (`data/place-of-supply.json`)',
    '',
    placeOfSupplyTable(),
    '',
    '### Standard VAT/GST rates (`data/vat-standard-rates.json`)',
    '',
    vatStandardTable(),
    '',
    '### Category rates (`data/vat-reduced-rates.json`)',
    '',
    categoryRateTable(),
    '',
    '### Tax-code rates (`data/vat-tax-code-rates.json`)',
    '',
    taxCodeRateTable(),
    '',
    '### Canada (`data/canada-provinces.json`)',
    '',
    canadaTables(),
    '',
    '### United States (`data/us-states.json`)',
    '',
    usTables(),
  ].join('\n');
}

/** docs/tax-rules.md with its rule-sources section replaced by the current one. */
export function withRuleSources(doc: string): string {
  return replaceSection(doc, { start: SECTION_START, end: SECTION_END, document: 'docs/tax-rules.md' }, sectionMarkdown());
}

/** Every Markdown table row of a document whose header has a `source` column, with that column's cell. */
export function sourceCells(doc: string): { line: number; row: string; source: string }[] {
  const lines = doc.split('\n');
  const found: { line: number; row: string; source: string }[] = [];
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.trim().startsWith('|') || !/^\|?\s*:?-{3,}/.test(lines[i + 1]!.trim())) continue;
    const column = cells(lines[i]!).findIndex((h) => /^source/i.test(h));
    if (column < 0) continue;
    for (let j = i + 2; j < lines.length && lines[j]!.trim().startsWith('|'); j++) {
      found.push({ line: j + 1, row: lines[j]!, source: cells(lines[j]!)[column] ?? '' });
    }
  }
  return found;
}
