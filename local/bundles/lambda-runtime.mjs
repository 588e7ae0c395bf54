/**
 * Local runtime (bundle mode): one warm Lambda container, run by the bundles' Node (Node 22, local/bundles/node22.ts),
 * plain JavaScript so nothing of the project's toolchain (tsx) is loaded into it. Started by bundled-functions.ts with
 * the function's environment; loads the handler as Lambda's Node runtime does (`index.handler`: the file `index` with
 * .js, .mjs or .cjs of the asset folder, its export `handler`) on the first invocation, then answers each invocation
 * sent over the IPC channel with the handler's result or the error it threw. The module is loaded at start, Lambda's
 * init phase, which does not count against an invocation's timeout; `{ ready }` says when it is done.
 *
 *   argv: <asset folder> <handler, e.g. index.handler>
 *   in:   { id, event, context: { ...the context's fields, deadline (epoch ms) } }
 *   out:  { ready: true } | { ready: false, error } once, then { id, result } | { id, error: { name, message, stack } }
 */
/* global process, console */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [assetDir, handlerSetting] = process.argv.slice(2);
const dot = handlerSetting.lastIndexOf('.');
const moduleName = handlerSetting.slice(0, dot);
const exportName = handlerSetting.slice(dot + 1);

let loading;
function loadHandler() {
  loading ??= (async () => {
    const file = ['.js', '.mjs', '.cjs'].map((ext) => join(assetDir, moduleName + ext)).find((candidate) => existsSync(candidate));
    if (!file) throw new Error(`Runtime.ImportModuleError: Cannot find module '${moduleName}' in ${assetDir}`);
    const handler = (await import(pathToFileURL(file).href))[exportName];
    if (typeof handler !== 'function') throw new Error(`Runtime.HandlerNotFound: ${handlerSetting} is undefined or not exported`);
    return handler;
  })();
  return loading;
}

async function invoke({ id, event, context: fields }) {
  try {
    const handler = await loadHandler();
    const context = {
      ...fields,
      callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => Math.max(0, fields.deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
    const result = await handler(event, context);
    process.send({ id, result: result === undefined ? null : result });
  } catch (error) {
    process.send({ id, error: errorOf(error) });
  }
}

const errorOf = (error) => ({ name: error?.name ?? 'Error', message: String(error?.message ?? error), stack: error?.stack });

process.on('message', (message) => void invoke(message));
loadHandler().then(
  () => process.send({ ready: true }),
  (error) => process.send({ ready: false, error: errorOf(error) }),
);
// Lambda's runtime reports an unhandled rejection as the invocation's error; here it is logged, and the invocation
// that caused it fails on its own when it awaits the same promise.
process.on('unhandledRejection', (reason) => console.error('[levy bundle] unhandled rejection:', reason));
process.on('disconnect', () => process.exit(0));
