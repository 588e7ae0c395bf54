/** Unit: the ZIP5 rate file parser reads RFC 4180 quoting and names the file and line of any bad row. */
import { parseZipRateLines, ZipRateFileError } from '../../../local/rates/zip-rate-csv';

const HEADER = 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel\n';

describe('parseZipRateLines', () => {
  it('reads a quoted region name with a comma as one field, and keeps file line numbers past blank lines', () => {
    const rows = parseZipRateLines(
      `${HEADER}NC,27101,"WINSTON-SALEM, CITY",0.070000,0.047500,0.022500,0.000000,0.000000,1\n\r\nNC,27102,"SAY ""HI""",0.07,0.0475,0.0225,0,0,1\r\n`,
      'rates.csv',
      '2026-03',
    );
    expect(rows.map((r) => [r.line, r.row.region_name, r.row.combined_rate])).toEqual([
      [2, 'WINSTON-SALEM, CITY', 0.07],
      [4, 'SAY "HI"', 0.07],
    ]);
  });

  it('reports an unclosed quote, a short row and a bad rate in one format: file:line: problem', () => {
    const problems = [`NC,27101,"unclosed,0.07\n`, 'NC,27101,X,0.07\n', 'NC,27101,X,0.07,0.0475,0.0225,0,zero,1\n'].map((row) => {
      try {
        parseZipRateLines(HEADER + row, 'rates.csv', '2026-03');
        return 'parsed';
      } catch (error) {
        expect(error).toBeInstanceOf(ZipRateFileError);
        return (error as Error).message;
      }
    });
    expect(problems[0]).toMatch(/^rates\.csv:2: Quote Not Closed/);
    expect(problems[1]).toBe('rates.csv:2: expected 9 columns, found 4');
    expect(problems[2]).toBe("rates.csv:2: EstimatedSpecialRate 'zero' is not a rate between 0 and 1");
  });
});
