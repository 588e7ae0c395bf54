/**
 * Integration: POST /v1/tax/rate end to end on DynamoDB Local, checked against reference data
 * published by others (../shared/data): the ZIPs of the March 2026 US table after a real import of all 41,000,
 * EU-27 + GB standard rates, reverse charge, Canada's splits, and spec section 8 on this route.
 *
 * How many ZIPs are quoted: every one with LEVY_ZIP_CHECK=all (`npm run test:zips`, which .ci/run runs after
 * `npm test`: about 70 s of SDK calls, one Query per ZIP); otherwise one in ten of each state's file, the tenth chosen by
 * the day (UTC), so ten days of `npm test` quote every ZIP and a day's runs quote the same ones. A mismatch names
 * its ZIP; `LEVY_ZIP_CHECK=all npx jest test/integration/tax-rate.test.ts -t 'ZIP'` quotes them all again.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importRates } from '../../local/rates/rates-import';
import { taxRateDeps } from '../../src/composition/sales';
import { quoteTaxRate } from '../../src/usecases/sales/quote-tax-rate';
import { callRoute, newTestAccount } from '../support/api';

const SHARED = join(__dirname, '../../../shared/data');
const ZIP_DIR = join(SHARED, 'us-zip5-rates-2026-03');

const ZIP_CHECK = process.env.LEVY_ZIP_CHECK ?? 'sample';
if (ZIP_CHECK !== 'all' && ZIP_CHECK !== 'sample') throw new Error(`LEVY_ZIP_CHECK must be all or sample, not ${ZIP_CHECK}`);
/** The tenth of each file quoted today without LEVY_ZIP_CHECK=all: days since the epoch, modulo 10. */
const SAMPLE_OFFSET = Math.floor(Date.now() / 86_400_000) % 10;

const rate = (accountId: string, body: unknown, headers: Record<string, string> = {}) => callRoute('tax-rate', { accountId, body, headers });

