// Unit tests (pure, no database): the US state rules (dated, per customer group, per government level) and
// Canada's business buyers. Every expected value names its source; state base rates are those of data/us-states.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import type { LocationInput } from '../../../src/domain/fields/sale';
import { calculateTaxRate, type TaxRateContext, type TaxRateInput, type TaxRateResult } from '../../../src/domain/tax/rate-engine';
import { rateDataSchemas } from '../../../src/domain/tax/rate-data-schema';
import { taxRateRequestSchema } from '../../../src/domain/tax/rate-request';
import { parseWith } from '../../../src/domain/validation';
import { ValidationError } from '../../../src/domain/errors';

const usSeller: TaxRateContext = { seller: { country: 'US' }, usLocal: null, today: '2026-03-15', lookups };
const caSeller: TaxRateContext = { ...usSeller, seller: { country: 'CA' } };

type Kind = Pick<TaxRateInput, 'product_category' | 'delivery_method'>;
const SAAS: Kind = { product_category: 'SAAS', delivery_method: 'CLOUD' };
const DOWNLOAD: Kind = { product_category: 'DIGITAL_GOODS', delivery_method: 'DOWNLOAD' };
const STREAMED: Kind = { product_category: 'DIGITAL_GOODS', delivery_method: 'CLOUD' };
const EBOOK: Kind = { product_category: 'EBOOKS', delivery_method: 'DOWNLOAD' };
const SHIPPED: Kind = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' };
const PICKUP: Kind = { product_category: 'PHYSICAL_GOODS', delivery_method: 'PICKUP' };
const CONSULTING: Kind = { product_category: 'PROFESSIONAL_SERVICES', delivery_method: 'IN_PERSON' };

function rate(
  kind: Kind,
  customer_type: TaxRateInput['customer_type'],
  location: LocationInput,
  options: { date?: string; government_level?: TaxRateInput['government_level']; context?: TaxRateContext } = {},
): TaxRateResult {
  const { context = usSeller, ...rest } = options;
  return calculateTaxRate({ ...kind, customer_type, location, ...rest }, context);
}
const us = (state: string): LocationInput => ({ country: 'US', state });
const ca = (state: string): LocationInput => ({ country: 'CA', state });

describe('Connecticut: SaaS and software at 1 % for business use, 6.35 % for consumers from 2019-10-01', () => {
  it('before 2019-10-01 every buyer paid the 1 % computer and data processing rate', () => {
    // Conn. Gen. Stat. § 12-408(1), CT DRS PS 98(3) rate schedule (1 % from 2001-07-01); RSM on SN 2019(8).
    expect(rate(SAAS, 'B2C', us('CT'), { date: '2019-09-30' })).toMatchObject({ taxable: true, state_rate: 0.01, total_rate: 0.01 });
    expect(rate(SAAS, 'B2B', us('CT'), { date: '2019-09-30' }).total_rate).toBe(0.01);
  });

  it('from 2019-10-01 consumers pay 6.35 %', () => {
    // Conn. Gen. Stat. § 12-407(a)(13) as amended by P.A. 19-117; CT DRS SN 2019(8); general rate § 12-408(1) 6.35 %.
    expect(rate(SAAS, 'B2C', us('CT'), { date: '2019-10-01' })).toMatchObject({ state_rate: 0.0635, total_rate: 0.0635 });
    expect(rate(DOWNLOAD, 'B2C', us('CT'), { date: '2026-03-15' }).total_rate).toBe(0.0635);
  });

  it('from 2019-10-01 software bought by a business for its own use stays at 1 %', () => {
    // CT DRS SN 2019(8): software sold to a business for use by the business remains a computer and data processing service at 1 %.
    expect(rate(SAAS, 'B2B', us('CT'), { date: '2019-10-01' }).total_rate).toBe(0.01);
    expect(rate(DOWNLOAD, 'B2B', us('CT'), { date: '2026-03-15' }).total_rate).toBe(0.01);
  });

  it('e-books are digital goods at 6.35 % for every buyer from 2019-10-01 (1 % before)', () => {
    // CT DRS SN 2019(8) / Sales Tax Institute: reading materials electronically transferred move from 1 % to 6.35 %;
    // the 1 % business-use rate covers software only.
    expect(rate(EBOOK, 'B2B', us('CT'), { date: '2019-10-01' }).total_rate).toBe(0.0635);
    expect(rate(EBOOK, 'B2C', us('CT'), { date: '2019-09-30' }).total_rate).toBe(0.01);
  });
});

