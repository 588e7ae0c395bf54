/**
 * Integration: the ZIP-to-county crosswalk (docs/checkouts.md) on DynamoDB Local: `levy zip-counties import`
 * keeps the ZIPs that reach into several counties of a state, and a checkout in one asks for the street address. The
 * crosswalk lines are HUD's (../shared/data/us-zip-county-hud-2023q1, read here, never copied), written to a temporary
 * file in HUD's own column layout.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSides } from '../../src/composition/ports';
import { ZIP_COUNTY_MIN_SHARE } from '../../src/domain/geography/zip-counties';
import { main } from '../../local/cli';
import { importZipCounties, parseZipCountyCsv, ZipCountyFileError } from '../../local/rates/zip-counties-import';
import { callRoute, newTestAccount } from '../support/api';
import { importZipRows, sharedDataDir } from '../support/shared-data';

const crosswalkFile = join(sharedDataDir, 'us-zip-county-hud-2023q1', 'hud_zip_county_2023Q1_all_pairs.csv');
const crosswalk = readFileSync(crosswalkFile, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'levy-zip-counties-'));

/** The shared file's lines of these ZIPs, in HUD's published layout (ZIP,COUNTY,USPS_ZIP_PREF_CITY,USPS_ZIP_PREF_STATE,RES_RATIO,...). */
function hudFile(name: string, zips: readonly string[]): string {
  const lines = crosswalk.split('\n').filter((line) => zips.includes(line.slice(0, 5)));
  const hud = lines.map((line) => {
    const [zip, fips, , state, city, res, bus, oth, tot] = line.split(',');
    return [zip, fips, city, state, res, bus, oth, tot].join(',');
  });
  const path = join(dir, name);
  writeFileSync(path, ['ZIP,COUNTY,USPS_ZIP_PREF_CITY,USPS_ZIP_PREF_STATE,RES_RATIO,BUS_RATIO,OTH_RATIO,TOT_RATIO', ...hud].join('\n'));
  return path;
}

const lamp = { id: 'lamp', amount: 10_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' };

describe('ZIP-to-county crosswalk', () => {
  it('finds the ZIPs of the published crosswalk that reach into several counties of a state', () => {
    const pairs = parseZipCountyCsv(crosswalk, crosswalkFile);
    expect(pairs).toHaveLength(54_447);
    const byZipState = new Map<string, number>();
    for (const p of pairs) if (p.share >= ZIP_COUNTY_MIN_SHARE) byZipState.set(`${p.zip}/${p.state}`, (byZipState.get(`${p.zip}/${p.state}`) ?? 0) + 1);
    expect([...byZipState.values()].filter((n) => n > 1)).toHaveLength(8_279);
  });

  describe('imported', () => {
    let account: string;
    beforeAll(async () => {
      account = (await newTestAccount('US', 'Frisco Lamps')).account_id;
      // 75034 Frisco, TX: Collin County 68.3 %, Denton County 31.7 %; 78701 Austin: Travis County only.
      expect(await importZipCounties(hudFile('first.csv', ['75034', '78701', '30097']))).toMatchObject({ zips: 3, multi_county: 2, deleted: 0 });
      await importZipRows([
        ['TX', '75034'],
        ['TX', '78701'],
      ]);
    });

    it('stores the counties of a spanning ZIP beside its rates, read in one query', async () => {
      const sides = await zipSides.sidesOf('75034');
      expect(sides.rates.map((r) => r.region_name)).toEqual(['FRISCO']);
      expect(sides.counties).toEqual([
        {
          zip: '75034',
          state: 'TX',
          counties: [
            { county_fips: '48085', county_name: '', share: 0.682578 },
            { county_fips: '48121', county_name: '', share: 0.317422 },
          ],
        },
      ]);
      expect((await zipSides.sidesOf('78701')).counties).toEqual([]);
    });

    it('asks for the street address in a ZIP that spans counties, and is final once given', async () => {
      const opened = await callRoute('checkouts-create', {
        accountId: account,
        body: { currency: 'USD', location: { country: 'US', postal_code: '75034' }, line_items: [lamp] },
      });
      expect(opened.status).toBe(201);
      expect(opened.body.required_fields).toEqual(['location.city', 'location.line1']);
      const full = await callRoute('checkouts-update', {
        accountId: account,
        pathParameters: { id: opened.body.id },
        body: { location: { country: 'US', state: 'TX', postal_code: '75034', city: 'Frisco', line1: '6101 Frisco Square Blvd' } },
      });
      // TX,75034,FRISCO,0.082500 (Avalara TAXRATES_ZIP5_TX202603.csv): 8.25 % of 100.00.
      expect(full.body).toMatchObject({ required_fields: [], tax_total: 825 });
      expect(
        (await callRoute('checkouts-complete', { accountId: account, pathParameters: { id: opened.body.id }, body: { transaction_id: 'frisco-1' } })).status,
      ).toBe(200);
    });

    it('asks nothing more in a ZIP wholly inside one county', async () => {
      const opened = await callRoute('checkouts-create', {
        accountId: account,
        body: { currency: 'USD', location: { country: 'US', postal_code: '78701' }, line_items: [lamp] },
      });
      expect(opened.body.required_fields).toEqual([]);
    });

    it('a later import replaces the earlier: a ZIP it no longer lists is deleted', async () => {
      expect((await zipSides.sidesOf('30097')).counties).toHaveLength(1);
      expect(await importZipCounties(hudFile('second.csv', ['75034']))).toMatchObject({ multi_county: 1, deleted: 1 });
      expect((await zipSides.sidesOf('30097')).counties).toEqual([]);
      expect((await zipSides.sidesOf('75034')).counties).toHaveLength(1);
    });

    it('a malformed line is named and imports nothing (levy: one line, exit 2)', async () => {
      const bad = join(dir, 'bad.csv');
      writeFileSync(bad, 'ZIP,COUNTY,USPS_ZIP_PREF_STATE,TOT_RATIO\n30097,13121,GA,0.5\n30097,13135,GA,1.5\n');
      await expect(importZipCounties(bad)).rejects.toThrow(new ZipCountyFileError(bad, 3, "TOT_RATIO '1.5' is not a fraction between 0 and 1"));
      const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        expect(await main(['zip-counties', 'import', bad])).toBe(2);
        expect(String(stderr.mock.calls[0]?.[0])).toBe(`levy: Nothing was imported. ${bad}:3: TOT_RATIO '1.5' is not a fraction between 0 and 1\n`);
      } finally {
        stderr.mockRestore();
      }
      expect((await zipSides.sidesOf('30097')).counties).toEqual([]);
    });

    it('a header without the needed columns is refused', () => {
      expect(() => parseZipCountyCsv('ZIP,STATE\n30097,GA\n', 'x.csv')).toThrow('x.csv:1: the header has no COUNTY_FIPS or COUNTY column');
    });
  });
});
