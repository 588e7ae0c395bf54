/**
 * Domain (pure): currency conversion for the nexus report (docs/nexus.md "Currencies"), with the ECB
 * euro foreign exchange reference rates an operator imports (`levy fx import eurofxref-hist.csv`). A sale is converted
 * at the reference rate of its own date, or of the last day before it with a published rate (the ECB publishes none
 * on weekends and TARGET holidays), at most 7 days back; without one the amount is reported unconverted.
 */
import { daysBetween } from '../dates';
import { minorDigits } from '../money/minor-units';
import type { Converter } from './report';

/** One currency's ECB reference rate on a day: units of the currency per euro. */
export interface FxRate {
  date: string;
  per_eur: number;
}

/** How far back a rate may be taken from: a long weekend with holidays is 4 days; a week is generous. */
export const MAX_RATE_AGE_DAYS = 7;

/** The rate in force on a day: the latest on or before it, no older than MAX_RATE_AGE_DAYS. */
export function rateOn(rates: readonly FxRate[], day: string): number | undefined {
  let found: FxRate | undefined;
  for (const rate of rates) if (rate.date <= day && (found === undefined || rate.date > found.date)) found = rate;
  return found && daysBetween(found.date, day) <= MAX_RATE_AGE_DAYS ? found.per_eur : undefined;
}

/**
 * A converter over imported rates (units per euro, by currency; EUR is 1): minor units of `from` -> euros -> minor
 * units of `to`, rounded half-up once at the end.
 */
export function fxConverter(rates: ReadonlyMap<string, readonly FxRate[]>): Converter {
  const perEur = (currency: string, day: string): number | undefined => (currency === 'EUR' ? 1 : rateOn(rates.get(currency) ?? [], day));
  return (amount, from, to, day) => {
    if (from === to) return amount;
    const fromRate = perEur(from, day);
    const toRate = perEur(to, day);
    if (fromRate === undefined || toRate === undefined) return undefined;
    const value = (amount / 10 ** minorDigits(from) / fromRate) * toRate * 10 ** minorDigits(to);
    return Math.sign(value) * Math.round(Math.abs(value));
  };
}

/**
 * The rows of the ECB's eurofxref-hist.csv: `Date,USD,JPY,...` then one line per business day (`2026-11-20,1.0532,
 * 162.11,...`); `N/A` and empty cells are days without a rate. Throws RangeError naming the line of a malformed row.
 */
export function parseEcbCsv(text: string): ({ currency: string } & FxRate)[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new RangeError('the file is empty');
  const header = lines[0]!.split(',').map((h) => h.trim());
  if (header[0] !== 'Date') throw new RangeError(`line 1: expected a header starting with "Date", got "${header[0]}"`);
  const rows: ({ currency: string } & FxRate)[] = [];
  lines.slice(1).forEach((line, index) => {
    const cells = line.split(',').map((c) => c.trim());
    const date = cells[0]!;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`line ${index + 2}: "${date}" is not a YYYY-MM-DD date`);
    header.slice(1).forEach((currency, column) => {
      const cell = cells[column + 1];
      if (currency === '' || cell === undefined || cell === '' || cell === 'N/A') return;
      const rate = Number(cell);
      if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`line ${index + 2}: ${currency} rate "${cell}" is not a positive number`);
      if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`line 1: "${currency}" is not a currency code`);
      rows.push({ currency, date, per_eur: rate });
    });
  });
  return rows;
}
