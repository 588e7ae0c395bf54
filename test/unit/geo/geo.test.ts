// Unit tests (offline, no database): the geo adapters, measured against the reference data in ../shared/data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countryForIp } from '../../../src/adapters/geo/ip-country';
import { isPublicIp } from '../../../src/adapters/geo/ip-address';
import { censusStyleCountyName, countyForZip } from '../../../src/adapters/geo/zip-county';
import { isStatePlausibleForZip, stateForZip } from '../../../src/adapters/geo/zip-state';
import { avalaraRows, parseCsv, sharedDataDir } from '../../support/shared-data';

describe('countyForZip', () => {
  it('names counties the way people write them', () => {
    expect(countyForZip('90210')).toBe('Los Angeles County');
    expect(countyForZip('10001', 'NY')).toBe('New York County');
    expect(countyForZip('70112')).toBe('Orleans Parish');
    expect(countyForZip('94105')).toBe('San Francisco County');
    expect(countyForZip('90210', 'NV')).toBeUndefined();
    expect(countyForZip('00000')).toBeUndefined();
  });

  it('turns GeoNames forms into Census forms', () => {
    expect(censusStyleCountyName('VA', 'City of Richmond')).toBe('Richmond city');
    expect(censusStyleCountyName('MD', 'Baltimore (city)')).toBe('Baltimore city');
    expect(censusStyleCountyName('AK', 'Nome (CA)')).toBe('Nome Census Area');
    expect(censusStyleCountyName('AK', 'Kenai Peninsula')).toBe('Kenai Peninsula Borough');
    expect(censusStyleCountyName('LA', 'Caddo Parish')).toBe('Caddo Parish');
    expect(censusStyleCountyName('NV', 'Carson City (city)')).toBe('Carson City');
  });

  it('covers at least 95 % of the ZIPs of us-zip5-rates-2026-03 and mostly agrees with the HUD crosswalk', () => {
    const zips = new Map(avalaraRows().map(({ usLocal }) => [usLocal.zip, usLocal.state]));
    const [, ...hud] = parseCsv(readFileSync(join(sharedDataDir, 'us-zip-county-hud-2023q1', 'hud_zip_county_2023Q1_primary.csv'), 'utf8'));
    const hudCounty = new Map(hud.filter((row) => row[2]).map((row) => [row[0]!, row[2]!]));
    let covered = 0;
    let compared = 0;
    let agreed = 0;
    for (const [zip, state] of zips) {
      const county = countyForZip(zip, state);
      if (!county) continue;
      covered++;
      const reference = hudCounty.get(zip);
      if (!reference) continue;
      compared++;
      if (reference.toLowerCase() === county.toLowerCase()) agreed++;
    }
    const coverage = covered / zips.size;
    const agreement = agreed / compared;
    console.log(
      `ZIP->county: coverage ${(coverage * 100).toFixed(2)} % of ${zips.size} ZIPs; agreement with HUD ${(agreement * 100).toFixed(2)} % of ${compared}`,
    );
    expect(coverage).toBeGreaterThanOrEqual(0.95);
    expect(agreement).toBeGreaterThanOrEqual(0.9);
  });
});

describe('stateForZip', () => {
  it('maps ZIP prefixes to states', () => {
    expect(stateForZip('90210')).toBe('CA');
    expect(stateForZip('02139')).toBe('MA');
    expect(stateForZip('00901')).toBe('PR');
    expect(stateForZip('20500')).toBe('DC');
    expect(stateForZip('06390')).toBe('NY'); // Fishers Island
    expect(stateForZip('00000')).toBeUndefined();
  });

  it('accepts every (state, ZIP) pair of us-zip5-rates-2026-03, and the prefix state for 99.5 % of them', () => {
    let samePrefix = 0;
    const rejected: string[] = [];
    const rows = avalaraRows();
    for (const { usLocal } of rows) {
      if (stateForZip(usLocal.zip) === usLocal.state) samePrefix++;
      if (!isStatePlausibleForZip(usLocal.state, usLocal.zip)) rejected.push(`${usLocal.state} ${usLocal.zip}`);
    }
    expect(rejected).toEqual([]);
    expect(samePrefix / rows.length).toBeGreaterThan(0.995);
  });

  it('rejects a far-away state', () => {
    expect(isStatePlausibleForZip('NY', '90210')).toBe(false);
  });
});

describe('IP addresses', () => {
  it('classifies private and reserved addresses', () => {
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '100.64.1.1',
      '192.0.2.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
    ]) {
      expect([ip, isPublicIp(ip)]).toEqual([ip, false]);
    }
    for (const ip of ['8.8.8.8', '81.2.69.142', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect([ip, isPublicIp(ip)]).toEqual([ip, true]);
    expect(isPublicIp('not an ip')).toBe(false);
  });

  it('locates public addresses offline (GeoLite2) and never private ones', () => {
    expect(countryForIp('8.8.8.8')).toBe('US');
    expect(countryForIp('2a00:1450:4001:80b::200e')).toBe('DE');
    expect(countryForIp('10.0.0.1')).toBeUndefined();
  });
});
