/** Unit: the rules that turn what the engine said about a checkout's quote into its required_fields (docs/checkouts.md). */
import { requiredFields, type RequirementFacts } from '../../../src/domain/checkouts/checkout';

const facts = (over: Partial<RequirementFacts>): RequirementFacts => ({
  notes: [],
  locationSource: 'postal_code',
  zipSpansRates: false,
  zipSpansCounties: false,
  businessTreatmentNeedsTaxId: false,
  ...over,
});

describe('requiredFields', () => {
  it('needs nothing when the engine had all it needed', () => {
    expect(requiredFields({ country: 'DE' }, facts({ locationSource: 'country' }))).toEqual([]);
  });

  it.each([
    ['us_postal_code_missing_state_base_rate_used', { country: 'US', state: 'NY' }, ['location.postal_code']],
    ['us_state_required_for_sales_tax', { country: 'US' }, ['location.postal_code']],
    ['province_unknown_gst_only', { country: 'CA' }, ['location.state']],
    // A note the request already answers asks nothing (the field was given; the engine could not use it).
    ['province_unknown_gst_only', { country: 'CA', state: 'ZZ' }, []],
    ['us_local_rate_unavailable_state_base_rate_used', { country: 'US', postal_code: '99999' }, []],
  ])('maps the engine note %s to the missing field', (note, location, expected) => {
    expect(requiredFields(location, facts({ notes: [note] }))).toEqual(expected);
  });

  it('asks for the country of a location known only from an IP address', () => {
    expect(requiredFields({ ip_address: '8.8.8.8' }, facts({ locationSource: 'ip_address' }))).toEqual(['location.country']);
  });

  it('asks for the parts of the full address not given when the ZIP spans rates', () => {
    expect(requiredFields({ country: 'US', postal_code: '57068' }, facts({ zipSpansRates: true }))).toEqual([
      'location.city',
      'location.line1',
      'location.state',
    ]);
    expect(requiredFields({ country: 'US', postal_code: '57068', state: 'SD', city: 'Valley Springs' }, facts({ zipSpansRates: true }))).toEqual([
      'location.line1',
    ]);
  });

  it('asks for the street address, not the state, when the ZIP spans counties of its state', () => {
    expect(requiredFields({ country: 'US', postal_code: '30097' }, facts({ zipSpansCounties: true }))).toEqual(['location.city', 'location.line1']);
    expect(requiredFields({ country: 'US', postal_code: '30097', city: 'Duluth', line1: '1 Main St' }, facts({ zipSpansCounties: true }))).toEqual([]);
  });

  it('asks for the tax ID of a business buyer the engine would tax otherwise, alongside the rest, sorted', () => {
    expect(requiredFields({ ip_address: '8.8.8.8' }, facts({ locationSource: 'ip_address', businessTreatmentNeedsTaxId: true }))).toEqual([
      'customer.tax_id',
      'location.country',
    ]);
  });
});
