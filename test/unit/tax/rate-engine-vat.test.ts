/**
 * Unit tests (pure, no database): the VAT/GST rules of src/domain/tax/rate-engine.ts and its rule modules (EU VAT,
 * other VAT/GST countries, Canada), and the shape of a result.
 */
import { calculateTaxRate, calculateTaxRateDetailed, type TaxRateContext, type TaxRateInput } from '../../../src/domain/tax/rate-engine';
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { goods, laRow, saas, usSeller } from '../../support/rate-inputs';
import { ValidationError } from '../../../src/domain/errors';

const deSeller: TaxRateContext = { seller: { country: 'DE' }, usLocal: null, today: '2026-03-15', lookups };

const zeroRates = { country_rate: 0, state_rate: 0, county_rate: 0, additional_rate: 0, special_rate: 0, total_rate: 0 };

describe('EU VAT', () => {
  it('B2C SaaS pays the destination rate (OSS), whoever sells', () => {
    expect(calculateTaxRate(saas('B2C', { country: 'FR' }), usSeller)).toMatchObject({
      taxable: true,
      country_rate: 0.2,
      total_rate: 0.2,
      reverse_charge_applicable: false,
      exempt: false,
    });
    expect(calculateTaxRate(saas('B2C', { country: 'FR' }), deSeller).country_rate).toBe(0.2);
  });

  it('cross-border B2B is reverse charge: taxable, every rate 0', () => {
    const result = calculateTaxRate(saas('B2B', { country: 'FR' }), deSeller);
    expect(result).toMatchObject({ taxable: true, reverse_charge_applicable: true, exempt: false, ...zeroRates });
    expect(calculateTaxRate(saas('B2B', { country: 'IT' }), usSeller).reverse_charge_applicable).toBe(true);
    expect(calculateTaxRate(goods('B2B', { country: 'NL' }), deSeller).reverse_charge_applicable).toBe(true);
  });

  it('domestic B2B pays VAT', () => {
    expect(calculateTaxRate(saas('B2B', { country: 'DE' }), deSeller)).toMatchObject({
      taxable: true,
      reverse_charge_applicable: false,
      country_rate: 0.19,
      total_rate: 0.19,
    });
  });

  it('a reseller is a business for VAT (reverse charge cross-border, no resale exemption)', () => {
    expect(calculateTaxRate(saas('RESELLER', { country: 'AT' }), deSeller)).toMatchObject({ reverse_charge_applicable: true, exempt: false });
    expect(calculateTaxRate(saas('RESELLER', { country: 'DE' }), deSeller)).toMatchObject({
      reverse_charge_applicable: false,
      exempt: false,
      total_rate: 0.19,
    });
  });

  it('public bodies and charities pay VAT as final consumers', () => {
    expect(calculateTaxRate(saas('GOVERNMENT', { country: 'ES' }), deSeller)).toMatchObject({ exempt: false, total_rate: 0.21 });
    expect(calculateTaxRate(saas('NONPROFIT', { country: 'ES' }), deSeller)).toMatchObject({ exempt: false, total_rate: 0.21 });
  });

  it('Monaco is in the French VAT area: France -> Monaco B2B is domestic', () => {
    expect(calculateTaxRate(saas('B2B', { country: 'MC' }), { ...deSeller, seller: { country: 'FR' } })).toMatchObject({
      reverse_charge_applicable: false,
      total_rate: 0.2,
    });
  });

  it('applies the rate in force on the request date', () => {
    const rate = (country: string, date: string) => calculateTaxRate(saas('B2C', { country }, date), usSeller).total_rate;
    expect(rate('EE', '2023-12-31')).toBe(0.2);
    expect(rate('EE', '2024-06-30')).toBe(0.22);
    expect(rate('EE', '2025-06-30')).toBe(0.22);
    expect(rate('EE', '2025-07-01')).toBe(0.24);
    expect(rate('FI', '2024-08-31')).toBe(0.24);
    expect(rate('FI', '2024-09-01')).toBe(0.255);
    expect(rate('SK', '2024-12-31')).toBe(0.2);
    expect(rate('SK', '2025-01-01')).toBe(0.23);
    expect(rate('RO', '2025-07-31')).toBe(0.19);
    expect(rate('RO', '2025-08-01')).toBe(0.21);
    expect(rate('LU', '2023-06-01')).toBe(0.16);
    expect(rate('LU', '2024-01-01')).toBe(0.17);
    expect(rate('CH', '2023-12-31')).toBe(0.077);
    expect(rate('CH', '2024-01-01')).toBe(0.081);
  });

  it('defaults the date to today (UTC) from the context', () => {
    expect(calculateTaxRateDetailed(saas('B2C', { country: 'EE' }), { ...usSeller, today: '2025-01-10' }).result.total_rate).toBe(0.22);
    expect(calculateTaxRateDetailed(saas('B2C', { country: 'EE' }), { ...usSeller, today: '2025-01-10' }).date).toBe('2025-01-10');
  });

  it('gives e-books their reduced rate, other digital goods the standard rate', () => {
    const ebook = (country: string) =>
      calculateTaxRate({ product_category: 'EBOOKS', delivery_method: 'DOWNLOAD', customer_type: 'B2C', location: { country } }, usSeller).total_rate;
    expect(ebook('DE')).toBe(0.07);
    expect(ebook('FR')).toBe(0.055);
    expect(ebook('IE')).toBe(0); // zero-rated from 2024-01-01: VATCA 2010 Sch. 2 as amended by Finance (No. 2) Act 2023 (Revenue, electronic publications)
    expect(ebook('GB')).toBe(0);
    expect(
      calculateTaxRate({ product_category: 'DIGITAL_GOODS', delivery_method: 'DOWNLOAD', customer_type: 'B2C', location: { country: 'DE' } }, usSeller)
        .total_rate,
    ).toBe(0.19);
  });

  it('remote professional services to EU consumers: supplier country (Art. 45), out of scope from outside the EU', () => {
    const consulting = (_seller: string): TaxRateInput => ({
      product_category: 'PROFESSIONAL_SERVICES',
      delivery_method: 'CLOUD',
      customer_type: 'B2C',
      location: { country: 'FR' },
    });
    const fromGermany = calculateTaxRate(consulting('DE'), deSeller);
    expect(fromGermany).toMatchObject({ taxable: true, total_rate: 0.19, jurisdiction: { country: 'DE', country_name: 'Germany' } });
    expect(calculateTaxRate(consulting('US'), usSeller)).toMatchObject({ taxable: false, total_rate: 0 });
    // On site, the place of supply is where the work is done.
    expect(calculateTaxRate({ ...consulting('DE'), delivery_method: 'IN_PERSON' }, deSeller).total_rate).toBe(0.2);
  });
});

