/**
 * Unit: the data files (data/*.json) as the engine reads them. Every file is validated by checkDataFiles (what
 * bin/levy.ts runs before a synth), and its schema transforms nothing: the parsed data equals the file, so the Lambda
 * bundles, which trust the files they were built with (src/domain/tax/data-file.ts), read exactly the validated data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lambdaBundleDefines } from '../../../lib/bundling';
import { checkDataFiles } from '../../../src/domain/tax/data-files';
import { dataFilesRead, parseDataFile } from '../../../src/domain/tax/data-file';
import { rateDataSchemas } from '../../../src/domain/tax/rate-data-schema';

const dataFile = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../data', name), 'utf8'));

describe('data files', () => {
  it('checks every file the engine and the catalogue read', () => {
    expect(checkDataFiles().sort()).toEqual([
      'canada-provinces.json',
      'nexus-rules/international.json',
      'nexus-rules/us.json',
      'place-of-supply.json',
      'tax-codes.json',
      'us-states.json',
      'vat-reduced-rates.json',
      'vat-standard-rates.json',
      'vat-tax-code-rates.json',
    ]);
  });

  it('parses each file to exactly its contents (no key stripped, no default, no transform)', () => {
    checkDataFiles();
    for (const file of dataFilesRead()) {
      // Read from disk again, so the comparison cannot share objects with what the module imported.
      expect({ name: file.name, data: file.schema().parse(file.json) }).toEqual({ name: file.name, data: dataFile(file.name) });
    }
  });

  it('refuses a file that breaks its schema, naming it', () => {
    const broken = structuredClone(dataFile('us-states.json')) as { states: { rates: unknown[] }[] };
    broken.states[0].rates = [];
    expect(() => parseDataFile('us-states.json', () => rateDataSchemas().usStatesSchema, broken)).toThrow(/data\/us-states\.json is invalid/);
  });

  it('builds the Lambda bundles with the data marked as checked at build', () => {
    expect(lambdaBundleDefines({ tracing: false })['process.env.LEVY_DATA_CHECKED']).toBe(JSON.stringify('build'));
  });
});
