/** Unit: the CSV helpers of a return (docs/returns.md "CSV"): decimal amounts from minor units, period labels. */
import { decimal } from '../../../src/domain/money/minor-units';
import { periodLabel } from '../../../src/domain/returns/csv';

describe('return CSV helpers', () => {
  it('writes minor units as decimals of the currency (ISO 4217 minor digits: EUR 2, JPY 0, KWD 3)', () => {
    expect([decimal(0, 'EUR'), decimal(5, 'EUR'), decimal(4_110, 'EUR'), decimal(-250, 'USD'), decimal(1_234, 'JPY'), decimal(1_234, 'KWD')]).toEqual([
      '0.00',
      '0.05',
      '41.10',
      '-2.50',
      '1234',
      '1.234',
    ]);
  });

  it('labels quarters and months as the OSS return names them, other spans by their days', () => {
    expect(periodLabel('2025-04-01', '2025-06-30')).toBe('2025-Q2');
    expect(periodLabel('2025-10-01', '2025-12-31')).toBe('2025-Q4');
    expect(periodLabel('2026-02-01', '2026-02-28')).toBe('2026-02');
    expect(periodLabel('2026-03-01', '2026-05-31')).toBe('2026-03-01..2026-05-31');
    expect(periodLabel('2026-01-01', '2026-12-31')).toBe('2026-01-01..2026-12-31');
  });
});
