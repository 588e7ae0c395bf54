/**
 * Domain (pure): a bundled data file's contents as a deployed function holds them. The bundling (lib/bundling.ts)
 * leaves out the text that cites where a fact comes from: no answer carries it (a rule's source is for the people who
 * check the data and for the tests), and it was a third of a cold start's bytes (docs/benchmarks.md). The coverage
 * report's data versions hash these contents, so the deployed API and the CLI on data/ name the same data alike.
 */

/** The keys whose text cites where a fact comes from. */
const citationKeys = new Set(['source', 'cite', 'nonprofit_cite', 'avalara_state_rate_differs']);

/** A data file's contents as deployed: without its citations and without the file's own `description`. */
export function withoutCitations(json: unknown, topLevel = true): unknown {
  if (Array.isArray(json)) return json.map((item) => withoutCitations(item, false));
  if (json === null || typeof json !== 'object') return json;
  return Object.fromEntries(
    Object.entries(json)
      .filter(([key, value]) => !(topLevel && key === 'description') && !(citationKeys.has(key) && typeof value === 'string'))
      .map(([key, value]) => [key, withoutCitations(value, false)]),
  );
}
