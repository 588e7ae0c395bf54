/**
 * Domain (pure data, validated at load): a tax code's own VAT/GST rates per country (data/vat-tax-code-rates.json:
 * food, medicines, printed books and press...). Only src/domain/tax/tax-codes.ts imports it, and the rate function
 * loads that catalogue on demand (with the first sale naming a code), so a category sale's cold start never parses
 * these rows (test/infra/bundle.test.ts). The engine reads them through TaxCodeRules (rate-types.ts).
 */
import vatTaxCodeJson from '#data/vat-tax-code-rates.json';
import { parseDataFile } from './data-file';
import { datedRate, type DatedRate } from './rate-data';
import { rateDataSchemas } from './rate-data-schema';
import { rowOn, seriesByTwoKeys } from './rate-history';

const vatTaxCodeRates = parseDataFile('vat-tax-code-rates.json', () => rateDataSchemas().vatTaxCodeSchema, vatTaxCodeJson);

/** Each country's rows per code, in data order (the schema checks each series is sorted and never overlaps). */
const rowsByCountry = seriesByTwoKeys(
  vatTaxCodeRates.entries,
  (entry) => entry.country,
  (entry) => entry.tax_code,
);

/** The tax codes with rows of their own in some VAT country. */
const codesWithRows = new Set(vatTaxCodeRates.entries.map((entry) => entry.tax_code));

/** The tax codes this file names (for the catalogue's check that each exists). */
export const vatTaxCodesWithRows = (): string[] => [...codesWithRows];

/**
 * A tax code's VAT in a country on a date, from one look-up of its rows: its own rate (GB zero-rated food, DE 7 %
 * books); 'category' when the country has no row for it that day and its category's rate applies (reducedVatRate,
 * else the standard rate); or 'unmodelled' when the data leaves it unmodelled: the code has rows somewhere (it is
 * known to be taxed apart from its category), but none for this country, or none yet on this date (before its first
 * row). Its category's rate is answered then, and the answer says so (docs/tax-rules.md, Tax codes). Between two
 * rows (a row's effective_to, then a gap) the data says the category rate applied: that is modelled.
 */
export function taxCodeVat(country: string, taxCode: string, date: string): DatedRate | 'category' | 'unmodelled' {
  const rows = rowsByCountry.get(country)?.get(taxCode);
  const found = rowOn(rows ?? [], date);
  if (found.kind === 'row') return datedRate(found.row, found.row.rate);
  return codesWithRows.has(taxCode) && (!rows || found.kind === 'before_history') ? 'unmodelled' : 'category';
}

/** A tax code's own rate in a country on a date, or undefined when its category's rate applies (taxCodeVat). */
export function taxCodeVatRate(country: string, taxCode: string, date: string): DatedRate | undefined {
  const vat = taxCodeVat(country, taxCode, date);
  return typeof vat === 'object' ? vat : undefined;
}