describe('Maryland: digital products from 2021-03-14, enterprise exclusion 2022-07-01, 3 % IT and software services 2025-07-01', () => {
  it('SaaS was not taxable before 2021-03-14', () => {
    // HB 932 (2020) = Chapter 38 of 2021, effective 2021-03-14 (EY Tax Alert 2021-0805).
    expect(rate(SAAS, 'B2C', us('MD'), { date: '2021-03-13' })).toMatchObject({ taxable: false, total_rate: 0 });
  });

  it('from 2021-03-14 digital products are taxed at 6 %, business buyers included', () => {
    // Md. Code, Tax-Gen. § 11-101(c-4) (digital product), § 11-104(a) (6 %).
    expect(rate(SAAS, 'B2C', us('MD'), { date: '2021-03-14' }).total_rate).toBe(0.06);
    expect(rate(SAAS, 'B2B', us('MD'), { date: '2022-06-30' }).total_rate).toBe(0.06);
  });

  it('from 2022-07-01 software bought for enterprise use is no digital product', () => {
    // HB 791 (2022): software/SaaS bought solely for commercial purposes in an enterprise computer system excluded (Aprio, RSM).
    expect(rate(SAAS, 'B2B', us('MD'), { date: '2022-07-01' })).toMatchObject({ taxable: false, total_rate: 0 });
    expect(rate(SAAS, 'B2B', us('MD'), { date: '2025-06-30' }).total_rate).toBe(0);
    expect(rate(SAAS, 'B2C', us('MD'), { date: '2023-01-01' }).total_rate).toBe(0.06);
  });

  it('from 2025-07-01 business SaaS is a 3 % software publishing / IT service; consumers keep the higher 6 %', () => {
    // Md. Code, Tax-Gen. § 11-104(l)(1), Chapter 604 of 2025 s. 4; Comptroller TB-56; COMAR 03.06.01.50 (higher rate applies).
    expect(rate(SAAS, 'B2B', us('MD'), { date: '2025-07-01' })).toMatchObject({ taxable: true, state_rate: 0.03, total_rate: 0.03 });
    expect(rate(DOWNLOAD, 'B2B', us('MD'), { date: '2026-03-15' }).total_rate).toBe(0.03);
    expect(rate(SAAS, 'B2C', us('MD'), { date: '2025-07-01' }).total_rate).toBe(0.06);
  });
});

describe('Downloaded prewritten software is taxable in KS, MI and ND; streaming and e-books are not', () => {
  it.each([
    // K.S.A. 79-3602, 79-3603 (6.5 %); KDOR EDU-71R.
    ['KS', 0.065],
    // MCL 205.51a(o), 205.52(1) (6 %); Treasury RAB 2023-10.
    ['MI', 0.06],
    // N.D.C.C. § 57-39.2-02.1(1)(g) (5 %): software 'delivered electronically'.
    ['ND', 0.05],
  ])('%s taxes a software download at the state rate', (state, expected) => {
    expect(rate(DOWNLOAD, 'B2C', us(state))).toMatchObject({ taxable: true, total_rate: expected });
    expect(rate(DOWNLOAD, 'B2B', us(state)).total_rate).toBe(expected);
  });

  it.each(['KS', 'MI', 'ND'])('%s does not tax remotely accessed or streamed products, nor e-books', (state) => {
    // KS: KDOR O-2012-001, P-2010-009; MI: RAB 2023-10, Auto-Owners (2015); ND: N.D.C.C. § 57-39.2-04(56).
    expect(rate(STREAMED, 'B2C', us(state))).toMatchObject({ taxable: false, total_rate: 0 });
    expect(rate(SAAS, 'B2C', us(state)).taxable).toBe(false);
    expect(rate(EBOOK, 'B2C', us(state)).taxable).toBe(false);
  });
});

