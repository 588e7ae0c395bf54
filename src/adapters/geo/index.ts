/** Secondary adapter (offline geo): the LocationLookups port over the registry data packages; each loads on first use. */
import type { LocationLookups } from '../../domain/geography/location';
import { countryForIp } from './ip-country';
import { countyForZip } from './zip-county';
import { isStatePlausibleForZip, stateForZip } from './zip-state';

export const geoLocationLookups: LocationLookups = {
  countryForIp,
  stateForZip,
  isStatePlausibleForZip,
  countyForZip,
};
