/**
 * Docs: the reference page reads as the API's resources, each field explained. Every operation is filed under the tag
 * of its resource (local/docs/openapi-tags.ts), none under a catch-all; and the share of schema properties in
 * docs/openapi.json that carry a description (their own, or that of the schema they reference) does not fall.
 */
import { readFileSync } from 'node:fs';
import { OPENAPI_PATH } from '../../../local/docs/openapi';
import { eachNode, pointer, resolveRef } from '../../../local/docs/openapi-document';
import { resourceTags } from '../../../local/docs/openapi-tags';

type Json = Record<string, any>;
const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;

/** The goal of the issue that asked for descriptions: 95 % of properties described. */
const DESCRIBED_GOAL = 0.95;
/** Where the document stands today: it may only rise, towards DESCRIBED_GOAL (raise it with each description added). */
const DESCRIBED_FLOOR = 0.95;

/** Every property of every schema in the document: its pointer, and whether it is described. */
function properties(root: Json): { path: string; described: boolean }[] {
  const found: { path: string; described: boolean }[] = [];
  eachNode(root, '', (node, at) => {
    const props = node.properties;
    if (!props || typeof props !== 'object' || Array.isArray(props)) return;
    for (const [name, schema] of Object.entries(props as Json)) {
      if (!schema || typeof schema !== 'object') continue;
      found.push({ path: `${at}${pointer('properties', name)}`, described: Boolean(schema.description || resolveRef(document, schema).description) });
    }
  });
  return found;
}

describe('the reference page', () => {
  const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path, method, op })),
  );

  it('files every operation under one tag of its resource, each tag declared with a description', () => {
    const declared = new Map((document.tags as Json[]).map((t) => [t.name, t.description]));
    expect([...declared.keys()]).toEqual(resourceTags.map((t) => t.name));
    for (const { path, method, op } of operations) {
      expect({ path, method, tags: op.tags }).toEqual({ path, method, tags: [expect.any(String)] });
      expect(declared.get(op.tags[0])).toEqual(expect.any(String));
    }
  });

  it('has no catch-all group: no tag holds more than a tenth of the operations, and none is "Reports"', () => {
    const counts = new Map<string, number>();
    for (const { op } of operations) counts.set(op.tags[0], (counts.get(op.tags[0]) ?? 0) + 1);
    expect(counts.has('Reports')).toBe(false);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(Math.ceil(operations.length / 10));
    // Resources a user looks for by name, each its own group.
    for (const tag of ['Customers', 'Invoices', 'Returns', 'Webhook endpoints', 'Checkouts', 'Exposure', 'Nexus']) expect(counts.get(tag)).toBeGreaterThan(0);
  });

  it(`describes at least ${DESCRIBED_FLOOR * 100} % of schema properties (goal ${DESCRIBED_GOAL * 100} %)`, () => {
    const all = properties(document);
    const described = all.filter((p) => p.described).length;
    expect(all.length).toBeGreaterThan(1000);
    expect(described / all.length).toBeGreaterThanOrEqual(DESCRIBED_FLOOR);
  });

  it("says what a line's amount is wherever a sale's lines are sent", () => {
    for (const path of ['/v1/tax/unify', '/v1/transactions', '/v1/checkouts', '/v1/payment_links', '/v1/invoices']) {
      const body = resolveRef(document, document.paths[path].post.requestBody.content['application/json'].schema);
      const line = resolveRef(document, body.properties.line_items.items);
      expect({ path, description: line.properties.amount.description }).toEqual({ path, description: expect.stringMatching(/line total in minor units/i) });
    }
  });
});
