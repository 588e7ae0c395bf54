// Unit tests (pure, stubbed or offline lookups): location resolution and postal codes in src/domain/geography/location.ts.
import { normalisePostalCode, resolveLocation, type LocationLookups } from '../../../src/domain/geography/location';
import { geoLocationLookups as defaultLocationLookups } from '../../../src/adapters/geo';
import { ValidationError } from '../../../src/domain/errors';

/** IP lookups counted, so tests can show an explicit country skips the IP database. */
function stubLookups(countryForIp: Record<string, string> = {}): LocationLookups & { ipCalls: string[] } {
  const ipCalls: string[] = [];
  return {
    ...defaultLocationLookups,
    ipCalls,
    countryForIp: (ip) => {
      ipCalls.push(ip);
      return countryForIp[ip];
    },
  };
}

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.field;
    throw error;
  }
  return undefined;
}

describe('resolveLocation', () => {
  it('normalises the country code to upper case and rejects unassigned codes', () => {
    expect(resolveLocation({ country: 'de' }, stubLookups())).toEqual({ country: 'DE', source: 'country' });
    expect(fieldOf(() => resolveLocation({ country: 'ZZ' }, stubLookups()))).toBe('location.country');
    expect(fieldOf(() => resolveLocation({ country: 'UK' }, stubLookups()))).toBe('location.country');
  });

  it('a US ZIP alone implies its state; ZIP+4 is reduced to the ZIP', () => {
    expect(resolveLocation({ country: 'US', postal_code: '94105-1234' }, stubLookups())).toEqual({
      country: 'US',
      state: 'CA',
      postal_code: '94105',
      source: 'postal_code',
    });
    expect(resolveLocation({ country: 'us', postal_code: '10001' }, stubLookups()).state).toBe('NY');
  });

  it('a state that contradicts the ZIP is a 400 on location.state; a border state is accepted', () => {
    expect(fieldOf(() => resolveLocation({ country: 'US', state: 'NY', postal_code: '94105' }, stubLookups()))).toBe('location.state');
    // 42223 (Fort Campbell) has a Kentucky prefix and serves addresses in Tennessee too.
    expect(resolveLocation({ country: 'US', state: 'TN', postal_code: '42223' }, stubLookups()).state).toBe('TN');
  });

  it('rejects malformed postal codes per country', () => {
    expect(fieldOf(() => resolveLocation({ country: 'US', postal_code: '9410' }, stubLookups()))).toBe('location.postal_code');
    expect(fieldOf(() => resolveLocation({ country: 'CA', postal_code: '12345' }, stubLookups()))).toBe('location.postal_code');
    expect(fieldOf(() => resolveLocation({ country: 'DE', postal_code: '1011' }, stubLookups()))).toBe('location.postal_code');
    expect(fieldOf(() => resolveLocation({ country: 'GB', postal_code: '12345' }, stubLookups()))).toBe('location.postal_code');
  });

  it('rejects an unknown US state or Canadian province', () => {
    expect(fieldOf(() => resolveLocation({ country: 'US', state: 'XX' }, stubLookups()))).toBe('location.state');
    expect(fieldOf(() => resolveLocation({ country: 'CA', state: 'CA' }, stubLookups()))).toBe('location.state');
  });

  it('a Canadian postal code implies the province and must agree with a given one', () => {
    expect(resolveLocation({ country: 'CA', postal_code: 'h2x1y4' }, stubLookups())).toEqual({
      country: 'CA',
      state: 'QC',
      postal_code: 'H2X 1Y4',
      source: 'postal_code',
    });
    expect(fieldOf(() => resolveLocation({ country: 'CA', state: 'ON', postal_code: 'V6B 1A1' }, stubLookups()))).toBe('location.state');
    expect(resolveLocation({ country: 'CA', postal_code: 'X0A 0H0' }, stubLookups()).state).toBeUndefined(); // NU or NT
  });

  it('explicit fields win over the IP, which is then not even looked up', () => {
    const lookups = stubLookups({ '81.2.69.142': 'GB' });
    expect(resolveLocation({ country: 'FR', ip_address: '81.2.69.142' }, lookups)).toEqual({ country: 'FR', source: 'country' });
    expect(lookups.ipCalls).toEqual([]);
  });

  it('uses the IP country when no country is given, with postal codes checked against it', () => {
    const lookups = stubLookups({ '81.2.69.142': 'GB' });
    expect(resolveLocation({ ip_address: '81.2.69.142' }, lookups)).toEqual({ country: 'GB', source: 'ip_address' });
    expect(resolveLocation({ ip_address: '81.2.69.142', postal_code: 'sw1a1aa' }, lookups)).toEqual({
      country: 'GB',
      postal_code: 'SW1A 1AA',
      source: 'postal_code',
    });
  });

  it('a private or reserved IP with no country is a 400 on location.ip_address', () => {
    for (const ip of ['10.0.0.1', '192.168.1.1', '127.0.0.1', '::1', 'fd00::1', '100.64.0.1']) {
      expect(fieldOf(() => resolveLocation({ ip_address: ip }, defaultLocationLookups))).toBe('location.ip_address');
    }
  });

  it('neither country nor IP is a 400 on location', () => {
    expect(fieldOf(() => resolveLocation({ state: 'CA' }, stubLookups()))).toBe('location');
  });

  it('Puerto Rico becomes US / PR', () => {
    expect(resolveLocation({ country: 'PR', postal_code: '00901' }, stubLookups())).toEqual({
      country: 'US',
      state: 'PR',
      postal_code: '00901',
      source: 'postal_code',
    });
  });
});

describe('normalisePostalCode', () => {
  it.each([
    ['US', '02139', '02139'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['GB', 'ec1a 1bb', 'EC1A 1BB'],
    ['GB', 'M11AE', 'M1 1AE'],
    ['NL', '1012ab', '1012 AB'],
    ['PL', '00950', '00-950'],
    ['PT', '1000-001', '1000-001'],
    ['IE', 'D02X285', 'D02 X285'],
    ['LU', 'L-1470', '1470'],
    ['DE', '10115', '10115'],
    ['JP', '1000001', '100-0001'],
    ['BR', '01310100', '01310-100'],
    ['ZW', 'anything 1', 'ANYTHING 1'],
  ])('%s %s -> %s', (country, input, expected) => {
    expect(normalisePostalCode(country, input)).toBe(expected);
  });

  it('rejects characters no postal code has', () => {
    expect(() => normalisePostalCode('ZW', '12$45')).toThrow(ValidationError);
  });
});
