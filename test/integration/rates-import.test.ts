/**
 * Integration: `levy rates import` and the Rates store on DynamoDB Local: a bad row is named by file and line and
 * nothing of the set is written; each file is imported as the table of its month (flag, file name or folder name;
 * none: refused), months add up, and the lookup answers the table in force on a month. The ZIPs and states here
 * (000xx, Z?) are made up, so no other test file rates them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { main as levy } from '../../local/cli';
import { importRates, rateTable } from '../../local/rates/rates-import';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { tableName } from '../../src/config/environment';
import { zipRates } from '../../src/composition/ports';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const noRoute = sourceModeOnly(SOURCE_MODE_ONLY.callsNoRoute);

const HEADER = 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';

/** A new folder (named `folderName` when given, else left without a month) holding these CSV files. */
function folderWith(files: Record<string, string[]>, folderName = 'no-month'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'levy-rates-')), folderName);
  mkdirSync(dir);
  for (const [name, rows] of Object.entries(files)) writeFileSync(join(dir, name), [HEADER, ...rows].join('\n') + '\n');
  return dir;
}

noRoute.describe('rates import', () => {
  it('imports every row with the month of its file name', async () => {
    const dir = folderWith({
      'TAXRATES_ZIP5_ZA202511.csv': ['ZA,00011,TEST TOWN,0.082500,0.060000,0.010000,0.012500,0.000000,0', 'ZA,00012,OTHER,0.060000,0.060000,0,0,0,0'],
    });
    const summary = await importRates([dir]);
    expect(summary).toMatchObject({ files: 1, rows: 2, effective_months: ['2025-11'] });
    expect(await rateTable().allMonths('00011')).toEqual([
      {
        zip: '00011',
        state: 'ZA',
        region_name: 'TEST TOWN',
        combined_rate: 0.0825,
        state_rate: 0.06,
        county_rate: 0.01,
        city_rate: 0.0125,
        special_rate: 0,
        effective_month: '2025-11',
      },
    ]);
  });

  it.each([
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,0002,X,0.07,0.06,0.01,0,0,0', "TAXRATES_ZIP5_ZB202603.csv:3: ZipCode '0002' is not five digits"],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,seven,0.06,0.01,0,0,0', ":3: EstimatedCombinedRate 'seven' is not a rate"],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,0.0700001,0.06,0.01,0,0,0', ":3: EstimatedCombinedRate '0.0700001' has more than 6 decimals"],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,0.09,0.06,0.01,0,0,0', ':3: the four rates add up to 0.07, not EstimatedCombinedRate 0.09'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,0.07,0.06,0.01,0', ':3: expected 9 columns, found 7'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00021,X,0.07,0.06,0.01,0,0,0', ':3: ZIP 00021 in ZB for 2026-03 is already listed at'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\n\nZB,00021,X,0.07,0.06,0.01,0,0,0', 'TAXRATES_ZIP5_ZB202603.csv:4: ZIP 00021 in ZB for 2026-03 is already listed at'],
  ])('refuses a bad row, naming file and line, and writes nothing (%#)', async (rows, problem) => {
    const dir = folderWith({ 'TAXRATES_ZIP5_ZA202603.csv': ['ZA,00031,GOOD,0.06,0.06,0,0,0,0'], 'TAXRATES_ZIP5_ZB202603.csv': rows.split('\n') });
    await expect(importRates([dir])).rejects.toThrow(problem);
    expect(await rateTable().allMonths('00031')).toEqual([]);
    expect(await rateTable().allMonths('00021')).toEqual([]);
  });

  it('needs a month: from the file name or --effective-month', async () => {
    const dir = folderWith({ 'rates.csv': ['ZC,00041,X,0.05,0.05,0,0,0,0'] });
    await expect(importRates([dir])).rejects.toThrow('no effective month');
    const out: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(((s: string) => out.push(s) > 0) as never);
    const code = await levy(['rates', 'import', '--no-progress', '--effective-month', '2026-01', dir]);
    write.mockRestore();
    expect(code).toBe(0);
    expect(JSON.parse(out.join(''))).toMatchObject({ rows: 1, effective_months: ['2026-01'] });
    expect((await rateTable().allMonths('00041'))[0].effective_month).toBe('2026-01');
  });

  it('answers usage errors with exit code 2, in the one format `levy: <message>`, and says nothing was imported', async () => {
    const bad = folderWith({ 'TAXRATES_ZIP5_ZD202603.csv': ['ZD,1,X,0,0,0,0,0,0'] });
    const run = async (args: string[]) => {
      const err: string[] = [];
      const write = jest.spyOn(process.stderr, 'write').mockImplementation(((s: string) => err.push(String(s)) > 0) as never);
      try {
        return { code: await levy(['rates', 'import', ...args]), err: err.join('') };
      } finally {
        write.mockRestore();
      }
    };
    expect(await run([bad])).toEqual({
      code: 2,
      err: expect.stringMatching(/^levy: Nothing was imported\. .*TAXRATES_ZIP5_ZD202603\.csv:2: ZipCode '1' is not five digits\n$/),
    });
    expect(await run([join(bad, 'missing.csv')])).toEqual({ code: 2, err: expect.stringMatching(/^levy: Nothing was imported\. ENOENT.*missing\.csv/) });
    expect(await run([join(bad, '..')])).toEqual({ code: 2, err: expect.stringMatching(/^levy: Nothing was imported\. No \.csv files in /) });
    expect(await run(['--effective-month', '2026-13', bad])).toEqual({
      code: 2,
      err: expect.stringMatching(/^levy: option '--effective-month <YYYY-MM>' argument '2026-13' is invalid\. must be YYYY-MM\.\n$/),
    });
    expect(await run(['--bogus', bad])).toEqual({ code: 2, err: expect.stringMatching(/^levy: unknown option '--bogus'/) });
    expect(await run([])).toEqual({ code: 2, err: expect.stringMatching(/^levy: missing required argument 'paths'/) });
  });
});

