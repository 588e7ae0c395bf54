/**
 * Local CLI (`npm run vectors:jsvat -- <jsvat git dir or checkout>`): exports jsvat's `test/countries_vat_lists/*.vat.js`
 * into the gitignored `.levy/jsvat/countries_vat_lists` (and the commit they came from into `.levy/jsvat/COMMIT`), for
 * test/unit/tax/tax-id-jsvat.test.ts. A bare git dir is read with `git archive HEAD`; a checkout's folder is copied.
 * `.ci/run` calls it when LEVY_JSVAT_GIT names one.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JSVAT_EXPORT_DIR } from './jsvat-paths';

const LISTS = 'test/countries_vat_lists';

const git = (args: string[]): Buffer => execFileSync('git', args, { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function main(argv: string[]): void {
  const source = argv[0];
  if (!source) fail('usage: npm run vectors:jsvat -- <jsvat git dir or checkout>');
  const from = resolve(source);
  if (!existsSync(from) || !statSync(from).isDirectory()) fail(`${from} is not a folder`);
  const out = join(JSVAT_EXPORT_DIR, 'countries_vat_lists');
  rmSync(JSVAT_EXPORT_DIR, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  let commit: string;
  const checkoutLists = join(from, LISTS);
  if (existsSync(checkoutLists)) {
    for (const f of readdirSync(checkoutLists).filter((n) => n.endsWith('.vat.js'))) copyFileSync(join(checkoutLists, f), join(out, f));
    commit = existsSync(join(from, '.git')) ? git(['-C', from, 'rev-parse', 'HEAD']).toString().trim() : 'unknown';
  } else {
    try {
      commit = git(['--git-dir', from, 'rev-parse', 'HEAD']).toString().trim();
    } catch {
      fail(`${from} is neither a git dir nor a checkout with ${LISTS}`);
    }
    const tar = git(['--git-dir', from, 'archive', '--format=tar', 'HEAD', LISTS]);
    execFileSync('tar', ['-x', '-C', JSVAT_EXPORT_DIR, '--strip-components=1'], { input: tar });
  }
  writeFileSync(join(JSVAT_EXPORT_DIR, 'COMMIT'), `${commit}\n`);
  const files = readdirSync(out).filter((n) => n.endsWith('.vat.js')).length;
  if (files === 0) fail(`no .vat.js files found under ${from}`, 1);
  process.stdout.write(`jsvat ${commit}: ${files} country lists -> ${out}\n`);
}

main(process.argv.slice(2));
