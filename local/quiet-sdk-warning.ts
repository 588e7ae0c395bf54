/**
 * Local runtime: the AWS SDK warns once per process that its releases after January 2027 need
 * Node 22 (Lambda runs 22). Harmless for the local tools; import this module first to drop that line.
 */
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  if (String(warning).startsWith('NodeVersionSupportWarning')) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
export {};