/**
 * Monthly tables. The expected rows are the ones these tests import (the values are made up; what is checked is which
 * month's table answers). The rule checked: a month's table is in force from the first of that month (Avalara publishes
 * its tables for the first of each month, when AvaTax takes the month's rate changes: help.avalara.com/Rates_and_Rules)
 * until a later month's table is imported; before the first imported month there is none.
 */
noRoute.describe('monthly ZIP tables', () => {
  // 00061 in ZF: tables for 2025-01 (6.5 %), 2025-07 (7 %) and 2025-10 (7.5 %). 00062 on the ZF/ZG line: ZF from
  // 2025-01 (6 % then 6.25 %), ZG only from 2025-07 (8 %).
  const january = ['ZF,00061,JAN TOWN,0.065,0.06,0.005,0,0,0', 'ZF,00062,LINE ZF,0.06,0.06,0,0,0,0'];
  const july = ['ZF,00061,JUL TOWN,0.07,0.06,0.01,0,0,0', 'ZF,00062,LINE ZF,0.0625,0.06,0.0025,0,0,0', 'ZG,00062,LINE ZG,0.08,0.05,0.03,0,0,0'];
  const row = (state: string, zip: string, region: string, combined: number, county: number, month: string, stateRate = 0.06) => ({
    zip,
    state,
    region_name: region,
    combined_rate: combined,
    state_rate: stateRate,
    county_rate: county,
    city_rate: 0,
    special_rate: 0,
    effective_month: month,
  });
  const jan61 = row('ZF', '00061', 'JAN TOWN', 0.065, 0.005, '2025-01');
  const jul61 = row('ZF', '00061', 'JUL TOWN', 0.07, 0.01, '2025-07');
  const oct61 = row('ZF', '00061', 'OCT TOWN', 0.075, 0.015, '2025-10');

  beforeAll(async () => {
    // The month from the file name (Avalara's naming), from the folder's name, and from the flag over a file name.
    expect(await importRates([folderWith({ 'TAXRATES_ZIP5_ZF202501.csv': january })])).toMatchObject({ rows: 2, effective_months: ['2025-01'] });
    expect(await importRates([folderWith({ 'TAXRATES_ZIP5_ZF.csv': july }, 'us-zip5-rates-2025-07')])).toMatchObject({
      rows: 3,
      effective_months: ['2025-07'],
    });
    const october = folderWith({ 'TAXRATES_ZIP5_ZF202601.csv': ['ZF,00061,OCT TOWN,0.075,0.06,0.015,0,0,0'] });
    expect(await importRates([october], { effectiveMonth: '2025-10' })).toMatchObject({ rows: 1, effective_months: ['2025-10'] });
  });

  it('keeps every month: importing a later table adds to the earlier ones', async () => {
    expect(await rateTable().allMonths('00061')).toEqual([jan61, jul61, oct61]);
  });

  it.each([
    ['2025-01', jan61, 'the first month'],
    ['2025-06', jan61, 'the month before the next table: January is still in force'],
    ['2025-07', jul61, 'the month of the July table'],
    ['2025-09', jul61, 'between July and October'],
    ['2025-10', oct61, 'the October table, whose file name said 2026-01 but the flag said 2025-10'],
    ['2026-11', oct61, 'after the last import: the last table stays in force'],
  ])('answers in %s the table in force (%#)', async (month, expected) => {
    expect(await zipRates.onMonth('00061', 'ZF', month)).toEqual({ row: expected });
  });

  it('answers no row before the first table, saying which month the tables start', async () => {
    expect(await zipRates.onMonth('00061', 'ZF', '2024-12')).toEqual({ row: null, firstMonth: '2025-01' });
  });

  it('answers no row and no first month for a ZIP that has no table at all', async () => {
    expect(await zipRates.onMonth('00069', 'ZF', '2025-08')).toEqual({ row: null });
  });

  it('rates a border ZIP by the tables of its own state', async () => {
    expect(await zipRates.onMonth('00062', 'ZF', '2025-03')).toEqual({ row: row('ZF', '00062', 'LINE ZF', 0.06, 0, '2025-01') });
    expect(await zipRates.onMonth('00062', 'ZF', '2025-08')).toEqual({ row: row('ZF', '00062', 'LINE ZF', 0.0625, 0.0025, '2025-07') });
    // ZG's tables start in July: in March there is none, though ZF has one.
    expect(await zipRates.onMonth('00062', 'ZG', '2025-03')).toEqual({ row: null, firstMonth: '2025-07' });
    expect(await zipRates.onMonth('00062', 'ZG', '2025-08')).toEqual({ row: row('ZG', '00062', 'LINE ZG', 0.08, 0.03, '2025-07', 0.05) });
  });

  it('reads one item per lookup however many months are imported, and two when there is no table for the month', async () => {
    const send = jest.spyOn(documentClient(), 'send');
    const scanned = async () =>
      (await Promise.all(send.mock.results.map((r) => r.value as Promise<QueryCommandOutput>))).reduce((n, out) => n + (out.ScannedCount ?? 0), 0);
    try {
      await zipRates.onMonth('00061', 'ZF', '2025-11');
      expect(await scanned()).toBe(1);
      send.mockClear();
      await zipRates.onMonth('00061', 'ZF', '2024-06');
      expect(await scanned()).toBe(1);
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
  });

  it('refuses a file whose name and folder give no month, writing nothing, and the CLI says how to give one', async () => {
    const dir = folderWith({ 'zip-rates.csv': ['ZF,00063,X,0.05,0.05,0,0,0,0'] });
    await expect(importRates([dir])).rejects.toThrow(/zip-rates\.csv:0: no effective month.*--effective-month YYYY-MM/);
    const err: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(((s: string) => err.push(s) > 0) as never);
    const code = await levy(['rates', 'import', '--no-progress', dir]);
    write.mockRestore();
    expect(code).toBe(2);
    expect(err.join('')).toContain('Nothing was imported');
    expect(await rateTable().allMonths('00063')).toEqual([]);
  });

  it('takes one ZIP in two months in one import, but not twice in one month', async () => {
    const dir = folderWith({
      'TAXRATES_ZIP5_ZH202502.csv': ['ZH,00064,A,0.05,0.05,0,0,0,0'],
      'TAXRATES_ZIP5_ZH202503.csv': ['ZH,00064,B,0.055,0.05,0.005,0,0,0'],
    });
    expect(await importRates([dir])).toMatchObject({ rows: 2, effective_months: ['2025-02', '2025-03'] });
    expect((await rateTable().allMonths('00064')).map((r) => r.effective_month)).toEqual(['2025-02', '2025-03']);
    await expect(importRates([dir], { effectiveMonth: '2025-04' })).rejects.toThrow('ZIP 00064 in ZH for 2025-04 is already listed at');
  });
});

noRoute.describe('ZIP rates imported before monthly tables (sort key the state alone)', () => {
  const legacyItem = (zip: string, state: string, month: string, combined: number) => ({
    zip,
    state,
    region_name: 'OLD',
    combined_rate: combined,
    state_rate: combined,
    county_rate: 0,
    city_rate: 0,
    special_rate: 0,
    effective_month: month,
  });
  const putLegacy = (item: ReturnType<typeof legacyItem>) => documentClient().put({ TableName: tableName('Rates'), Item: item });

  it('answer as the table of their month until `levy migrate` rewrites them, and after it the same', async () => {
    // As Levy wrote them before monthly tables: key (zip, state), the month only in effective_month.
    await putLegacy(legacyItem('00071', 'ZJ', '2026-03', 0.05));
    await putLegacy(legacyItem('00072', 'ZJ', '2026-03', 0.05));
    // 00072's March table was imported again since the upgrade (4 %): that copy is the newer one and stays.
    await importRates([folderWith({ 'TAXRATES_ZIP5_ZJ202603.csv': ['ZJ,00072,NEW,0.04,0.04,0,0,0,0'] })]);
    const march = { row: { ...legacyItem('00071', 'ZJ', '2026-03', 0.05) } };
    expect(await zipRates.onMonth('00071', 'ZJ', '2026-05')).toEqual(march);
    expect(await zipRates.onMonth('00071', 'ZJ', '2026-02')).toEqual({ row: null, firstMonth: '2026-03' });

    // Counts are not compared: `levy migrate` in test/http may run on the same database at the same time.
    const report = await rateTable().migrateLegacyItems();
    expect(report.rewritten + report.already_monthly).toBe(report.legacy_rows);
    expect(await rateTable().allMonths('00071')).toEqual([march.row]);
    expect(await zipRates.onMonth('00071', 'ZJ', '2026-05')).toEqual(march);
    expect(await rateTable().allMonths('00072')).toEqual([{ ...legacyItem('00072', 'ZJ', '2026-03', 0.04), region_name: 'NEW' }]);
    expect(await rateTable().migrateLegacyItems()).toEqual({ legacy_rows: 0, rewritten: 0, already_monthly: 0 });
  });
});
