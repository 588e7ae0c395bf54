/**
 * Unit: reading a Stripe tax code (`txcd_...`) through the crosswalk of data/tax-codes.json (docs/products.md): each
 * Stripe code the catalogue names maps back to a Levy code that names it; where several share one, the category's
 * default wins, else the first in catalogue order (the most general).
 */
import { STRIPE_TAX_CODE_PATTERN, taxCodeForStripe, taxCodes } from '../../../src/domain/tax/tax-codes';

describe('taxCodeForStripe', () => {
  it('maps every Stripe code of the crosswalk back to a Levy code that names it', () => {
    const stripeCodes = [...new Set(taxCodes().flatMap((c) => (c.crosswalk.stripe !== null ? [c.crosswalk.stripe] : [])))];
    expect(stripeCodes.length).toBeGreaterThan(40);
    for (const stripe of stripeCodes) {
      expect({ stripe, pattern: STRIPE_TAX_CODE_PATTERN.test(stripe) }).toEqual({ stripe, pattern: true });
      expect({ stripe, mapsBack: taxCodeForStripe(stripe)?.crosswalk.stripe }).toEqual({ stripe, mapsBack: stripe });
    }
  });

  it.each([
    // data/tax-codes.json: Stripe's "Software as a service - business use" and "- personal use".
    ['txcd_10103001', 'levy_saas_business'],
    ['txcd_10103000', 'levy_saas_personal'],
    // Shared: professional, legal, accounting services and consulting: the PROFESSIONAL_SERVICES default.
    ['txcd_20060000', 'levy_professional_services'],
    // Shared: clothing and footwear (Stripe's "Clothing and footwear"): the first in catalogue order.
    ['txcd_30011000', 'levy_clothing'],
  ])('%s -> %s', (stripe, levy) => {
    expect(taxCodeForStripe(stripe)?.id).toBe(levy);
  });

  it('answers nothing for a code the crosswalk does not name', () => {
    expect(taxCodeForStripe('txcd_99999998')).toBeUndefined();
    expect(taxCodeForStripe('levy_saas')).toBeUndefined();
  });
});