describe('Nonprofit buyers', () => {
  it('Florida exempts 501(c)(3) purchases (with a DR-14 certificate)', () => {
    // Fla. Stat. § 212.08(7)(p); FL DOR 'Nonprofit Organizations and Sales and Use Tax'.
    expect(rate(SHIPPED, 'NONPROFIT', us('FL'))).toMatchObject({ exempt: true, total_rate: 0, notes: expect.arrayContaining(['customer_exempt_nonprofit']) });
  });

  it('Connecticut exempts 501(c)(3) purchases', () => {
    // Conn. Gen. Stat. § 12-412(8); CT DRS SN 95(10).
    expect(rate(SAAS, 'NONPROFIT', us('CT'))).toMatchObject({ exempt: true, total_rate: 0 });
  });

  it('Kansas has no general nonprofit exemption', () => {
    // KDOR Private Letter Ruling P-1998-110; K.S.A. 79-3603 (6.5 %).
    expect(rate(SHIPPED, 'NONPROFIT', us('KS'))).toMatchObject({ exempt: false, total_rate: 0.065 });
  });

  it('South Carolina has no blanket nonprofit exemption', () => {
    // S.C. Code § 12-36-2120 (SCDOR manual ch. 9, via SCANPO); S.C. Code § 12-36-910(A) (6 %).
    expect(rate(SHIPPED, 'NONPROFIT', us('SC'))).toMatchObject({ exempt: false, total_rate: 0.06 });
  });
});

describe('Government buyers by level', () => {
  it('California exempts the federal government but taxes its own state and local agencies', () => {
    // Cal. Rev. & Tax. Code § 6381; CDTFA Publication 102 (state agencies, counties, cities, districts generally taxable); 7.25 %.
    expect(rate(SHIPPED, 'GOVERNMENT', us('CA'), { government_level: 'federal' })).toMatchObject({ exempt: true, total_rate: 0 });
    expect(rate(SHIPPED, 'GOVERNMENT', us('CA'), { government_level: 'state' })).toMatchObject({ exempt: false, total_rate: 0.0725 });
    expect(rate(SHIPPED, 'GOVERNMENT', us('CA'), { government_level: 'local' })).toMatchObject({ exempt: false, total_rate: 0.0725 });
  });

  it('Washington taxes sales to the state and its municipal subdivisions, not to the United States', () => {
    // WAC 458-20-189 (state and local taxable), WAC 458-20-190 (federal exempt); RCW 82.08.020(1) 6.5 %; SaaS RCW 82.04.050(6)(c).
    expect(rate(SAAS, 'GOVERNMENT', us('WA'), { government_level: 'state' })).toMatchObject({ exempt: false, total_rate: 0.065 });
    expect(rate(SAAS, 'GOVERNMENT', us('WA'), { government_level: 'local' }).total_rate).toBe(0.065);
    expect(rate(SAAS, 'GOVERNMENT', us('WA'), { government_level: 'federal' })).toMatchObject({ exempt: true, total_rate: 0 });
  });

  it('New Mexico deducts only sales of tangible goods to governments: services to any government are taxable', () => {
    // NMSA 1978 § 7-9-54(A); 3.2.212.9 NMAC; United States v. New Mexico, 455 U.S. 720 (1982); § 7-9-4 4.875 % (2024-07-01).
    expect(rate(SAAS, 'GOVERNMENT', us('NM'), { government_level: 'federal' })).toMatchObject({ exempt: false, total_rate: 0.04875 });
    expect(rate(CONSULTING, 'GOVERNMENT', us('NM'), { government_level: 'local' }).total_rate).toBe(0.04875);
    expect(rate(SHIPPED, 'GOVERNMENT', us('NM'), { government_level: 'state' })).toMatchObject({ exempt: true, total_rate: 0 });
  });

  it('Hawaii exempts only tangible goods sold to the United States; services to it bear the 4 % GET', () => {
    // HRS § 237-25(a)(3) (federal, tangible personal property only); HRS § 237-13(6) 4 %.
    expect(rate(CONSULTING, 'GOVERNMENT', us('HI'), { government_level: 'federal' })).toMatchObject({ exempt: false, total_rate: 0.04 });
    expect(rate(SHIPPED, 'GOVERNMENT', us('HI'), { government_level: 'federal' })).toMatchObject({ exempt: true, total_rate: 0 });
  });

  it('Texas exempts federal, state and local governments alike', () => {
    // Tex. Tax Code § 151.309(1), (4), (5).
    for (const government_level of ['federal', 'state', 'local'] as const) {
      expect(rate(SAAS, 'GOVERNMENT', us('TX'), { government_level })).toMatchObject({ exempt: true, total_rate: 0 });
    }
  });

  it('Minnesota taxes its own state agencies but exempts cities and counties', () => {
    // Minn. Stat. § 297A.70 subd. 1(b) and subd. 2(a); § 297A.62 subd. 1 6.875 %.
    expect(rate(SHIPPED, 'GOVERNMENT', us('MN'), { government_level: 'state' }).total_rate).toBe(0.06875);
    expect(rate(SHIPPED, 'GOVERNMENT', us('MN'), { government_level: 'local' }).exempt).toBe(true);
  });

  it('without a level a government is taken as federal, and the answer says so', () => {
    // docs/tax-rules.md (decision); Cal. Rev. & Tax. Code § 6381.
    expect(rate(SHIPPED, 'GOVERNMENT', us('CA'))).toMatchObject({ exempt: true, notes: expect.arrayContaining(['government_level_federal_assumed']) });
  });

  it('outside the US a government level changes nothing: public bodies pay VAT', () => {
    // Council Directive 2006/112/EC Art. 13 (public bodies are no taxable persons, so they buy as final consumers); FR CGI art. 278 (20 %).
    expect(rate(SAAS, 'GOVERNMENT', { country: 'FR' }, { government_level: 'federal' })).toMatchObject({ exempt: false, total_rate: 0.2 });
  });

  it('a government level with another customer type is a 400 naming government_level', () => {
    const parse = (body: unknown) => parseWith(taxRateRequestSchema, body);
    const body = { ...SAAS, customer_type: 'B2C', location: us('CA'), government_level: 'state' };
    expect(() => parse(body)).toThrow(ValidationError);
    try {
      parse(body);
    } catch (error) {
      expect((error as ValidationError).field).toBe('government_level');
    }
    expect(() => parse({ ...body, customer_type: 'GOVERNMENT', government_level: 'city' })).toThrow(/federal, state, local/);
    expect(parse({ ...body, customer_type: 'GOVERNMENT' })).toMatchObject({ government_level: 'state' });
  });
});

