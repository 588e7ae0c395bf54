/**
 * Secondary adapter (pdf-lib, @pdf-lib/fontkit): the Unicode fonts Levy's documents are set in: DejaVu Sans and
 * DejaVu Sans Bold from the registry package dejavu-fonts-ttf (Bitstream Vera / DejaVu licence: free to embed and
 * redistribute), embedded as subsets so a document carries only the glyphs it uses. DejaVu Sans covers Latin (Polish,
 * Czech, German...), Greek and Cyrillic, not CJK: a character it has no glyph for prints as U+FFFD "�" (the stored
 * invoice and its XML keep the original; docs/invoices.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { once } from '../../shared/once';

/** The font files, read where Node would find the package (a Lambda asset ships only these: lib/bundling.ts). */
export const FONT_PACKAGE = 'dejavu-fonts-ttf';
export const FONT_FILES = { regular: 'ttf/DejaVuSans.ttf', bold: 'ttf/DejaVuSans-Bold.ttf' } as const;

type FontStyle = keyof typeof FONT_FILES;

function fontPath(file: string): string {
  for (const dir of require.resolve.paths(FONT_PACKAGE) ?? []) {
    const path = join(dir, FONT_PACKAGE, file);
    if (existsSync(path)) return path;
  }
  throw new Error(`${FONT_PACKAGE}/${file} not found: is the ${FONT_PACKAGE} package installed (or shipped beside the bundle)?`);
}

/** Each style's bytes and the glyph coverage of its font, read once per process. */
const fontFiles = once(() => {
  const load = (style: FontStyle) => {
    const bytes = readFileSync(fontPath(FONT_FILES[style]));
    return { bytes, font: fontkit.create(bytes) };
  };
  return { regular: load('regular'), bold: load('bold') };
});

const REPLACEMENT = '\uFFFD';

/** A document font: draws only what it has glyphs for (`printable`). */
export interface DocumentFont {
  pdf: PDFFont;
  printable(text: string): string;
}

export type DocumentFonts = Record<FontStyle, DocumentFont>;

/**
 * Embeds both styles as subsets. The subset's name is fixed (pdf-lib would add a random tag), so the same document
 * gives the same bytes; ligatures are off so extracted text is the text written.
 */
export async function embedDocumentFonts(doc: PDFDocument): Promise<DocumentFonts> {
  doc.registerFontkit(fontkit);
  const files = fontFiles();
  const embed = async (style: FontStyle, tag: string): Promise<DocumentFont> => {
    const { bytes, font } = files[style];
    const pdf = await doc.embedFont(bytes, { subset: true, customName: `${tag}+${font.postscriptName}`, features: { liga: false, clig: false } });
    const printable = (text: string) => [...text.normalize('NFC')].map((ch) => (font.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : REPLACEMENT)).join('');
    return { pdf, printable };
  };
  return { regular: await embed('regular', 'LEVYAA'), bold: await embed('bold', 'LEVYAB') };
}
