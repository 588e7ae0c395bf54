/** Test setup: the SDK warns once per process that releases after January 2027 need Node 22 (Lambda runs 22). */
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  if (String(warning).startsWith('NodeVersionSupportWarning')) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