describe('other VAT/GST countries: reverse charge on imported B2B supplies, destination rate for consumers', () => {
  it.each([
    ['GB', 0.2],
    ['CH', 0.081],
    ['NO', 0.25],
    ['AU', 0.1],
    ['NZ', 0.15],
    ['SG', 0.09],
    ['JP', 0.1],
    ['KR', 0.1],
    ['IN', 0.18],
    ['ZA', 0.15],
  ])('%s', (country, rate) => {
    expect(calculateTaxRate(saas('B2B', { country }), usSeller)).toMatchObject({ taxable: true, reverse_charge_applicable: true, total_rate: 0 });
    expect(calculateTaxRate(saas('B2C', { country }), usSeller)).toMatchObject({
      taxable: true,
      reverse_charge_applicable: false,
      country_rate: rate,
      total_rate: rate,
    });
    expect(calculateTaxRate(saas('B2B', { country }), { ...usSeller, seller: { country } }).total_rate).toBe(rate);
  });

  it('a country without VAT is not taxable', () => {
    expect(calculateTaxRate(saas('B2C', { country: 'HK' }), usSeller)).toMatchObject({
      taxable: false,
      ...zeroRates,
      jurisdiction: { country: 'HK', country_name: 'Hong Kong' },
    });
  });
});

