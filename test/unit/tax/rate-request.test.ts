// Unit tests (pure): the POST /v1/tax/rate body schema in src/domain/tax/rate-request.ts.
import { taxRateRequestSchema } from '../../../src/domain/tax/rate-request';
import { allowedDeliveryMethods, customerTypes, deliveryMethods, productCategories } from '../../../src/domain/tax/vocabulary';
import { parseWith } from '../../../src/domain/validation';

const parseTaxRateRequest = (body: unknown) => parseWith(taxRateRequestSchema, body);
import { ValidationError } from '../../../src/domain/errors';

const valid = { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2B', location: { country: 'DE' } };

function errorOf(body: unknown): ValidationError {
  try {
    parseTaxRateRequest(body);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('taxRateRequestSchema', () => {
  it('accepts a complete request with optional entity_id and date', () => {
    expect(parseTaxRateRequest({ ...valid, entity_id: 'ent_1', date: '2025-07-01' })).toEqual({ ...valid, entity_id: 'ent_1', date: '2025-07-01' });
  });

  it.each([
    ['product_category', productCategories],
    ['delivery_method', deliveryMethods],
    ['customer_type', customerTypes],
  ] as const)('an unknown %s is a 400 naming the field and listing the allowed values', (field, allowed) => {
    const error = errorOf({ ...valid, [field]: 'saas-ish' });
    expect(error.field).toBe(field);
    for (const value of allowed) expect(error.message).toContain(value);
  });

  it('a missing field says it is required', () => {
    const { customer_type: _omitted, ...body } = valid;
    // Without customer_id (whose stored type would apply), the type must be sent.
    expect(errorOf(body)).toMatchObject({ field: 'customer_type', message: "'customer_type' is required (or send customer_id to use the stored customer's)." });
  });

  it('unknown fields are rejected, at the top level and in location', () => {
    expect(errorOf({ ...valid, amount: 1 }).field).toBe('amount');
    expect(errorOf({ ...valid, location: { country: 'DE', city: 'Berlin' } }).field).toBe('location.city');
  });

  it('nonsense category/delivery combinations are a 400 on delivery_method', () => {
    for (const category of productCategories) {
      for (const delivery of deliveryMethods) {
        const result = taxRateRequestSchema.safeParse({ ...valid, product_category: category, delivery_method: delivery });
        expect(result.success).toBe(allowedDeliveryMethods[category].includes(delivery));
      }
    }
    expect(errorOf({ ...valid, product_category: 'PHYSICAL_GOODS', delivery_method: 'CLOUD' }).field).toBe('delivery_method');
    expect(errorOf({ ...valid, product_category: 'SAAS', delivery_method: 'SHIPPED' }).message).toContain('allowed: CLOUD');
  });

  it('checks location field shapes and that a country or IP is present', () => {
    expect(errorOf({ ...valid, location: { country: 'DEU' } }).field).toBe('location.country');
    expect(errorOf({ ...valid, location: { ip_address: '300.1.1.1' } }).field).toBe('location.ip_address');
    expect(errorOf({ ...valid, location: { postal_code: '10115' } }).field).toBe('location');
    expect(parseTaxRateRequest({ ...valid, location: { ip_address: '2001:4860:4860::8888' } }).location?.ip_address).toBe('2001:4860:4860::8888');
  });

  it('date must be a real calendar date', () => {
    expect(errorOf({ ...valid, date: '2025-02-30' }).field).toBe('date');
    expect(errorOf({ ...valid, date: '07/01/2025' }).field).toBe('date');
  });

  it('a non-object body is a 400', () => {
    expect(errorOf(null).status).toBe(400);
    expect(errorOf('text').status).toBe(400);
  });
});
