/**
 * Infrastructure: `cdk synth --quiet` prints no line per bundled asset. CDK itself writes `Bundling asset <path>...`
 * for each (106 for Levy's stack) whatever --quiet says; the app's entry (bin/levy.ts) leaves those lines out and
 * nothing else. A one-asset app synthesized in a child process shows both: the line without the filter, none with it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

async function synthOneAsset(quiet: boolean): Promise<{ stdout: string; stderr: string }> {
  const outdir = mkdtempSync(join(tmpdir(), 'levy-bundling-progress-'));
  try {
    return await run(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'one-asset-app.ts')], {
      cwd: ROOT,
      env: { ...process.env, CDK_OUTDIR: outdir, QUIET_BUNDLING: quiet ? '1' : '0', LEVY_BUNDLING_LOG: '' },
    });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('bundling progress on synth', () => {
  it('CDK writes a line per bundled asset by itself (what the filter removes)', async () => {
    const { stdout, stderr } = await synthOneAsset(false);
    expect(stdout).toBe('synthesized\n');
    expect(stderr).toBe('Bundling asset Fixture/Bundled...\na warning of the app\n');
  }, 60_000);

  it('the filter bin/levy.ts installs leaves that line out, and only that line', async () => {
    const { stdout, stderr } = await synthOneAsset(true);
    expect({ stdout, stderr }).toEqual({ stdout: 'synthesized\n', stderr: 'a warning of the app\n' });
  }, 60_000);

  it('bin/levy.ts installs it before the app is built', () => {
    const entry = readFileSync(join(ROOT, 'bin', 'levy.ts'), 'utf8');
    expect(entry.indexOf('withoutBundlingProgress();')).toBeGreaterThan(-1);
    expect(entry.indexOf('withoutBundlingProgress();')).toBeLessThan(entry.indexOf('createLevyApp();'));
  });
});
