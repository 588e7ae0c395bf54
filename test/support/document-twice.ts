/**
 * Test support: a document route (a PDF, a Factur-X) called twice for the same document: the first answer is 200 and
 * the second the same bytes, since a document is rendered deterministically from what is stored.
 */
import type { RouteName } from '../../src/config/routes';
import { callRoute, type CallOptions, type CallResult } from './api';

/** The first answer, with its body as bytes, after checking it is 200 and a second call answers the same bytes. */
export async function documentTwice(name: RouteName, options: CallOptions): Promise<CallResult & { body: Buffer }> {
  const first = await callRoute(name, options);
  expect(first.status).toBe(200);
  const again = await callRoute(name, options);
  expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
  return first as CallResult & { body: Buffer };
}
