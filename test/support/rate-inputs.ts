/**
 * Test support: the rate engine's inputs the unit tests build again and again: a US (California) seller, a SaaS or
 * goods sale to a customer type at a location, and the 90001 (Huntington Park, LA County) ZIP row of March 2026.
 */
import { geoLocationLookups as lookups } from '../../src/adapters/geo';
import type { LocationInput } from '../../src/domain/fields/sale';
import type { TaxRateContext, TaxRateInput, UsLocalRate } from '../../src/domain/tax/rate-engine';

export const usSeller: TaxRateContext = { seller: { country: 'US', state: 'CA' }, usLocal: null, today: '2026-03-15', lookups };

export const saas = (customer_type: TaxRateInput['customer_type'], location: LocationInput, date?: string): TaxRateInput => ({
  product_category: 'SAAS',
  delivery_method: 'CLOUD',
  customer_type,
  location,
  ...(date ? { date } : {}),
});

export const goods = (customer_type: TaxRateInput['customer_type'], location: LocationInput): TaxRateInput => ({
  product_category: 'PHYSICAL_GOODS',
  delivery_method: 'SHIPPED',
  customer_type,
  location,
});

export const laRow: UsLocalRate = {
  zip: '90001',
  state: 'CA',
  region_name: 'HUNTINGTON PARK',
  state_rate: 0.06,
  county_rate: 0.0025,
  city_rate: 0.0075,
  special_rate: 0.035,
  combined_rate: 0.105,
  effective_month: '2026-03',
};
