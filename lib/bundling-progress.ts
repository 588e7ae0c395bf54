/**
 * CDK app: CDK writes `Bundling asset <construct path>...` to stderr for every asset it bundles, whatever the CLI's
 * `--quiet` (the CLI never tells the app about it): one line per function, 106 for Levy's stack, each bundled in
 * milliseconds by the local esbuild (lib/bundling.ts). bin/levy.ts leaves those lines out; `LEVY_BUNDLING_LOG=1`
 * keeps them. Everything else written to stderr (warnings, cdk-nag findings, errors) passes unchanged.
 */

/** CDK's progress line, as aws-cdk-lib's AssetStaging writes it (core/lib/asset-staging.js). */
const BUNDLING_PROGRESS = /^Bundling asset \S+\.\.\.\n$/;

export const BUNDLING_LOG_ENV_VAR = 'LEVY_BUNDLING_LOG';

export function withoutBundlingProgress(stream: NodeJS.WriteStream = process.stderr): void {
  if (process.env[BUNDLING_LOG_ENV_VAR] === '1') return;
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    typeof chunk === 'string' && BUNDLING_PROGRESS.test(chunk) ? true : write(chunk, ...rest)) as typeof stream.write;
}
