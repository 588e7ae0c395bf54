// Secondary adapter (offline geo): IP address -> country code over the registry package geoip-country (MaxMind GeoLite2).
import { isPublicIp } from './ip-address';

interface GeoipCountryModule {
  lookup(ip: string): { country: string } | null;
}

let geoip: GeoipCountryModule | undefined;

/**
 * Loads the ~8 MB database on first use only: requests without ip_address never pay for it. geoip-country reads
 * its .dat files from its own folder, so a Lambda bundle must ship it as a node module (not inlined by esbuild).
 */
function database(): GeoipCountryModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  geoip ??= require('geoip-country') as GeoipCountryModule;
  return geoip;
}

/** ISO alpha-2 country of a public IP address, or undefined when it is private/reserved or not in the database. */
export function countryForIp(ip: string): string | undefined {
  if (!isPublicIp(ip)) return undefined;
  const country = database().lookup(ip)?.country;
  return country ? country.toUpperCase() : undefined;
}
