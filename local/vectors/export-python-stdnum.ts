/**
 * Local CLI (`npm run vectors:python-stdnum -- <python-stdnum git dir or checkout>`): exports
 * python-stdnum's `tests/*.doctest` into the gitignored `.levy/python-stdnum/tests` (and the commit
 * they came from into `.levy/python-stdnum/COMMIT`), for test/unit/tax/tax-id-python-stdnum.test.ts.
 * A bare git dir is read with `git archive HEAD tests`; a checkout's `tests/` folder is copied.
 * `.ci/run` calls it when LEVY_PYTHON_STDNUM_GIT names one.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PYTHON_STDNUM_EXPORT_DIR } from './python-stdnum-paths';

function git(args: string[]): Buffer {
  return execFileSync('git', args, { maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

function isGitDir(path: string): boolean {
  try {
    return git(['--git-dir', path, 'rev-parse', '--is-bare-repository']).toString().trim() !== '';
  } catch {
    return false;
  }
}

function main(argv: string[]): void {
  const source = argv[0];
  if (!source) {
    process.stderr.write('usage: npm run vectors:python-stdnum -- <python-stdnum git dir or checkout>\n');
    process.exit(2);
  }
  const from = resolve(source);
  if (!existsSync(from) || !statSync(from).isDirectory()) {
    process.stderr.write(`${from} is not a folder\n`);
    process.exit(2);
  }
  const testsOut = join(PYTHON_STDNUM_EXPORT_DIR, 'tests');
  rmSync(PYTHON_STDNUM_EXPORT_DIR, { recursive: true, force: true });
  mkdirSync(testsOut, { recursive: true });

  let commit: string;
  const checkoutTests = join(from, 'tests');
  if (existsSync(checkoutTests) && statSync(checkoutTests).isDirectory()) {
    for (const f of readdirSync(checkoutTests).filter((n) => n.endsWith('.doctest'))) copyFileSync(join(checkoutTests, f), join(testsOut, f));
    // Only the checkout's own commit (not that of a repository it happens to sit in).
    commit = existsSync(join(from, '.git')) ? git(['-C', from, 'rev-parse', 'HEAD']).toString().trim() : 'unknown';
  } else if (isGitDir(from)) {
    commit = git(['--git-dir', from, 'rev-parse', 'HEAD']).toString().trim();
    const tar = git(['--git-dir', from, 'archive', '--format=tar', 'HEAD', 'tests']);
    execFileSync('tar', ['-x', '-C', PYTHON_STDNUM_EXPORT_DIR], { input: tar });
    for (const f of readdirSync(testsOut)) if (!f.endsWith('.doctest')) rmSync(join(testsOut, f), { recursive: true, force: true });
  } else {
    process.stderr.write(`${from} is neither a git dir nor a checkout with a tests/ folder\n`);
    process.exit(2);
  }
  writeFileSync(join(PYTHON_STDNUM_EXPORT_DIR, 'COMMIT'), `${commit}\n`);
  const files = readdirSync(testsOut).filter((n) => n.endsWith('.doctest')).length;
  if (files === 0) {
    process.stderr.write(`no .doctest files found under ${from}\n`);
    process.exit(1);
  }
  process.stdout.write(`python-stdnum ${commit}: ${files} .doctest files -> ${testsOut}\n`);
}

main(process.argv.slice(2));
