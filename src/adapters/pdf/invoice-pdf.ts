/**
 * Secondary adapter (pdf-lib): a finalized invoice as a PDF with every field Directive 2006/112/EC Art. 226 requires
 * (docs/invoices.md). Deterministic: no creation or modification date, no producer, no random id, so the same
 * invoice renders to the same bytes every time (a hash of the PDF identifies it). Helvetica's WinAnsi alphabet
 * covers Western European text; any other character prints as '?', the stored invoice keeps the original.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Invoice, InvoiceParty } from '../../domain/invoices/invoice';
import { decimal } from '../../domain/money/minor-units';
import type { InvoiceRenderer } from '../../ports/invoices';

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 50;
const LINE = 14;

/** Minor units as a decimal amount in the currency's own digits (1000 JPY -> "1000 JPY"), with its code. */
const money = (minor: number, currency: string): string => `${decimal(minor, currency)} ${currency}`;

const percent = (rate: number): string => `${(Math.round(rate * 1e6) / 1e4).toString()} %`;

/** Keeps what Helvetica (WinAnsi) can encode. */
function printable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  line(text: string, options: { bold?: boolean; x?: number; size?: number } = {}): void {
    if (this.y < MARGIN) {
      this.page = this.doc.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
    const font = options.bold ? this.bold : this.font;
    this.page.drawText(printable(font, text), { x: MARGIN + (options.x ?? 0), y: this.y, size: options.size ?? 10, font });
    this.y -= LINE;
  }

  gap(): void {
    this.y -= LINE / 2;
  }
}

function addressLines(party: InvoiceParty): string[] {
  const a = party.address;
  return [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), [a.state, a.country].filter(Boolean).join(', ')].filter((l): l is string => !!l);
}

export class PdfLibInvoiceRenderer implements InvoiceRenderer {
  async pdf(invoice: Invoice): Promise<Uint8Array> {
    if (invoice.status !== 'finalized' || !invoice.seller || !invoice.buyer || !invoice.taxed_lines || !invoice.tax_summary) {
      throw new RangeError(`invoice ${invoice.id} is not finalized`);
    }
    // updateMetadata: false leaves out the producer, creator and dates pdf-lib would otherwise stamp with the time.
    const doc = await PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const w = new Writer(doc, font, bold);
    const currency = invoice.currency;

    w.line(`Invoice ${invoice.number}`, { bold: true, size: 16 });
    w.gap();
    w.line(`Invoice number: ${invoice.number}`);
    w.line(`Date of issue: ${invoice.issue_date}`);
    if (invoice.supply_date && invoice.supply_date !== invoice.issue_date) w.line(`Date of supply: ${invoice.supply_date}`);
    w.gap();
    w.line('Seller', { bold: true });
    w.line(invoice.seller.name);
    for (const l of addressLines(invoice.seller)) w.line(l);
    if (invoice.seller.tax_id) w.line(`VAT number: ${invoice.seller.tax_id}`);
    w.gap();
    w.line('Customer', { bold: true });
    w.line(invoice.buyer.name);
    for (const l of addressLines(invoice.buyer)) w.line(l);
    if (invoice.buyer.tax_id) w.line(`Customer VAT number: ${invoice.buyer.tax_id}`);
    w.gap();
    w.line('Lines', { bold: true });
    const taxed = new Map(invoice.taxed_lines.map((l) => [l.id, l]));
    for (const line of invoice.line_items) {
      const t = taxed.get(line.id)!;
      const unit = Math.round(t.net_amount / line.quantity);
      w.line(`${line.quantity} x ${line.description}`);
      w.line(
        `unit price excl. tax ${money(unit, currency)}; net ${money(t.net_amount, currency)}; VAT rate ${percent(t.tax_rate)}; VAT ${money(t.tax_amount, currency)}`,
        { x: 12 },
      );
    }
    w.gap();
    w.line('Tax summary', { bold: true });
    for (const row of invoice.tax_summary) {
      w.line(`Rate ${percent(row.tax_rate)}: taxable amount ${money(row.taxable_amount, currency)}, VAT ${money(row.tax_amount, currency)}`);
    }
    w.gap();
    w.line(`Subtotal: ${money(invoice.subtotal!, currency)}`);
    w.line(`Total tax: ${money(invoice.tax_total!, currency)}`);
    w.line(`Total: ${money(invoice.total!, currency)}`, { bold: true });
    for (const mention of invoice.mentions ?? []) {
      w.gap();
      w.line(mention, { bold: true });
    }
    doc.setTitle(`Invoice ${invoice.number}`);
    return doc.save({ useObjectStreams: false });
  }
}
