/**
 * Unit tests (pure, no database): the United States sales-tax rules of src/domain/tax/rate-engine.ts and its rule
 * modules (ZIP rows, state rules, exemptions), and reconciledLocalParts.
 */
import { calculateTaxRate, reconciledLocalParts, type UsLocalRate } from '../../../src/domain/tax/rate-engine';
import { goods, laRow, saas, usSeller } from '../../support/rate-inputs';

const austinRow: UsLocalRate = {
  zip: '78701',
  state: 'TX',
  region_name: 'AUSTIN',
  state_rate: 0.0625,
  county_rate: 0,
  city_rate: 0.01,
  special_rate: 0.01,
  combined_rate: 0.0825,
  effective_month: '2026-03',
};

const zeroRates = { country_rate: 0, state_rate: 0, county_rate: 0, additional_rate: 0, special_rate: 0, total_rate: 0 };

describe('United States', () => {
  it('physical goods take the ZIP row parts: state, county, city = additional, districts = special', () => {
    const result = calculateTaxRate(goods('B2C', { country: 'US', postal_code: '90001' }), { ...usSeller, usLocal: laRow });
    expect(result).toMatchObject({
      taxable: true,
      country_rate: 0,
      state_rate: 0.06,
      county_rate: 0.0025,
      additional_rate: 0.0075,
      special_rate: 0.035,
      total_rate: 0.105,
    });
    expect(result.jurisdiction).toEqual({
      country: 'US',
      country_name: 'United States',
      state: 'CA',
      state_name: 'California',
      county: 'Los Angeles County',
      city: 'Huntington Park',
    });
  });

  it('falls back to the statutory state rate when the ZIP was not imported, and says so', () => {
    const result = calculateTaxRate(goods('B2C', { country: 'US', postal_code: '94105' }), usSeller);
    expect(result).toMatchObject({ state_rate: 0.0725, total_rate: 0.0725, jurisdiction: { county: 'San Francisco County' } });
    expect(result.notes).toContain('us_local_rate_unavailable_state_base_rate_used');
  });

  it('ignores a ZIP row for another ZIP or state', () => {
    expect(calculateTaxRate(goods('B2C', { country: 'US', postal_code: '90002' }), { ...usSeller, usLocal: laRow }).total_rate).toBe(0.0725);
  });

  it('SaaS: not taxable in California, taxable in New York and Washington', () => {
    expect(calculateTaxRate(saas('B2C', { country: 'US', postal_code: '90001' }), { ...usSeller, usLocal: laRow })).toMatchObject({
      taxable: false,
      ...zeroRates,
    });
    expect(calculateTaxRate(saas('B2C', { country: 'US', state: 'NY' }), usSeller)).toMatchObject({ taxable: true, state_rate: 0.04 });
    expect(calculateTaxRate(saas('B2B', { country: 'US', state: 'WA' }), usSeller)).toMatchObject({
      taxable: true,
      state_rate: 0.065,
      reverse_charge_applicable: false,
    });
  });

  it('Texas taxes SaaS as data processing on 80 % of the price: an effective rate of 80 % of each part', () => {
    const result = calculateTaxRate(saas('B2C', { country: 'US', postal_code: '78701' }), { ...usSeller, usLocal: austinRow });
    expect(result).toMatchObject({ state_rate: 0.05, additional_rate: 0.008, special_rate: 0.008, total_rate: 0.066 });
    expect(calculateTaxRate(goods('B2C', { country: 'US', postal_code: '78701' }), { ...usSeller, usLocal: austinRow }).total_rate).toBe(0.0825);
  });

  it('Connecticut taxes business SaaS at 1 % and consumer SaaS at 6.35 % (since 2019-10-01)', () => {
    // Conn. Gen. Stat. §§ 12-407(a)(13), 12-408(1) as amended by P.A. 19-117; CT DRS SN 2019(8).
    // 1 % is the business-use rate only: a B2C buyer pays 6.35 %.
    expect(calculateTaxRate(saas('B2B', { country: 'US', state: 'CT' }), usSeller).total_rate).toBe(0.01);
    expect(calculateTaxRate(saas('B2C', { country: 'US', state: 'CT' }), usSeller).total_rate).toBe(0.0635);
  });

  it('customer-group rules: Iowa exempts B2B SaaS, Ohio taxes only B2B SaaS', () => {
    expect(calculateTaxRate(saas('B2C', { country: 'US', state: 'IA' }), usSeller).taxable).toBe(true);
    expect(calculateTaxRate(saas('B2B', { country: 'US', state: 'IA' }), usSeller).taxable).toBe(false);
    expect(calculateTaxRate(saas('B2C', { country: 'US', state: 'OH' }), usSeller).taxable).toBe(false);
    expect(calculateTaxRate(saas('B2B', { country: 'US', state: 'OH' }), usSeller).taxable).toBe(true);
  });

  it('a rule with a start date applies from that date (Louisiana digital products 2025-01-01)', () => {
    expect(calculateTaxRate(saas('B2C', { country: 'US', state: 'LA' }, '2024-12-31'), usSeller)).toMatchObject({ taxable: false, total_rate: 0 });
    expect(calculateTaxRate(saas('B2C', { country: 'US', state: 'LA' }, '2025-01-01'), usSeller)).toMatchObject({ taxable: true, state_rate: 0.05 });
  });

  it.each(['OR', 'MT', 'NH', 'DE'])('%s has no sales tax', (state) => {
    for (const input of [saas('B2C', { country: 'US', state }), goods('B2C', { country: 'US', state })]) {
      expect(calculateTaxRate(input, usSeller)).toMatchObject({ taxable: false, ...zeroRates });
    }
  });

  it('Alaska has no state tax but local taxes from the ZIP row', () => {
    const juneau: UsLocalRate = {
      zip: '99801',
      state: 'AK',
      region_name: 'JUNEAU',
      state_rate: 0,
      county_rate: 0,
      city_rate: 0.05,
      special_rate: 0,
      combined_rate: 0.05,
      effective_month: '2026-03',
    };
    expect(calculateTaxRate(goods('B2C', { country: 'US', postal_code: '99801' }), { ...usSeller, usLocal: juneau })).toMatchObject({
      taxable: true,
      state_rate: 0,
      additional_rate: 0.05,
      total_rate: 0.05,
    });
  });

  it('government and resellers are exempt; nonprofits where the state exempts them', () => {
    expect(calculateTaxRate(goods('GOVERNMENT', { country: 'US', postal_code: '90001' }), { ...usSeller, usLocal: laRow })).toMatchObject({
      taxable: true,
      exempt: true,
      ...zeroRates,
    });
    expect(calculateTaxRate(goods('RESELLER', { country: 'US', postal_code: '90001' }), { ...usSeller, usLocal: laRow })).toMatchObject({
      exempt: true,
      total_rate: 0,
    });
    expect(calculateTaxRate(goods('NONPROFIT', { country: 'US', postal_code: '90001' }), { ...usSeller, usLocal: laRow })).toMatchObject({
      exempt: false,
      total_rate: 0.105,
    });
    expect(calculateTaxRate(goods('NONPROFIT', { country: 'US', postal_code: '78701' }), { ...usSeller, usLocal: austinRow })).toMatchObject({
      exempt: true,
      total_rate: 0,
    });
  });

  it('a US location without state or ZIP has no rate, and says why', () => {
    expect(calculateTaxRate(goods('B2C', { country: 'US' }), usSeller)).toMatchObject({
      taxable: false,
      total_rate: 0,
      notes: ['us_state_required_for_sales_tax'],
    });
  });

  it('Puerto Rico is answered as the US state PR, its uniform municipal 1 % included', () => {
    // data/us-states.json PR: state IVU 10.5 % + municipal IVU 1 % (Internal Revenue Code 2011 secs. 4020.01, 6080.14),
    // the same in every municipality (Avalara TAXRATES_ZIP5_PR202603.csv: every ZIP 0.115) = 11.5 %.
    for (const location of [{ country: 'PR' }, { country: 'US', state: 'PR' }, { country: 'US', postal_code: '00901' }]) {
      expect(calculateTaxRate(goods('B2C', location), usSeller)).toMatchObject({
        state_rate: 0.115,
        total_rate: 0.115,
        jurisdiction: { country: 'US', state: 'PR', state_name: 'Puerto Rico' },
      });
    }
  });
});

describe('reconciledLocalParts', () => {
  it('gives back the 1 ppm Avalara truncated to the part ending in 9', () => {
    const fortCollins: UsLocalRate = {
      zip: '80521',
      state: 'CO',
      region_name: 'FORT COLLINS',
      state_rate: 0.029,
      county_rate: 0.0105,
      city_rate: 0.043499,
      special_rate: 0,
      combined_rate: 0.083,
      effective_month: '2026-03',
    };
    expect(reconciledLocalParts(fortCollins)).toEqual({ state: 29_000, county: 10_500, additional: 43_500, special: 0 });
    expect(reconciledLocalParts(laRow)).toEqual({ state: 60_000, county: 2_500, additional: 7_500, special: 35_000 });
  });
});
