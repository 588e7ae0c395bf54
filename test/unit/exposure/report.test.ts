/** Unit (pure): the spec 2.4 report built from stored counters (src/domain/exposure/report.ts). */
import { buildExposureReport, exposureQuerySchema, periodsFor, type ExposureTotal } from '../../../src/domain/exposure/report';

const t = (period: string, currency: string, country: string, tax: number, sales = 1, state?: string, county?: string): ExposureTotal => ({
  period,
  currency,
  country,
  tax,
  sales,
  ...(state ? { state } : {}),
  ...(county ? { county } : {}),
});

describe('buildExposureReport', () => {
  const totals = [
    t('all', 'USD', 'US', 300),
    t('all', 'USD', 'US', 250, 1, 'CA'),
    t('all', 'USD', 'US', 50, 1, 'TX'),
    t('all', 'USD', 'US', 200, 1, 'CA', 'Los Angeles County'),
    t('all', 'USD', 'US', 40, 1, 'CA', 'Alameda County'),
    t('all', 'EUR', 'DE', 190),
    t('all', 'USD', 'DE', 19),
    t('all', 'EUR', 'AT', 0, 2),
    t('2026-03', 'EUR', 'FR', 999), // another period: ignored
    t('all', 'USD', 'US', 0, 0, 'NV'), // nothing attributed: not shown
  ];

  it('gives one item per country and currency, sorted, with full names and entries only where attributed', () => {
    expect(buildExposureReport(totals)).toEqual({
      exposure: [
        { country_code: 'AT', country_name: 'Austria', currency: 'EUR', exposure_amount: 0 },
        { country_code: 'DE', country_name: 'Germany', currency: 'EUR', exposure_amount: 190 },
        { country_code: 'DE', country_name: 'Germany', currency: 'USD', exposure_amount: 19 },
        {
          country_code: 'US',
          country_name: 'United States',
          currency: 'USD',
          exposure_amount: 300,
          jurisdictions: [
            {
              jurisdiction_code: 'CA',
              jurisdiction_name: 'California',
              exposure_amount: 250,
              counties: [
                { county_name: 'Alameda County', exposure_amount: 40 },
                { county_name: 'Los Angeles County', exposure_amount: 200 },
              ],
            },
            { jurisdiction_code: 'TX', jurisdiction_name: 'Texas', exposure_amount: 50 },
          ],
        },
      ],
    });
  });

  it('sums the months of a range and shows a refund-only month with its negative amount', () => {
    const months = [t('2026-01', 'EUR', 'DE', 100), t('2026-02', 'EUR', 'DE', 50), t('2026-03', 'EUR', 'DE', -100, 0), t('all', 'EUR', 'DE', 50)];
    const amount = (from?: string, to?: string) => buildExposureReport(months, periodsFor({ from, to })).exposure.map((c) => c.exposure_amount);
    expect(amount()).toEqual([50]);
    expect(amount('2026-01', '2026-02')).toEqual([150]);
    expect(amount('2026-03')).toEqual([-100]);
    expect(amount(undefined, '2026-01')).toEqual([100]);
    expect(amount('2026-04')).toEqual([]);
  });
});

describe('exposureQuerySchema', () => {
  it('accepts YYYY-MM months in order and nothing else', () => {
    expect(exposureQuerySchema.safeParse({}).success).toBe(true);
    expect(exposureQuerySchema.safeParse({ from: '2026-01', to: '2026-01' }).success).toBe(true);
    for (const bad of [{ from: '2026-1' }, { to: '2026-00' }, { from: '2026-02', to: '2026-01' }, { month: '2026-01' }, { from: '202601' }]) {
      expect(exposureQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});