describe('Canada: business buyers of a seller outside Canada', () => {
  it('BC: the GST is self-assessed but the 7 % PST is charged on a business purchase of software', () => {
    // ETA ss. 217-218 (GST self-assessment); PST Act (SBC 2012, c. 35) s. 37 (7 %), Bulletin PST 105 (SaaS is software).
    expect(rate(SAAS, 'B2B', ca('BC'))).toMatchObject({ taxable: true, reverse_charge_applicable: true, country_rate: 0, state_rate: 0.07, total_rate: 0.07 });
  });

  it('SK: 6 % PST on a business purchase of SaaS', () => {
    // The Provincial Sales Tax Act (RSS 1978, c. P-34.1) s. 5 (6 %); PST Bulletin PST-5 (SaaS, PaaS, IaaS taxable, 2024).
    expect(rate(SAAS, 'B2B', ca('SK'))).toMatchObject({ reverse_charge_applicable: true, country_rate: 0, state_rate: 0.06, total_rate: 0.06 });
  });

  it('MB: RST on SaaS only from 2026-01-01, for consumers and businesses', () => {
    // The Retail Sales Tax Act as amended by Bill 46 (2025); Bulletin RST 003; Crowe Soberman 2025-11-10 (7 %).
    expect(rate(SAAS, 'B2B', ca('MB'), { date: '2026-01-01' })).toMatchObject({ reverse_charge_applicable: true, state_rate: 0.07, total_rate: 0.07 });
    expect(rate(SAAS, 'B2B', ca('MB'), { date: '2025-12-31' })).toMatchObject({ reverse_charge_applicable: true, total_rate: 0 });
    expect(rate(SAAS, 'B2C', ca('MB'), { date: '2025-06-01' })).toMatchObject({ country_rate: 0.05, state_rate: 0, total_rate: 0.05 });
    expect(rate(SAAS, 'B2C', ca('MB'), { date: '2026-01-01' }).total_rate).toBe(0.12);
  });

  it('MB: RST on streamed digital goods only from 2021-12-01; downloaded software before too', () => {
    // A Canadian seller (so the GST is charged throughout: ETA s. 165(1), 5 %). Information Bulletin No. 064
    // 'Streaming Services and Online Platforms': streaming taxable from 2021-12-01; RST 7 % from 2019-07-01 (The Retail
    // Sales Tax Act s. 2(1)).
    const context = caSeller;
    expect(rate(STREAMED, 'B2C', ca('MB'), { date: '2020-06-01', context })).toMatchObject({ country_rate: 0.05, state_rate: 0, total_rate: 0.05 });
    expect(rate(STREAMED, 'B2C', ca('MB'), { date: '2021-11-30', context }).total_rate).toBe(0.05);
    expect(rate(STREAMED, 'B2C', ca('MB'), { date: '2021-12-01', context }).total_rate).toBe(0.12);
    // RST Bulletin 003: prewritten software delivered electronically is taxable (GST 5 % + RST 7 %).
    expect(rate(DOWNLOAD, 'B2C', ca('MB'), { date: '2020-06-01', context }).total_rate).toBe(0.12);
  });

  it('a reseller buys without PST, so nothing is charged', () => {
    // BC PST Act s. 149(1) (purchase for resale exempt); ETA s. 217-218.
    expect(rate(SAAS, 'RESELLER', ca('BC'))).toMatchObject({ reverse_charge_applicable: true, total_rate: 0, notes: ['pst_exempt_for_resale'] });
  });

  it('HST provinces: the whole HST is self-assessed, as before', () => {
    // ETA ss. 217-218 and 218.01 (provincial part of HST).
    expect(rate(SAAS, 'B2B', ca('ON'))).toMatchObject({ reverse_charge_applicable: true, total_rate: 0 });
  });

  it("goods picked up at the seller's Ontario store are a supply made in Ontario: 13 % HST, no reverse charge", () => {
    // ETA s. 142(1)(a) (delivered in Canada), s. 143 (business carried on in Canada), s. 165(2) + Sch. VIII (HST 13 %).
    expect(rate(PICKUP, 'B2B', ca('ON'))).toMatchObject({ reverse_charge_applicable: false, country_rate: 0.05, state_rate: 0.08, total_rate: 0.13 });
  });

  it('goods shipped to a Quebec business are taxed like any supply made in Quebec: GST + QST', () => {
    // ETA s. 142(1)(a), s. 217 (covers services and intangibles, not goods); QST Act s. 16 (9.975 %).
    expect(rate(SHIPPED, 'B2B', ca('QC'))).toMatchObject({ reverse_charge_applicable: false, country_rate: 0.05, state_rate: 0.09975, total_rate: 0.14975 });
  });

  it('a Canadian seller charges the business its GST and PST as before', () => {
    // ETA s. 165(1) (5 %); PST Act (SBC 2012, c. 35) s. 37 (7 %).
    expect(rate(SAAS, 'B2B', ca('BC'), { context: caSeller })).toMatchObject({ reverse_charge_applicable: false, total_rate: 0.12 });
  });
});

describe('us-states.json taxability rules', () => {
  const data = JSON.parse(readFileSync(join(__dirname, '../../../data/us-states.json'), 'utf8')) as {
    states: { code: string; taxability: Record<string, object[]> }[];
  };
  const withMaryland = (edit: (rules: Record<string, unknown>[]) => void) => {
    const copy = structuredClone(data);
    edit(copy.states.find((state) => state.code === 'MD')!.taxability.SAAS as Record<string, unknown>[]);
    return rateDataSchemas().usStatesSchema.safeParse(copy);
  };

  it('the project data holds exactly one rule for every date, customer group and delivery', () => {
    expect(rateDataSchemas().usStatesSchema.safeParse(data).success).toBe(true);
  });

  it('a gap or an overlap between dated rules is refused', () => {
    expect(withMaryland((rules) => rules.splice(3, 1)).success).toBe(false); // 2022-07-01..2025-06-30 left uncovered
    expect(withMaryland((rules) => delete rules[2].to).success).toBe(false); // 2021 rule overlapping the later ones
  });
});
