// Unit tests (offline): the IP and county data packages load only when a request needs them.
jest.mock('geoip-country', () => {
  throw new Error('geoip-country must not load for a request without ip_address');
});

import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { calculateTaxRate } from '../../../src/domain/tax/rate-engine';

describe('lazy data packages', () => {
  it('a request without ip_address never loads the IP database', () => {
    const result = calculateTaxRate(
      { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE', ip_address: '8.8.8.8' } },
      { seller: { country: 'US' }, usLocal: null, today: '2026-03-01', lookups },
    );
    expect(result.total_rate).toBe(0.19);
  });

  it('the mocked package does throw when a request does need it (so the test above can fail)', () => {
    expect(() =>
      calculateTaxRate(
        { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { ip_address: '8.8.8.8' } },
        { seller: { country: 'US' }, usLocal: null, lookups },
      ),
    ).toThrow(/must not load/);
  });
});