describe('POST /v1/tax/rate', () => {
  let usSeller: string;
  let deSeller: string;
  beforeAll(async () => {
    await importRates([ZIP_DIR]);
    usSeller = (await newTestAccount('US', 'Seller Inc')).account_id;
    deSeller = (await newTestAccount('DE', 'Verkäufer GmbH')).account_id;
  }, 120_000);

  const zipTitle =
    ZIP_CHECK === 'all'
      ? 'every ZIP of the imported table'
      : `one ZIP in ten of each state (the tenth numbered ${SAMPLE_OFFSET}; LEVY_ZIP_CHECK=all quotes every one)`;
  it(`matches EstimatedCombinedRate within 1e-6 for ${zipTitle} (physical goods, B2C, shipped)`, async () => {
    const files = readdirSync(ZIP_DIR).filter((f) => f.endsWith('.csv'));
    const rowsByFile = files.map((f) =>
      readFileSync(join(ZIP_DIR, f), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')),
    );
    expect(rowsByFile.flat().length).toBe(41_000);
    const rows = ZIP_CHECK === 'all' ? rowsByFile.flat() : rowsByFile.flatMap((fileRows) => fileRows.filter((_, i) => i % 10 === SAMPLE_OFFSET));
    expect(rows.length).toBeGreaterThan(ZIP_CHECK === 'all' ? 40_999 : 4_000);
    const mismatches: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const [state, zip, , combined] = rows[next++];
        // The route's own deps: the seller read once through its cache, one ZIP-row read per quote.
        const result = await quoteTaxRate(taxRateDeps, usSeller, {
          product_category: 'PHYSICAL_GOODS',
          delivery_method: 'SHIPPED',
          customer_type: 'B2C',
          location: { country: 'US', state, postal_code: zip },
        });
        // Compared in millionths: the rates are 6-place decimals, and total_rate is the exact sum of the parts.
        const ppm = (r: number) => Math.round(r * 1e6);
        const parts = [result.country_rate, result.state_rate, result.county_rate, result.additional_rate, result.special_rate].reduce((s, r) => s + ppm(r), 0);
        if (Math.abs(ppm(result.total_rate) - ppm(Number(combined))) > 1 || parts !== ppm(result.total_rate)) {
          mismatches.push(`${state} ${zip}: ${result.total_rate} vs ${combined}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('answers the spec 2.3 fields with a jurisdiction, county included, through the route', async () => {
    const res = await rate(usSeller, {
      product_category: 'PHYSICAL_GOODS',
      delivery_method: 'SHIPPED',
      customer_type: 'B2C',
      location: { country: 'US', postal_code: '90001' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      taxable: true,
      exempt: false,
      reverse_charge_applicable: false,
      country_rate: 0,
      state_rate: 0.06,
      county_rate: 0.0025,
      additional_rate: 0.0075,
      special_rate: 0.035,
      total_rate: 0.105,
      jurisdiction: { country: 'US', state: 'CA', state_name: 'California', county: 'Los Angeles County' },
      location_source: 'postal_code',
    });
  });

  it('charges B2C SaaS at the standard rate of every EU-27 country and GB (ibericode/vat-rates)', async () => {
    const { items } = JSON.parse(readFileSync(join(SHARED, 'vat-rates/ibericode_vat-rates.json'), 'utf8')) as {
      items: Record<string, { effective_from: string; rates: { standard: number } }[]>;
    };
    const today = new Date().toISOString().slice(0, 10);
    const countries = Object.keys(items);
    expect(countries.length).toBe(28);
    for (const country of countries) {
      const current = items[country].filter((p) => p.effective_from <= today).sort((a, b) => b.effective_from.localeCompare(a.effective_from))[0];
      const res = await rate(deSeller, { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country } });
      expect({ country, status: res.status, total: res.body.total_rate }).toEqual({ country, status: 200, total: current.rates.standard / 100 });
      expect(res.body.country_rate).toBe(res.body.total_rate);
    }
  });

  it('applies reverse charge to cross-border EU B2B with a valid VAT ID and VAT to domestic B2B', async () => {
    const cross = await rate(deSeller, {
      product_category: 'SAAS',
      delivery_method: 'CLOUD',
      customer_type: 'B2B',
      customer_tax_id: 'FR40303265045',
      location: { country: 'FR' },
    });
    expect(cross.body).toMatchObject({
      taxable: true,
      reverse_charge_applicable: true,
      exempt: false,
      total_rate: 0,
      country_rate: 0,
      customer: { declared_type: 'B2B', applied_type: 'B2B' },
    });
    // Without a tax ID a B2B customer is taxed as B2C, as in unify (Implementing Regulation 282/2011 Art. 18(2)): 20 %.
    const undocumented = await rate(deSeller, { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2B', location: { country: 'FR' } });
    expect(undocumented.body).toMatchObject({ reverse_charge_applicable: false, total_rate: 0.2, customer: { applied_type: 'B2C', reason: 'tax_id_missing' } });
    const domestic = await rate(deSeller, {
      product_category: 'SAAS',
      delivery_method: 'CLOUD',
      customer_type: 'B2B',
      customer_tax_id: 'DE136695976',
      location: { country: 'DE' },
    });
    expect(domestic.body).toMatchObject({ taxable: true, reverse_charge_applicable: false, country_rate: 0.19, total_rate: 0.19 });
  });

  it('calculates as a subsidiary named by entity_id, and 404s for another account’s entity', async () => {
    const sub = await callRoute('entities-create', { accountId: deSeller, body: { name: 'Filiale SARL', country: 'FR' } });
    const asSub = await rate(deSeller, {
      product_category: 'SAAS',
      delivery_method: 'CLOUD',
      customer_type: 'B2B',
      customer_tax_id: 'FR40303265045',
      location: { country: 'FR' },
      entity_id: sub.body.id,
    });
    expect(asSub.body).toMatchObject({ reverse_charge_applicable: false, country_rate: 0.2 });
    const foreign = await rate(usSeller, {
      product_category: 'SAAS',
      delivery_method: 'CLOUD',
      customer_type: 'B2B',
      location: { country: 'FR' },
      entity_id: sub.body.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
  });

  it('splits Canadian GST, HST, PST and QST', async () => {
    const cases: [string, number, number][] = [
      ['ON', 0.05, 0.08],
      ['AB', 0.05, 0],
      ['BC', 0.05, 0.07],
      ['QC', 0.05, 0.09975],
      ['NB', 0.05, 0.1],
    ];
    for (const [state, gst, provincial] of cases) {
      const res = await rate(usSeller, {
        product_category: 'PHYSICAL_GOODS',
        delivery_method: 'SHIPPED',
        customer_type: 'B2C',
        location: { country: 'CA', state },
      });
      expect({ state, country_rate: res.body.country_rate, state_rate: res.body.state_rate }).toEqual({ state, country_rate: gst, state_rate: provincial });
    }
  });

  it('takes a government_level: a Californian state agency pays the 90001 rate, a federal buyer is exempt; 400 with B2C', async () => {
    const body = {
      product_category: 'PHYSICAL_GOODS',
      delivery_method: 'SHIPPED',
      customer_type: 'GOVERNMENT',
      location: { country: 'US', postal_code: '90001' },
    };
    // CDTFA Publication 102: sales to State of California agencies are generally taxable; Avalara 2026-03 ZIP 90001: 10.5 %.
    expect((await rate(usSeller, { ...body, government_level: 'state' })).body).toMatchObject({ exempt: false, total_rate: 0.105 });
    // Cal. Rev. & Tax. Code § 6381: sales to the United States exempt.
    expect((await rate(usSeller, { ...body, government_level: 'federal' })).body).toMatchObject({ exempt: true, total_rate: 0 });
    const refused = await rate(usSeller, { ...body, customer_type: 'B2C', government_level: 'state' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining('government_level') });
  });

  it('charges nothing in a state without sales tax', async () => {
    const res = await rate(usSeller, {
      product_category: 'PHYSICAL_GOODS',
      delivery_method: 'SHIPPED',
      customer_type: 'B2C',
      location: { country: 'US', postal_code: '97201' },
    });
    expect(res.body).toMatchObject({ total_rate: 0, jurisdiction: { state: 'OR' } });
  });

  it.each([
    [{ product_category: 'SOFTWARE', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' } }, 'SAAS'],
    [{ product_category: 'PHYSICAL_GOODS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' } }, 'delivery_method'],
    [{ product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'US', state: 'NY', postal_code: '90001' } }, 'state'],
    [{ product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { ip_address: '10.1.2.3' } }, 'ip_address'],
    [{ product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: {} }, 'location'],
    [{ product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'US', postal_code: '9000' } }, 'postal_code'],
    [{ product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' }, colour: 'x' }, 'colour'],
    [{ product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2B', customer_tax_id: '', location: { country: 'DE' } }, 'customer_tax_id'],
  ])('refuses %j with a 400 naming %s and bills nothing', async (body, named) => {
    const { account_id } = await newTestAccount('US');
    const res = await rate(account_id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_error', message: expect.stringContaining(named), status: 400, request_id: expect.any(String) });
    const usage = await callRoute('usage-get', { accountId: account_id });
    expect(usage.body.data).toEqual([]);
  });

  it('runs 20 parallel requests with one key once and meters once', async () => {
    const { account_id } = await newTestAccount('US');
    const body = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', customer_type: 'B2C', location: { country: 'US', postal_code: '10001' } };
    const results = await Promise.all(Array.from({ length: 20 }, () => rate(account_id, body, { 'Idempotency-Key': 'parallel' })));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of ok) expect(r.body).toEqual(ok[0].body);
    const replay = await rate(account_id, body, { 'Idempotency-Key': 'parallel' });
    expect(replay.body).toEqual(ok[0].body);
    const usage = await callRoute('usage-get', { accountId: account_id });
    expect(usage.body.data).toEqual([{ date: expect.any(String), endpoint: 'POST /v1/tax/rate', count: 1 }]);
    const other = await rate(account_id, { ...body, customer_type: 'B2B' }, { 'Idempotency-Key': 'parallel' });
    expect(other.status).toBe(422);
  });
});
