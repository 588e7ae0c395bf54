/**
 * Secondary adapter (pdf-lib): A4 pages filled top to bottom: text blocks, wrapped paragraphs and tables that flow
 * over pages with their header row repeated, and a footer with "Page n of N" drawn once the page count is known.
 * Knows nothing of invoices (invoice-pdf.ts says what goes where).
 */
import { rgb, type PDFDocument, type PDFImage, type PDFPage } from 'pdf-lib';
import type { DocumentFont, DocumentFonts } from './fonts';

export const PAGE_SIZE: [number, number] = [595.28, 841.89]; // A4 in points
export const MARGIN = 45;
const FOOTER = 30;
export const CONTENT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);
const SHADE = rgb(0.93, 0.93, 0.93);

export interface TextStyle {
  bold?: boolean;
  size?: number;
  grey?: boolean;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

const leading = (size: number) => size * 1.3;

export class PageFlow {
  private readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** The baseline of the next line on the current page. */
  y = 0;
  /** Each font's characters' advances at size 1000, measured once (width). */
  private readonly advances = new Map<DocumentFont, Map<string, number>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = PAGE_SIZE[1] - MARGIN;
  }

  private font(style: TextStyle): DocumentFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  gap(points = 8): void {
    this.y -= points;
  }

  /**
   * The text's width as pdf-lib measures it (each glyph's advance at 1000 units, summed in order, times size / 1000),
   * from each character's advance measured once: pdf-lib lays the whole text out with fontkit on every call, and
   * wrapping measures each growing line again, which made a 1,000-line invoice take about a minute. Ligatures are off
   * (fonts.ts), so a glyph is a character and the sums are the same numbers.
   */
  width(text: string, style: TextStyle = {}): number {
    const font = this.font(style);
    const advances = this.advances.get(font) ?? new Map<string, number>();
    this.advances.set(font, advances);
    let total = 0;
    for (const character of font.printable(text)) {
      let advance = advances.get(character);
      if (advance === undefined) advances.set(character, (advance = font.pdf.widthOfTextAtSize(character, 1000)));
      total += advance;
    }
    return total * ((style.size ?? 9) / 1000);
  }

  /** Draws one line at `x` (from the left margin) on the current baseline, without moving down. */
  draw(text: string, x: number, style: TextStyle = {}, page = this.page, y = this.y): void {
    const font = this.font(style);
    page.drawText(font.printable(text), { x: MARGIN + x, y, size: style.size ?? 9, font: font.pdf, color: style.grey ? GREY : rgb(0, 0, 0) });
  }

  /** Draws an image with its lower left corner at `x` (from the left margin), `y` (from the page's bottom). */
  image(image: PDFImage, x: number, y: number, width: number, height: number): void {
    this.page.drawImage(image, { x: MARGIN + x, y, width, height });
  }

  /** Draws `text` right-aligned so that it ends at `right` (from the left margin). */
  drawRight(text: string, right: number, style: TextStyle = {}): void {
    this.draw(text, right - this.width(text, style), style);
  }

  /**
   * How many characters of `word` (at least one, fewer than all) fit `width`. A head's width grows with its length, so
   * a binary search: a few measurements, not one per character (a 200-character word without a space took seconds).
   */
  private fittingHead(word: string, width: number, style: TextStyle): number {
    let fits = 1;
    let tooWide = word.length;
    while (tooWide - fits > 1) {
      const middle = Math.floor((fits + tooWide) / 2);
      if (this.width(word.slice(0, middle), style) <= width) fits = middle;
      else tooWide = middle;
    }
    return fits;
  }

  /** Lines of `text` broken at spaces (or inside a word longer than the width) to fit `width`. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (this.width(line, style) > width && line.length > 1) {
          const cut = this.fittingHead(line, width, style);
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** A paragraph wrapped to `width` at `x`, moving down line by line (a new page when the next line does not fit). */
  paragraph(text: string, style: TextStyle = {}, x = 0, width = CONTENT_WIDTH - x): void {
    const size = style.size ?? 9;
    for (const line of this.wrap(text, width, style)) {
      this.ensure(leading(size));
      this.draw(line, x, style);
      this.y -= leading(size);
    }
  }

  /** Blocks side by side (seller beside buyer), each a list of lines; the flow continues below the longest. */
  columns(blocks: { x: number; width: number; lines: { text: string; style?: TextStyle }[] }[]): void {
    const height = (b: (typeof blocks)[number]) =>
      b.lines.reduce((sum, line) => sum + this.wrap(line.text, b.width, line.style).length * leading(line.style?.size ?? 9), 0);
    this.ensure(Math.max(...blocks.map(height)));
    const top = this.y;
    let bottom = top;
    for (const block of blocks) {
      this.y = top;
      for (const line of block.lines) this.paragraph(line.text, line.style, block.x, block.width);
      bottom = Math.min(bottom, this.y);
    }
    this.y = bottom;
  }

  /** A table that starts a new page when a row does not fit, repeating its header row there. */
  table(columns: Column[], rows: string[][], options: { x?: number; size?: number } = {}): void {
    const size = options.size ?? 8.5;
    const pad = 3;
    const lineHeight = leading(size);
    const x0 = options.x ?? 0;
    const tableWidth = columns.reduce((sum, c) => sum + c.width, 0);
    const drawRow = (cells: string[], style: TextStyle) => {
      const wrapped = cells.map((cell, i) => this.wrap(cell, columns[i]!.width - 2 * pad, style));
      const height = Math.max(...wrapped.map((w) => w.length)) * lineHeight + 2 * pad;
      return { wrapped, height };
    };
    const header = drawRow(
      columns.map((c) => c.header),
      { bold: true, size },
    );
    const paint = (row: ReturnType<typeof drawRow>, style: TextStyle, shaded: boolean) => {
      const top = this.y;
      if (shaded) this.page.drawRectangle({ x: MARGIN + x0, y: top - row.height, width: tableWidth, height: row.height, color: SHADE });
      let x = x0;
      row.wrapped.forEach((lines, i) => {
        const column = columns[i]!;
        lines.forEach((line, n) => {
          const y = top - pad - size - n * lineHeight + 1;
          const left = column.align === 'right' ? x + column.width - pad - this.width(line, style) : x + pad;
          this.draw(line, left, style, this.page, y);
        });
        x += column.width;
      });
      this.y = top - row.height;
      this.page.drawLine({ start: { x: MARGIN + x0, y: this.y }, end: { x: MARGIN + x0 + tableWidth, y: this.y }, thickness: 0.5, color: RULE });
    };
    this.ensure(header.height + lineHeight + 2 * pad);
    paint(header, { bold: true, size }, true);
    for (const cells of rows) {
      const row = drawRow(cells, { size });
      if (this.y - row.height < MARGIN + FOOTER) {
        this.newPage();
        paint(header, { bold: true, size }, true);
      }
      paint(row, { size }, false);
    }
  }

  /** The footer of every page: `label` on the left, "Page n of N" on the right. */
  finish(label: string): void {
    const style: TextStyle = { size: 8, grey: true };
    this.pages.forEach((page, i) => {
      const y = MARGIN - 10;
      this.draw(label, 0, style, page, y);
      const number = `Page ${i + 1} of ${this.pages.length}`;
      this.draw(number, CONTENT_WIDTH - this.width(number, style), style, page, y);
    });
  }
}
