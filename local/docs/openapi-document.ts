/**
 * Docs: reading the OpenAPI document by JSON pointer, and validating values against the schemas in it (ajv, JSON
 * Schema 2020-12 with formats). One place for what the example maker (openapi-examples.ts), the contract check of the
 * tests (test/support/contract.ts) and the document's own test need alike.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

// The OpenAPI document is walked by JSON pointer: its nodes are any JSON, typed where they are read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The id the document is registered under: a schema in it is `${DOCUMENT_ID}#<pointer>`. */
export const DOCUMENT_ID = 'openapi.json';

/** A JSON pointer of keys (`paths`, `/v1/tax/rate`, ...), each escaped (`/` -> `~1`, `~` -> `~0`), without the `#`. */
export const pointer = (...keys: string[]): string => keys.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The node a `$ref` within the document names (followed until it is not one), or the node itself. */
export function resolveRef(document: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: Json, key: string) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return resolveRef(document, target);
}

/** Every object or array under `node`, itself first, with its JSON pointer (`at` is the pointer of `node`). */
export function eachNode(node: unknown, at: string, visit: (node: Json, at: string) => void): void {
  if (!node || typeof node !== 'object') return;
  visit(node as Json, at);
  for (const [key, child] of Object.entries(node)) eachNode(child, `${at}${pointer(key)}`, visit);
}

/**
 * An ajv holding the document (not a JSON Schema itself: its schemas are reached by pointer, their $refs resolve
 * within it). Lenient about OpenAPI's own keywords (`example`, `discriminator`...), strict about the values.
 */
export function documentAjv(document: Json): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}
