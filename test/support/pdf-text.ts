/**
 * Test support: the text of a PDF, extracted by pdfjs-dist (Mozilla's PDF reader, its legacy build for Node 20) in a
 * child process, since pdfjs-dist ships ES modules only and Jest runs tests as CommonJS. One string per page, the
 * page's text items joined by newlines where pdf.js reports an end of line, else by spaces, each run of spaces one
 * space (pdf.js reports the gaps between table cells as items of their own).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

const script = `
import { getDocument } from ${JSON.stringify(join(ROOT, 'node_modules', 'pdfjs-dist', 'legacy', 'build', 'pdf.mjs'))};
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\\n' : ' ')).join(''));
}
process.stdout.write(JSON.stringify(pages));
`;

export function pdfText(bytes: Buffer): string {
  return pdfPages(bytes).join('\n');
}

/** The text of each page (pdfText says how). */
export function pdfPages(bytes: Buffer): string[] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: bytes, maxBuffer: 16 * 1024 * 1024 });
  return (JSON.parse(out.toString('utf8')) as string[]).map((page) => page.replace(/ {2,}/g, ' ').replace(/ \n/g, '\n'));
}