describe('Canada: GST + provincial part', () => {
  const ca = (state: string, input: Partial<TaxRateInput> = {}, context: TaxRateContext = usSeller) =>
    calculateTaxRate({ ...saas('B2C', { country: 'CA', state }), ...input }, context);

  it('HST provinces split into 5 % GST and the provincial part', () => {
    expect(ca('ON')).toMatchObject({ country_rate: 0.05, state_rate: 0.08, total_rate: 0.13 });
    expect(ca('NB')).toMatchObject({ country_rate: 0.05, state_rate: 0.1, total_rate: 0.15 });
    expect(ca('NL').total_rate).toBe(0.15);
    expect(ca('PE').total_rate).toBe(0.15);
  });

  it('Nova Scotia HST went from 15 % to 14 % on 2025-04-01', () => {
    expect(ca('NS', { date: '2025-03-31' }).total_rate).toBe(0.15);
    expect(ca('NS', { date: '2025-04-01' })).toMatchObject({ country_rate: 0.05, state_rate: 0.09, total_rate: 0.14 });
  });

  it('GST only in Alberta and the territories', () => {
    for (const province of ['AB', 'NT', 'NU', 'YT']) expect(ca(province)).toMatchObject({ country_rate: 0.05, state_rate: 0, total_rate: 0.05 });
  });

  it('GST + PST in BC, MB, SK and GST + QST in Quebec', () => {
    expect(ca('BC')).toMatchObject({ country_rate: 0.05, state_rate: 0.07, total_rate: 0.12 });
    expect(ca('MB')).toMatchObject({ state_rate: 0.07, total_rate: 0.12 });
    expect(ca('SK')).toMatchObject({ state_rate: 0.06, total_rate: 0.11 });
    expect(ca('QC')).toMatchObject({ country_rate: 0.05, state_rate: 0.09975, total_rate: 0.14975 });
  });

  it('PST does not apply to professional services or to purchases for resale; GST still does', () => {
    expect(ca('BC', { product_category: 'PROFESSIONAL_SERVICES', delivery_method: 'IN_PERSON' })).toMatchObject({ state_rate: 0, total_rate: 0.05 });
    const canadianSeller = { ...usSeller, seller: { country: 'CA' } };
    expect(ca('BC', { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', customer_type: 'RESELLER' }, canadianSeller)).toMatchObject({
      state_rate: 0,
      total_rate: 0.05,
      exempt: false,
    });
  });

  it('implies the province from the postal code', () => {
    expect(calculateTaxRate(saas('B2C', { country: 'CA', postal_code: 'M5V 3L9' }), usSeller)).toMatchObject({
      total_rate: 0.13,
      jurisdiction: { state: 'ON', state_name: 'Ontario' },
      location_source: 'postal_code',
    });
  });

  it('imported B2B supplies are self-assessed (reverse charge); domestic B2B pays', () => {
    expect(ca('ON', { customer_type: 'B2B' })).toMatchObject({ reverse_charge_applicable: true, total_rate: 0 });
    expect(ca('ON', { customer_type: 'B2B' }, { ...usSeller, seller: { country: 'CA' } }).total_rate).toBe(0.13);
  });
});

describe('result shape', () => {
  it('total is the exact sum of the parts in ppm and every rate has at most 6 decimals', () => {
    const { result, ppm, totalPpm } = calculateTaxRateDetailed(saas('B2C', { country: 'CA', state: 'QC' }), usSeller);
    expect(ppm).toEqual({ country: 50_000, state: 99_750, county: 0, additional: 0, special: 0 });
    expect(totalPpm).toBe(149_750);
    for (const value of [result.country_rate, result.state_rate, result.total_rate]) expect(Number(value.toFixed(6))).toBe(value);
    expect(result.total_rate).toBe(0.14975);
    // Summing the fractions as floats would give 0.10500000000000001 for this row; summing ppm does not.
    expect(0.06 + 0.0025 + 0.0075 + 0.035).not.toBe(0.105);
    expect(calculateTaxRate(goods('B2C', { country: 'US', postal_code: '90001' }), { ...usSeller, usLocal: laRow }).total_rate).toBe(0.105);
  });

  it('reports where the location came from', () => {
    const lookups = { countryForIp: () => 'DE', stateForZip: () => undefined, isStatePlausibleForZip: () => false, countyForZip: () => undefined };
    expect(calculateTaxRate(saas('B2C', { ip_address: '80.1.2.3' }), { ...usSeller, lookups }).location_source).toBe('ip_address');
    expect(calculateTaxRate(saas('B2C', { country: 'DE' }), usSeller).location_source).toBe('country');
    expect(calculateTaxRate(saas('B2C', { country: 'US', state: 'NY' }), usSeller).location_source).toBe('state');
  });

  it('passes location errors through as ValidationError', () => {
    expect(() => calculateTaxRate(saas('B2C', { country: 'US', state: 'NY', postal_code: '90001' }), usSeller)).toThrow(ValidationError);
  });
});
