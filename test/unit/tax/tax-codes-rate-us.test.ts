/**
 * Unit tests (pure, no database): the rate of a sale named by tax code (src/domain/tax/tax-code-rate.ts) in the
 * United States (state rate, no ZIP row): groceries, clothing, prescription drugs, SaaS and resellers. Every expected
 * value names its source.
 */
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { type TaxRateContext } from '../../../src/domain/tax/rate-engine';
import { calculateTaxCodeRate, type TaxCodeRateInput } from '../../../src/domain/tax/tax-code-rate';

const usSeller: TaxRateContext = { seller: { country: 'US', state: 'CA' }, usLocal: null, today: '2026-03-15', lookups };

const sale = (tax_code: string, location: TaxCodeRateInput['location'], extra: Partial<TaxCodeRateInput> = {}): TaxCodeRateInput => ({
  tax_code,
  customer_type: 'B2C',
  location,
  ...extra,
});

describe('the rate of a tax code', () => {
  describe('United States (state rate, no ZIP row)', () => {
    it('groceries: exempt in California, 4 % state rate in Tennessee with its 2023 holiday', () => {
      // Cal. Rev. & Tax. Code § 6359: food products for human consumption exempt.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'CA' }), usSeller)).toMatchObject({
        taxability_reason: 'not_taxable_in_jurisdiction',
        result: { taxable: false, total_rate: 0 },
      });
      // Tenn. Code Ann. § 67-6-228(a): food and food ingredients 4 % state rate (general rate 7 %).
      const tn = calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'TN' }), usSeller);
      expect(tn).toMatchObject({ taxability_reason: 'reduced_rate', result: { state_rate: 0.04 } });
      expect(tn.rule_source).toMatch(/67-6-228/);
      // Tenn. Pub. Ch. 377 (2023): no tax on food from 2023-08-01 to 2023-10-31.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'TN' }, { date: '2023-09-15' }), usSeller).result.taxable).toBe(false);
    });

    it('groceries in Illinois: 1 % (0 % while suspended 2022-07..2023-06 and from 2026), and a note that the local food taxes are not modelled', () => {
      // 35 ILCS 120/2-10: 1 %; P.A. 102-0700: suspended 2022-07-01..2023-06-30; P.A. 103-0592: repealed from 2026-01-01.
      // IDOR, Mass Transit District Sales Tax (tax.illinois.gov/localgovernments/masstransit.html): the RTA still taxes
      // food at 1.25 % (Cook) or 0.75 % (collar counties), the Metro-East district at 0.25-0.75 %: not in Levy's ZIP table.
      const answer = (date: string) => calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'IL' }, { date }), usSeller);
      expect(answer('2025-03-01')).toMatchObject({ taxability_reason: 'reduced_rate', result: { taxable: true, state_rate: 0.01, total_rate: 0.01 } });
      for (const date of ['2023-01-10', '2026-03-01'])
        expect(answer(date)).toMatchObject({ taxability_reason: 'zero_rated', result: { taxable: true, total_rate: 0 } });
      for (const date of ['2021-05-01', '2023-01-10', '2025-03-01', '2026-03-01']) {
        expect(answer(date).result.notes).toContain('us_local_rate_for_tax_code_not_modelled');
        expect(answer(date).rule_source).toMatch(/tax\.illinois\.gov\/localgovernments\/masstransit/);
      }
      // The ZIP table's local parts are general-merchandise rates (Chicago 60601: 10.25 %); food never takes them.
      const chicago: TaxRateContext = {
        ...usSeller,
        usLocal: {
          zip: '60601',
          state: 'IL',
          region_name: 'CHICAGO',
          state_rate: 0.0625,
          county_rate: 0.0175,
          city_rate: 0.0125,
          special_rate: 0.01,
          combined_rate: 0.1025,
          effective_month: '2025-01',
        },
      };
      const inChicago = calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'IL', postal_code: '60601' }, { date: '2025-03-01' }), chicago);
      expect(inChicago.result).toMatchObject({ state_rate: 0.01, county_rate: 0, additional_rate: 0, special_rate: 0, total_rate: 0.01 });
      expect(inChicago.result.notes).toContain('us_local_rate_for_tax_code_not_modelled');
    });

    it('groceries in Arkansas: no state tax from 2026 (Act 1008 of 2025), local taxes still apply', () => {
      // Ark. Act 1008 of 2025 (HB 1685, Grocery Tax Relief Act): the 0.125 % state rate on food repealed from 2026-01-01.
      const answer = calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'AR' }, { date: '2026-02-01' }), usSeller);
      expect(answer.result.state_rate).toBe(0);
      expect(answer.rule_source).toMatch(/Act 1008 of 2025 \(HB 1685/);
      expect(answer.rule_source).not.toMatch(/not verified/);
    });

    it('groceries in Alabama step down 4 % -> 3 % -> 2 % (Act 2023-554)', () => {
      // Ala. Code § 40-23-2(1) 4 %; Ala. Act 2023-554: 3 % from 2023-09-01, 2 % from 2025-09-01.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'AL' }, { date: '2023-01-10' }), usSeller).result.state_rate).toBe(0.04);
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'AL' }, { date: '2024-01-10' }), usSeller).result.state_rate).toBe(0.03);
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'AL' }, { date: '2026-01-10' }), usSeller).result.state_rate).toBe(0.02);
    });

    it("clothing: exempt in PA, NJ, MN and VT (footwear and children's clothing too), taxed in New York", () => {
      // 72 P.S. § 7204(26); N.J.S.A. 54:32B-8.4; Minn. Stat. § 297A.67 subd. 8; 32 V.S.A. § 9741(45).
      for (const state of ['PA', 'NJ', 'MN', 'VT']) {
        for (const id of ['levy_clothing', 'levy_footwear', 'levy_childrens_clothing']) {
          expect(calculateTaxCodeRate(sale(id, { country: 'US', state }), usSeller).taxability_reason).toBe('not_taxable_in_jurisdiction');
        }
      }
      // N.Y. Tax Law § 1105(a): 4 % state rate (the under-$110 exemption is out of scope: docs/products.md).
      expect(calculateTaxCodeRate(sale('levy_clothing', { country: 'US', state: 'NY' }), usSeller)).toMatchObject({
        taxability_reason: 'taxable',
        result: { state_rate: 0.04 },
      });
    });

    it('prescription drugs: exempt everywhere but Illinois (1 %, its local transit taxes noted as not modelled)', () => {
      // Cal. Rev. & Tax. Code § 6369; 35 ILCS 120/2-10 (1 %); IDOR mass-transit page: RTA 1.25 % / 0.75 % on drugs too.
      expect(calculateTaxCodeRate(sale('levy_prescription_drugs', { country: 'US', state: 'CA' }), usSeller).result.taxable).toBe(false);
      const illinois = calculateTaxCodeRate(sale('levy_prescription_drugs', { country: 'US', state: 'IL' }), usSeller).result;
      expect(illinois.total_rate).toBe(0.01);
      expect(illinois.notes).toContain('us_local_rate_for_tax_code_not_modelled');
    });

    it('SaaS for business use reads the business rows and for personal use the consumer rows, whoever the buyer is', () => {
      // Iowa Code § 423.3(104): SaaS sold to a commercial enterprise for its use exempt; § 423.2(6)(o): taxable otherwise, 6 %.
      expect(calculateTaxCodeRate(sale('levy_saas_business', { country: 'US', state: 'IA' }, { customer_type: 'B2C' }), usSeller).result.taxable).toBe(false);
      expect(calculateTaxCodeRate(sale('levy_saas_personal', { country: 'US', state: 'IA' }, { customer_type: 'B2B' }), usSeller).result.state_rate).toBe(0.06);
      // ORC 5739.01(B)(3)(e): taxable only when for use in business, 5.75 %.
      expect(calculateTaxCodeRate(sale('levy_saas_personal', { country: 'US', state: 'OH' }, { customer_type: 'B2B' }), usSeller).result.taxable).toBe(false);
      expect(calculateTaxCodeRate(sale('levy_saas_business', { country: 'US', state: 'OH' }), usSeller).result.state_rate).toBe(0.0575);
    });

    it('Texas SaaS is taxed on 80 % of the price; a reseller buying it is exempt', () => {
      // Tex. Tax Code § 151.351: 20 % of data processing exempt; 6.25 % x 0.8 = 5 %.
      expect(calculateTaxCodeRate(sale('levy_saas', { country: 'US', state: 'TX' }), usSeller)).toMatchObject({
        taxability_reason: 'taxable_basis_reduced',
        result: { state_rate: 0.05 },
      });
      // Tex. Tax Code § 151.302(a): a sale for resale (with a resale certificate, § 151.151) is exempt.
      expect(calculateTaxCodeRate(sale('levy_saas', { country: 'US', state: 'TX' }, { customer_type: 'RESELLER' }), usSeller)).toMatchObject({
        taxability_reason: 'customer_exempt',
        result: { exempt: true, total_rate: 0, notes: expect.arrayContaining(['customer_exempt_reseller']) },
      });
    });

    it('a reseller buying Tennessee groceries is exempt too', () => {
      // Tenn. Code Ann. § 67-6-102 (a 'retail sale' is a sale for any purpose other than resale): no sales tax on a sale for resale.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'US', state: 'TN' }, { customer_type: 'RESELLER' }), usSeller).taxability_reason).toBe(
        'customer_exempt',
      );
    });
  });
});
