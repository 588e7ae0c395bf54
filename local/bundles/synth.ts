/**
 * Local runtime (bundle mode): the cloud assembly the bundles are served from, made by `cdk synth` itself (the CDK CLI
 * of node_modules running bin/levy.ts, as `cdk deploy` does before it uploads), so the bundles, environments, memory
 * sizes and roles are the ones that deploy. It is kept in .levy/bundles/ with a fingerprint of what it was made from
 * (every file of bin/, lib/, src/, functions/, data/ and the package files, by path, size and modification time) and
 * made again only when that changed. LEVY_BUNDLES_CDK_OUT names another assembly (e.g. the cdk.out of `npm run synth`),
 * used as it is.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUNDLES_CDK_OUT_ENV_VAR = 'LEVY_BUNDLES_CDK_OUT';
const PROJECT_ROOT = join(__dirname, '..', '..');
const DEFAULT_CDK_OUT = join(PROJECT_ROOT, '.levy', 'bundles', 'cdk.out');
const FINGERPRINT_FILE = 'levy-sources.sha256';
const SOURCE_FOLDERS = ['bin', 'lib', 'src', 'functions', 'data'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'cdk.json'];

/** What the synthesized app is made from, as one hash. */
export function sourcesFingerprint(root = PROJECT_ROOT): string {
  const hash = createHash('sha256');
  const files = [
    ...SOURCE_FILES,
    ...SOURCE_FOLDERS.flatMap((folder) => readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) => join(folder, file))),
  ].sort();
  for (const file of files) {
    const stat = statSync(join(root, file));
    if (stat.isFile()) hash.update(`${file} ${stat.size} ${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * The assembly to serve: LEVY_BUNDLES_CDK_OUT's, else .levy/bundles/cdk.out, synthesized first when missing or made
 * from other sources. Answers its folder and whether it was synthesized now.
 */
export function ensureSynthesized(log: (line: string) => void = console.log): { dir: string; synthesized: boolean; seconds: number } {
  const given = process.env[BUNDLES_CDK_OUT_ENV_VAR];
  if (given) {
    if (!existsSync(join(given, 'manifest.json'))) throw new Error(`${BUNDLES_CDK_OUT_ENV_VAR}=${given} holds no cloud assembly (manifest.json)`);
    return { dir: given, synthesized: false, seconds: 0 };
  }
  const fingerprint = sourcesFingerprint();
  const fingerprintFile = join(DEFAULT_CDK_OUT, FINGERPRINT_FILE);
  if (existsSync(fingerprintFile) && readFileSync(fingerprintFile, 'utf8') === fingerprint) return { dir: DEFAULT_CDK_OUT, synthesized: false, seconds: 0 };
  log(`[levy] synthesizing the stack (cdk synth: every function bundled as deployed) into ${DEFAULT_CDK_OUT} ...`);
  const started = performance.now();
  // Into a folder of its own, then moved in place: another process reading the previous assembly is not left a half one.
  const staging = `${DEFAULT_CDK_OUT}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(PROJECT_ROOT, '.levy', 'bundles'), { recursive: true });
  try {
    execFileSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), 'synth', '--quiet', '--output', staging], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(staging, FINGERPRINT_FILE), fingerprint);
  rmSync(DEFAULT_CDK_OUT, { recursive: true, force: true });
  renameSync(staging, DEFAULT_CDK_OUT);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  log(`[levy] synthesized in ${seconds} s`);
  return { dir: DEFAULT_CDK_OUT, synthesized: true, seconds };
}

if (require.main === module) console.log(ensureSynthesized().dir);
