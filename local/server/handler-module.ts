/**
 * Local runtime: loads a function's handler module by its entry in src/config/routes.ts, as Lambda loads
 * the bundle. Shared by the local server, the invoke command and the tests.
 */

/** The `handler` export of `entry` (relative to the project root); throws if there is none. */
export async function importHandler<H extends (...args: never[]) => unknown>(entry: string): Promise<H> {
  // A relative specifier (not an absolute path or file URL), so tsx and Jest's CommonJS transform both resolve it.
  const mod = (await import(`../../${entry.replace(/\.ts$/, '')}`)) as { handler?: H };
  if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a handler function`);
  return mod.handler;
}
