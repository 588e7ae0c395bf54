/**
 * Domain (pure): the counties a US ZIP code spans, from the HUD-USPS ZIP-to-county crosswalk. A ZIP is a
 * postal route, not a place: 8,279 of the crosswalk's 39,501 ZIPs reach into two or more counties of one state with at
 * least 1 % of their addresses each, and county (and city) sales taxes follow the address, not the ZIP. Levy's rate
 * tables give one estimate per ZIP, so a checkout in such a ZIP asks for the street address before its answer is
 * final (docs/checkouts.md).
 */

/** One county of a ZIP: its FIPS code, name (may be empty: the crosswalk has none for PR) and share of the ZIP's addresses. */
export interface ZipCounty {
  county_fips: string;
  county_name: string;
  /** Fraction of the ZIP's residential, business and other addresses in the county (HUD's TOT_RATIO), 0 to 1. */
  share: number;
}

/** The counties of one ZIP inside one state (a ZIP on a state line has one of these per state). */
export interface ZipCountySpan {
  zip: string;
  state: string;
  counties: ZipCounty[];
}

/** One line of the crosswalk. */
export interface ZipCountyPair extends ZipCounty {
  zip: string;
  state: string;
}

/**
 * A county holding less of a ZIP than this is not counted: HUD's ratios come from USPS delivery counts, and a sliver
 * of a few addresses (often a single rural route crossing the line) would make thousands more ZIPs ask for an address.
 */
export const ZIP_COUNTY_MIN_SHARE = 0.01;

/**
 * The spans worth keeping: every (ZIP, state) of the crosswalk with two or more counties, counties sorted by share
 * (largest first). ZIPs wholly in one county need no record: no record means "one county".
 */
export function multiCountySpans(pairs: Iterable<ZipCountyPair>): ZipCountySpan[] {
  const byZipState = new Map<string, ZipCountySpan>();
  for (const { zip, state, county_fips, county_name, share } of pairs) {
    const key = `${zip}/${state}`;
    let span = byZipState.get(key);
    if (!span) byZipState.set(key, (span = { zip, state, counties: [] }));
    span.counties.push({ county_fips, county_name, share });
  }
  return [...byZipState.values()]
    .filter((span) => span.counties.length > 1)
    .map((span) => ({ ...span, counties: span.counties.sort((a, b) => b.share - a.share || a.county_fips.localeCompare(b.county_fips)) }));
}

/** Whether the ZIP reaches into two or more counties of `state`, each with at least ZIP_COUNTY_MIN_SHARE of its addresses. */
export function zipSpansCounties(spans: readonly ZipCountySpan[], state: string | undefined): boolean {
  if (state === undefined) return false;
  const span = spans.find((candidate) => candidate.state === state);
  return (span?.counties.filter((county) => county.share >= ZIP_COUNTY_MIN_SHARE).length ?? 0) > 1;
}
