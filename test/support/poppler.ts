/**
 * Test support: Debian's poppler-utils (pdftoppm, pdfdetach), the reference reader the document suites check PDFs
 * with. Missing tools fail the suite with how to install them (.ci/run installs them).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function requirePoppler(): void {
  for (const tool of ['pdftoppm', 'pdfdetach']) {
    if (spawnSync(tool, ['-v']).error) {
      throw new Error(`No ${tool} on the PATH: the document suites render and read PDFs with poppler. Install it with: sudo apt-get install poppler-utils`);
    }
  }
}

/** Renders every page with pdftoppm: the number of pages rendered and whatever pdftoppm said on stderr. */
export function renderPages(pdf: Uint8Array): { pages: number; warnings: string } {
  const dir = mkdtempSync(join(tmpdir(), 'levy-pdftoppm-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    const run = spawnSync('pdftoppm', ['-r', '40', '-png', join(dir, 'doc.pdf'), join(dir, 'page')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftoppm failed (${run.status}): ${run.stderr}`);
    return { pages: readdirSync(dir).filter((f) => f.startsWith('page')).length, warnings: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The files embedded in a PDF, by name, as pdfdetach saves them. */
export function embeddedFiles(pdf: Uint8Array): Map<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'levy-pdfdetach-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    const out = join(dir, 'files');
    execFileSync('mkdir', [out]);
    execFileSync('pdfdetach', ['-saveall', '-o', out, join(dir, 'doc.pdf')]);
    return new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
