// Unit tests (pure): country and subdivision names in src/domain/geography/countries.ts.
import { countryName, isAssignedCountry, subdivisionName } from '../../../src/domain/geography/countries';

describe('countries', () => {
  it('gives common English names', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('de')).toBe('Germany');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('KR')).toBe('South Korea');
    expect(countryName('CZ')).toBe('Czechia');
  });

  it('knows which codes are assigned', () => {
    expect(isAssignedCountry('FR')).toBe(true);
    expect(isAssignedCountry('XK')).toBe(true);
    expect(isAssignedCountry('ZZ')).toBe(false);
    expect(isAssignedCountry('UK')).toBe(false);
    expect(isAssignedCountry('fr')).toBe(false); // callers normalise case first
    expect(() => countryName('ZZ')).toThrow(/not an assigned country code/);
  });

  it('names US states, DC, PR and Canadian provinces', () => {
    expect(subdivisionName('US', 'CA')).toBe('California');
    expect(subdivisionName('us', 'dc')).toBe('District of Columbia');
    expect(subdivisionName('US', 'PR')).toBe('Puerto Rico');
    expect(subdivisionName('CA', 'ON')).toBe('Ontario');
    expect(subdivisionName('CA', 'QC')).toBe('Quebec');
    expect(subdivisionName('US', 'ON')).toBeUndefined();
  });
});
