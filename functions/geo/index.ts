// Geo (secondary adapters): the offline lookups the tax domain uses, wired to their registry data packages.
import { countryForIp } from './ip-country';
import { countyForZip } from './zip-county';
import { isStatePlausibleForZip, stateForZip } from './zip-state';
import type { LocationLookups } from '../tax/location';

export { countryForIp, countyForZip, isStatePlausibleForZip, stateForZip };

/** The production lookups; tests pass their own. Each data set loads on its first use. */
export const defaultLocationLookups: LocationLookups = {
  countryForIp,
  stateForZip,
  isStatePlausibleForZip,
  countyForZip,
};
