/** Unit: the ECB CSV reader and the conversion of the nexus report (src/domain/nexus/fx.ts). */
import { fxConverter, parseEcbCsv, rateOn } from '../../../src/domain/nexus/fx';

describe('parseEcbCsv', () => {
  it('reads eurofxref-hist.csv rows, skipping N/A and empty cells', () => {
    // The ECB file's layout: Date then one column per currency, a trailing comma on every line.
    expect(parseEcbCsv('Date,USD,JPY,CYP,\n2025-03-07,1.0800,160.5,N/A,\n')).toEqual([
      { currency: 'USD', date: '2025-03-07', per_eur: 1.08 },
      { currency: 'JPY', date: '2025-03-07', per_eur: 160.5 },
    ]);
  });

  it('names the line of a malformed row', () => {
    expect(() => parseEcbCsv('Date,USD,\n2025-03-07,1.08,\n07/03/2025,1.08,\n')).toThrow('line 3');
    expect(() => parseEcbCsv('Date,USD,\n2025-03-07,-1,\n')).toThrow('line 2: USD rate "-1"');
    expect(() => parseEcbCsv('When,USD\n')).toThrow('line 1');
  });
});

describe('conversion', () => {
  const rates = new Map([
    ['USD', [{ date: '2025-03-07', per_eur: 1.08 }]],
    ['JPY', [{ date: '2025-03-07', per_eur: 160 }]],
  ]);
  const convert = fxConverter(rates);

  it('converts minor units through the euro, at the last rate on or before the day, at most 7 days old', () => {
    expect(rateOn(rates.get('USD')!, '2025-03-09')).toBe(1.08);
    expect(rateOn(rates.get('USD')!, '2025-03-15')).toBeUndefined();
    expect(rateOn(rates.get('USD')!, '2025-03-06')).toBeUndefined();
    // EUR 100.00 = USD 108.00; JPY has no minor unit (ISO 4217: 0 digits): JPY 16,000 = EUR 100.00 = USD 108.00.
    expect(convert(10_000, 'EUR', 'USD', '2025-03-07')).toBe(10_800);
    expect(convert(16_000, 'JPY', 'USD', '2025-03-07')).toBe(10_800);
    expect(convert(-10_000, 'EUR', 'USD', '2025-03-07')).toBe(-10_800);
    expect(convert(10_000, 'GBP', 'USD', '2025-03-07')).toBeUndefined();
  });
});
