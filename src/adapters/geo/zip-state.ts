// Secondary adapter (offline geo): US ZIP -> state from the project's USPS 3-digit prefix table (data/us-zip3-states.json).
import zip3Table from '#data/us-zip3-states.json';
import neighbourTable from '#data/us-state-neighbours.json';

// Built on first use, so a function that never resolves a ZIP neither builds nor bundles them.
let stateByPrefix: Map<string, string> | undefined;
let exceptionByZip: Map<string, string> | undefined;

function prefixIndex(): Map<string, string> {
  if (stateByPrefix) return stateByPrefix;
  const index = new Map<string, string>();
  for (const range of zip3Table.ranges) {
    for (let prefix = Number(range.from); prefix <= Number(range.to); prefix++) {
      index.set(String(prefix).padStart(3, '0'), range.state);
    }
  }
  stateByPrefix = index;
  return index;
}

function exceptions(): Map<string, string> {
  exceptionByZip ??= new Map(zip3Table.zip_exceptions.map((entry) => [entry.zip, entry.state]));
  return exceptionByZip;
}

/**
 * The state (or territory, or military code AA/AE/AP) that USPS assigns a 5-digit ZIP to, from its prefix;
 * undefined for an unassigned prefix.
 */
export function stateForZip(zip5: string): string | undefined {
  return exceptions().get(zip5) ?? prefixIndex().get(zip5.slice(0, 3));
}

/**
 * Whether a state given with a ZIP fits it: the ZIP's own state, or a neighbour of it, since a ZIP on a state line
 * can serve addresses on both sides (Avalara lists 82 such ZIPs under two states).
 */
export function isStatePlausibleForZip(state: string, zip5: string): boolean {
  const zipState = stateForZip(zip5);
  if (zipState === undefined) return false;
  if (zipState === state) return true;
  const neighbours: Readonly<Record<string, readonly string[]>> = neighbourTable.neighbours;
  return (neighbours[zipState] ?? []).includes(state) || prefixIndex().get(zip5.slice(0, 3)) === state;
}
