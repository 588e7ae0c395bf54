/**
 * Integration: `levy rates import` on DynamoDB Local: a bad row is named by file and line and
 * nothing of the set is written; the effective month comes from the file name or the flag.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importRates, runRatesImport } from '../../local/rates/rates-import';
import { zipRates } from '../../src/composition/ports';

const HEADER = 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';

function folderWith(files: Record<string, string[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'levy-rates-'));
  for (const [name, rows] of Object.entries(files)) writeFileSync(join(dir, name), [HEADER, ...rows].join('\n') + '\n');
  return dir;
}

describe('rates import', () => {
  it('imports every row with the month of its file name', async () => {
    const dir = folderWith({ 'TAXRATES_ZIP5_ZA202511.csv': ['ZA,00011,TEST TOWN,0.082500,0.060000,0.010000,0.012500,0.000000,0', 'ZA,00012,OTHER,0.060000,0.060000,0,0,0,0'] });
    const summary = await importRates([dir]);
    expect(summary).toMatchObject({ files: 1, rows: 2, effective_months: ['2025-11'] });
    expect(await zipRates.forZip('00011')).toEqual([
      { zip: '00011', state: 'ZA', region_name: 'TEST TOWN', combined_rate: 0.0825, state_rate: 0.06, county_rate: 0.01, city_rate: 0.0125, special_rate: 0, effective_month: '2025-11' },
    ]);
  });

  it.each([
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,0002,X,0.07,0.06,0.01,0,0,0', 'TAXRATES_ZIP5_ZB202603.csv:3: ZipCode \'0002\' is not five digits'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,seven,0.06,0.01,0,0,0', ':3: EstimatedCombinedRate \'seven\' is not a rate'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,0.0700001,0.06,0.01,0,0,0', ":3: EstimatedCombinedRate '0.0700001' has more than 6 decimals"],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,0.09,0.06,0.01,0,0,0', ':3: the four rates add up to 0.07, not EstimatedCombinedRate 0.09'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00022,X,0.07,0.06,0.01,0', ':3: expected 9 columns, found 7'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\nZB,00021,X,0.07,0.06,0.01,0,0,0', ':3: ZIP 00021 in ZB is already listed at'],
    ['ZB,00021,X,0.07,0.06,0.01,0,0,0\n\nZB,00021,X,0.07,0.06,0.01,0,0,0', 'TAXRATES_ZIP5_ZB202603.csv:4: ZIP 00021 in ZB is already listed at'],
  ])('refuses a bad row, naming file and line, and writes nothing (%#)', async (rows, problem) => {
    const dir = folderWith({ 'TAXRATES_ZIP5_ZA202603.csv': ['ZA,00031,GOOD,0.06,0.06,0,0,0,0'], 'TAXRATES_ZIP5_ZB202603.csv': rows.split('\n') });
    await expect(importRates([dir])).rejects.toThrow(problem);
    expect(await zipRates.forZip('00031')).toEqual([]);
    expect(await zipRates.forZip('00021')).toEqual([]);
  });

  it('needs a month: from the file name or --effective-month', async () => {
    const dir = folderWith({ 'rates.csv': ['ZC,00041,X,0.05,0.05,0,0,0,0'] });
    await expect(importRates([dir])).rejects.toThrow('no effective month');
    const out: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(((s: string) => out.push(s) > 0) as never);
    const code = await runRatesImport(['--no-progress', '--effective-month', '2026-01', dir]);
    write.mockRestore();
    expect(code).toBe(0);
    expect(JSON.parse(out.join(''))).toMatchObject({ rows: 1, effective_months: ['2026-01'] });
    expect((await zipRates.forZip('00041'))[0].effective_month).toBe('2026-01');
  });

  it('answers usage errors with exit code 2 and says nothing was imported', async () => {
    const err: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(((s: string) => err.push(s) > 0) as never);
    const bad = folderWith({ 'TAXRATES_ZIP5_ZD202603.csv': ['ZD,1,X,0,0,0,0,0,0'] });
    expect(await runRatesImport([bad])).toBe(2);
    expect(await runRatesImport(['--effective-month', '2026-13', bad])).toBe(2);
    expect(await runRatesImport([join(bad, 'missing.csv')])).toBe(2);
    write.mockRestore();
    expect(err.join('')).toContain('Nothing was imported');
  });
});
