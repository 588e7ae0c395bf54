/** Unit: which ZIPs span counties (src/domain/geography/zip-counties.ts), from crosswalk lines. */
import { multiCountySpans, ZIP_COUNTY_MIN_SHARE, zipSpansCounties, type ZipCountyPair } from '../../../src/domain/geography/zip-counties';

const pair = (zip: string, state: string, county_fips: string, share: number): ZipCountyPair => ({
  zip,
  state,
  county_fips,
  county_name: `County ${county_fips}`,
  share,
});

describe('multiCountySpans', () => {
  it('keeps the ZIPs with two or more counties in a state, largest share first, and drops the single-county ones', () => {
    const spans = multiCountySpans([
      pair('30097', 'GA', '13135', 0.3),
      pair('10001', 'NY', '36061', 1),
      pair('30097', 'GA', '13121', 0.7),
      // A ZIP on a state line: one county on each side is two spans of one county each, not a county span.
      pair('57068', 'SD', '46099', 0.9),
      pair('57068', 'MN', '27133', 0.1),
    ]);
    expect(spans).toEqual([
      {
        zip: '30097',
        state: 'GA',
        counties: [
          { county_fips: '13121', county_name: 'County 13121', share: 0.7 },
          { county_fips: '13135', county_name: 'County 13135', share: 0.3 },
        ],
      },
    ]);
  });
});

describe('zipSpansCounties', () => {
  const spans = multiCountySpans([
    pair('30097', 'GA', '13121', 0.7),
    pair('30097', 'GA', '13135', 0.3),
    pair('30097', 'SC', '45001', 0.5),
    pair('30097', 'SC', '45003', 0.5),
  ]);

  it('is true for a state the ZIP reaches into two counties of', () => {
    expect(zipSpansCounties(spans, 'GA')).toBe(true);
  });

  it('is false for another state, an unknown state, or no spans', () => {
    expect(zipSpansCounties(spans, 'AL')).toBe(false);
    expect(zipSpansCounties(spans, undefined)).toBe(false);
    expect(zipSpansCounties([], 'GA')).toBe(false);
  });

  it(`does not count a county holding less than ${ZIP_COUNTY_MIN_SHARE * 100} % of the ZIP's addresses`, () => {
    const sliver = multiCountySpans([pair('35004', 'AL', '01115', 1 - ZIP_COUNTY_MIN_SHARE / 2), pair('35004', 'AL', '01073', ZIP_COUNTY_MIN_SHARE / 2)]);
    expect(zipSpansCounties(sliver, 'AL')).toBe(false);
    const justEnough = multiCountySpans([pair('35004', 'AL', '01115', 1 - ZIP_COUNTY_MIN_SHARE), pair('35004', 'AL', '01073', ZIP_COUNTY_MIN_SHARE)]);
    expect(zipSpansCounties(justEnough, 'AL')).toBe(true);
  });
});
