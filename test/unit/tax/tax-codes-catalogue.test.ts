/**
 * Unit tests (pure, no database): the tax-code catalogue (data/tax-codes.json), its crosswalks and checks, and that a
 * default code answers exactly as its product category. Every expected value names its source.
 */
import taxCodesJson from '../../../data/tax-codes.json';
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { countriesWithVat } from '../../../src/domain/tax/rate-data';
import { calculateTaxRateDetailed, type TaxRateContext, type TaxRateInput } from '../../../src/domain/tax/rate-engine';
import { calculateTaxCodeRate } from '../../../src/domain/tax/tax-code-rate';
import { crosswalkSources, defaultTaxCode, taxCode, taxCodes, taxCodesFileSchema } from '../../../src/domain/tax/tax-codes';
import { allowedDeliveryMethods, customerTypes, productCategories } from '../../../src/domain/tax/vocabulary';

const usSeller: TaxRateContext = { seller: { country: 'US', state: 'CA' }, usLocal: null, today: '2026-03-15', lookups };
const deSeller: TaxRateContext = { seller: { country: 'DE' }, usLocal: null, today: '2026-03-15', lookups };

describe('the catalogue', () => {
  const codes = taxCodes();

  it('holds at least 40 codes with unique, readable ids, each refining a product category', () => {
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(codes.map((code) => code.id)).size).toBe(codes.length);
    for (const code of codes) {
      expect(code.id).toMatch(/^levy_[a-z0-9_]+$/);
      expect(productCategories).toContain(code.category);
      expect(allowedDeliveryMethods[code.category]).toContain(code.default_delivery);
    }
  });

  it('covers the products the issue names', () => {
    const ids = codes.map((code) => code.id);
    for (const id of [
      'levy_saas_business',
      'levy_saas_personal',
      'levy_software_download_business',
      'levy_software_custom',
      'levy_software_tangible_media',
      'levy_ebooks',
      'levy_digital_audio',
      'levy_digital_video',
      'levy_online_courses',
      'levy_general_goods',
      'levy_clothing',
      'levy_footwear',
      'levy_groceries',
      'levy_prepared_food',
      'levy_candy',
      'levy_soft_drinks',
      'levy_prescription_drugs',
      'levy_otc_drugs',
      'levy_medical_equipment',
      'levy_books',
      'levy_newspapers',
      'levy_childrens_clothing',
      'levy_legal_services',
      'levy_accounting_services',
      'levy_consulting',
      'levy_training',
      'levy_installation',
      'levy_repair',
      'levy_digital_advertising',
      'levy_data_processing',
      'levy_information_services',
      'levy_shipping',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('sources every crosswalk value, and a null says why', () => {
    for (const code of codes) {
      const sources = crosswalkSources(code.id)!;
      for (const anchor of ['stripe', 'taxjar', 'avalara'] as const) {
        expect(sources[anchor].length).toBeGreaterThan(20);
        if (code.crosswalk[anchor] === null) expect(sources[anchor]).toMatch(/null/);
      }
      if (code.crosswalk.stripe !== null) expect(code.crosswalk.stripe).toMatch(/^txcd_\d{8}$/);
      if (code.crosswalk.taxjar !== null) expect(code.crosswalk.taxjar).toMatch(/^(\d{5}|\d{8}A\d{4})$/);
      // An AvaTax system tax code is 8 characters: a one- or two-letter type prefix, then digits (P0000000, PC040100).
      if (code.crosswalk.avalara !== null) expect(code.crosswalk.avalara).toMatch(/^(?=.{8}$)[A-Z]{1,2}\d+$/);
    }
  });

  it('crosswalks SaaS and downloaded software to the AvaTax codes whose meaning matches, and leaves use-split codes null', () => {
    // SW054000 'Cloud services - saas - service agreement' (Avalara tax-code search, quoted in dominik-stripe/stripe-avatax-demos).
    expect(taxCode('levy_saas')!.crosswalk.avalara).toBe('SW054000');
    // FastSpring's AvaTax list: DC010500 canned software downloaded, business-to-business; DC020500 the same, non-business end user.
    expect(taxCode('levy_software_download_business')!.crosswalk.avalara).toBe('DC010500');
    expect(taxCode('levy_software_download_personal')!.crosswalk.avalara).toBe('DC020500');
    // Avalara splits canned software on media by buyer (DC010400 / DC020400); Levy's code has no use: no one equivalent.
    expect(taxCode('levy_software_tangible_media')!.crosswalk.avalara).toBeNull();
    expect(crosswalkSources('levy_software_tangible_media')!.avalara).toMatch(/DC010400.*DC020400/);
    // PF050101 is 'Carbonated beverages', not soft drinks: the meaning differs, so it stays null and says why.
    expect(taxCode('levy_soft_drinks')!.crosswalk.avalara).toBeNull();
    expect(crosswalkSources('levy_soft_drinks')!.avalara).toMatch(/PF050101/);
  });

  it('crosswalks pre-recorded courses, bottled water and (use-neutral) information services to the right Stripe codes', () => {
    // Stripe: txcd_20060158 'On demand Online Courses - pre-recorded, streamed'; txcd_20060058 is 'Training Services -
    // Self Study Web Based'. txcd_41030001 'Bottled Water'. txcd_10701400/01 split information services by use.
    expect(taxCode('levy_online_courses')!.crosswalk.stripe).toBe('txcd_20060158');
    expect(taxCode('levy_bottled_water')!.crosswalk.stripe).toBe('txcd_41030001');
    expect(taxCode('levy_information_services')!.crosswalk.stripe).toBeNull();
    expect(crosswalkSources('levy_information_services')!.stripe).toMatch(/txcd_10701400.*txcd_10701401/);
  });

  it('maps each product category to one default code of that category', () => {
    for (const category of productCategories) expect(defaultTaxCode(category).category).toBe(category);
    expect(defaultTaxCode('SAAS').id).toBe('levy_saas');
    expect(defaultTaxCode('PHYSICAL_GOODS').id).toBe('levy_general_goods');
  });

  it('refuses a duplicate id, a second default and an unknown code followed (the checks can fail)', () => {
    const parse = (edit: (codes: any[]) => void) => {
      const copy = structuredClone(taxCodesJson) as { codes: any[] };
      edit(copy.codes);
      return taxCodesFileSchema.safeParse(copy).success;
    };
    expect(parse(() => undefined)).toBe(true);
    expect(parse((list) => list.push({ ...list[0] }))).toBe(false);
    expect(parse((list) => (list.find((c) => c.id === 'levy_saas_business').default_for = 'SAAS'))).toBe(false);
    expect(parse((list) => (list.find((c) => c.id === 'levy_footwear').rules_like = 'levy_shoes'))).toBe(false);
    expect(parse((list) => (list[0].crosswalk_sources.stripe = ''))).toBe(false);
    expect(parse((list) => (list.find((c) => c.id === 'levy_groceries').id = 'levy_food'))).toBe(false); // the rule data names levy_groceries
  });
});

describe('a default code answers exactly as its category', () => {
  const customer = customerTypes;
  // 2020-08-01 falls in DE's and IE's temporary rates; a seller in the US and one in the EU cover domestic and cross-border.
  const dates = ['2020-08-01', '2026-03-15'];
  const sellers = [usSeller, deSeller] satisfies TaxRateContext[];

  const outcome = (run: () => unknown) => {
    try {
      const { result, ppm, totalPpm } = run() as ReturnType<typeof calculateTaxRateDetailed>;
      return { result, ppm, totalPpm };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };

  const locations = [
    ...countriesWithVat()
      .filter((country) => country !== 'CA' && country !== 'US')
      .map((country) => ({ country })),
    ...[
      'AL',
      'AK',
      'AZ',
      'AR',
      'CA',
      'CO',
      'CT',
      'GA',
      'HI',
      'IA',
      'ID',
      'IL',
      'KS',
      'LA',
      'MD',
      'MN',
      'MS',
      'MO',
      'NC',
      'NJ',
      'NM',
      'NY',
      'OH',
      'OK',
      'OR',
      'PA',
      'SD',
      'TN',
      'TX',
      'UT',
      'VA',
      'VT',
      'WA',
    ].map((state) => ({ country: 'US', state })),
    ...['AB', 'BC', 'MB', 'ON', 'QC', 'SK', 'NS'].map((state) => ({ country: 'CA', state })),
  ];

  it.each(productCategories)('%s over every VAT country, 33 US states and 7 provinces', (category) => {
    const code = defaultTaxCode(category);
    let compared = 0;
    for (const location of locations) {
      for (const context of sellers) {
        for (const delivery of allowedDeliveryMethods[category]) {
          for (const customer_type of customer) {
            for (const date of dates) {
              const input: TaxRateInput = { product_category: category, delivery_method: delivery, customer_type, location, date };
              const byCategory = outcome(() => calculateTaxRateDetailed(input, context));
              const byCode = outcome(() => calculateTaxCodeRate({ tax_code: code.id, delivery_method: delivery, customer_type, location, date }, context));
              expect(byCode).toEqual(byCategory);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(3_000);
  });
});
