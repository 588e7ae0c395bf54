/**
 * Test support: logo images of a chosen pixel size: a PNG written here (RFC 2083: signature, IHDR, one IDAT, IEND),
 * opaque RGB or RGBA with a transparent border; a JPEG rendered by poppler's pdftoppm from a one-page PDF (the document
 * suites need poppler anyway: test/support/poppler.ts). Both are real images, so the PDFs that embed them render.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';

export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A `width` x `height` PNG: diagonal colour bands; with `alpha`, a transparent one-pixel border (the PDF gets an SMask). */
export function png(width: number, height: number, { alpha = false, extraChunks = [] as Buffer[] } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, alpha ? 6 : 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x + y) / 4) % 3;
      rows.push(band === 0 ? 200 : 30, band === 1 ? 160 : 30, band === 2 ? 220 : 40);
      if (alpha) rows.push(x === 0 || y === 0 || x === width - 1 || y === height - 1 ? 0 : 255);
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...extraChunks,
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `width` x `height` baseline RGB JPEG, as pdftoppm renders a one-page PDF of that many points at 72 dpi. */
export async function jpeg(width: number, height: number): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 0, y: 0, width, height, color: rgb(0.1, 0.3, 0.7) });
  page.drawRectangle({ x: width / 4, y: height / 4, width: width / 2, height: height / 2, color: rgb(0.9, 0.6, 0.1) });
  const dir = mkdtempSync(join(tmpdir(), 'levy-logo-'));
  try {
    writeFileSync(join(dir, 'logo.pdf'), await doc.save());
    const run = spawnSync('pdftoppm', ['-jpeg', '-r', '72', '-singlefile', join(dir, 'logo.pdf'), join(dir, 'logo')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftoppm failed (${run.status}): ${run.stderr}`);
    return readFileSync(join(dir, 'logo.jpg'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
