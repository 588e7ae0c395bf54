/**
 * Secondary adapter (pdf-lib): an invoice or credit note (document-content.ts) laid out on A4 pages: the heading and
 * facts, the seller's logo when it has one, seller beside buyer, the lines table (its header repeated on each page it
 * flows onto), the VAT per rate, the totals, the payment details, the legal mentions, and "Page n of N" on every page.
 * Deterministic: no dates, no producer, fixed font subset names and a document id derived from the content, so the
 * same document gives the same bytes (invoice-pdf.ts, facturx.ts).
 */
import { createHash } from 'node:crypto';
import { PDFDocument, PDFHexString, type PDFImage } from 'pdf-lib';
import type { LogoImage } from '../../domain/documents/logo-image';
import type { InvoiceParty } from '../../domain/invoices/invoice';
import { decimal } from '../../domain/money/minor-units';
import { type DocumentContent, money, percent } from './document-content';
import { embedDocumentFonts } from './fonts';
import { CONTENT_WIDTH, PageFlow, type Column, type TextStyle } from './page-flow';

/** The seller's logo (PNG or JPEG) is drawn at most LOGO_BOX points wide and high, its aspect kept, at the top right of the first page. */
const LOGO_BOX = { width: 150, height: 60 };

function addressLines(party: InvoiceParty): string[] {
  const a = party.address;
  return [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), [a.state, a.country].filter(Boolean).join(', ')].filter((l): l is string => !!l);
}

function partyBlock(heading: string, party: InvoiceParty, taxIdLabel: string): { text: string; style?: TextStyle }[] {
  return [
    { text: heading, style: { bold: true, grey: true, size: 8 } },
    { text: party.name, style: { bold: true, size: 10 } },
    ...addressLines(party).map((text) => ({ text })),
    ...(party.tax_id ? [{ text: `${taxIdLabel}: ${party.tax_id}` }] : []),
    ...(party.legal_registration_id ? [{ text: `Registration: ${party.legal_registration_id}` }] : []),
    ...(party.contact ? [{ text: `Contact: ${[party.contact.name, party.contact.phone, party.contact.email].filter(Boolean).join(', ')}` }] : []),
    ...(party.electronic_address ? [{ text: `Electronic address: ${party.electronic_address.value} (scheme ${party.electronic_address.scheme})` }] : []),
  ];
}

async function embedLogo(doc: PDFDocument, logo: LogoImage): Promise<PDFImage> {
  // A copy of its own: pdf-lib reads a JPEG through a DataView of the whole ArrayBuffer, ignoring a view's offset (a
  // pooled Node Buffer, an attribute unmarshalled from DynamoDB).
  const bytes = new Uint8Array(logo.bytes);
  return logo.content_type === 'image/png' ? doc.embedPng(bytes) : doc.embedJpg(bytes);
}

function header(flow: PageFlow, content: DocumentContent, logo: PDFImage | undefined, pageTop: number): void {
  if (logo) {
    const scale = Math.min(1, LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
    const { width, height } = logo.scale(scale);
    flow.image(logo, CONTENT_WIDTH - width, pageTop - height, width, height);
  }
  flow.draw(content.kind, 0, { bold: true, size: 20 });
  flow.gap(28);
  for (const [label, value] of content.facts) flow.paragraph(`${label}: ${value}`, { size: 9.5 }, 0, CONTENT_WIDTH - LOGO_BOX.width - 10);
  flow.y = Math.min(flow.y, pageTop - LOGO_BOX.height - 10);
  flow.gap(14);
  flow.columns([
    { x: 0, width: CONTENT_WIDTH / 2 - 10, lines: partyBlock('Seller', content.seller, 'VAT number') },
    { x: CONTENT_WIDTH / 2 + 10, width: CONTENT_WIDTH / 2 - 10, lines: partyBlock('Customer', content.buyer, 'Customer VAT number') },
  ]);
}

const lineColumns: Column[] = [
  { header: 'Description', width: 175 },
  { header: 'Quantity', width: 50, align: 'right' },
  { header: 'Unit price', width: 75, align: 'right' },
  { header: 'Net', width: 75, align: 'right' },
  { header: 'VAT rate', width: 50, align: 'right' },
  { header: 'VAT', width: CONTENT_WIDTH - 425, align: 'right' },
];

function totals(flow: PageFlow, content: DocumentContent): void {
  const c = content.currency;
  const rows: [string, string, TextStyle][] = [
    ['Subtotal:', money(content.subtotal, c), {}],
    ['Total tax:', money(content.taxTotal, c), {}],
    [`${content.totalLabel}:`, money(content.total, c), { bold: true, size: 11 }],
  ];
  flow.ensure(rows.length * 16);
  for (const [label, value, style] of rows) {
    flow.draw(label, CONTENT_WIDTH - 230, style);
    flow.drawRight(value, CONTENT_WIDTH, style);
    flow.gap(16);
  }
}

function section(flow: PageFlow, heading: string): void {
  // The heading's baseline sits a line below what precedes it.
  flow.gap(22);
  flow.ensure(40);
  flow.paragraph(heading, { bold: true, size: 10 });
  flow.gap(2);
}

/** The document laid out, not yet saved (facturx.ts adds its PDF/A parts first). */
export async function businessDocument(content: DocumentContent, logo?: LogoImage): Promise<PDFDocument> {
  // updateMetadata: false leaves out the producer, creator and dates pdf-lib would otherwise stamp with the time.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDocumentFonts(doc);
  const flow = new PageFlow(doc, fonts);
  const c = content.currency;
  header(flow, content, logo ? await embedLogo(doc, logo) : undefined, flow.y + 20);

  section(flow, `Lines (amounts in ${c}; unit price and net exclude VAT)`);
  flow.table(
    lineColumns,
    content.lines.map((l) => [l.description, String(l.quantity), decimal(l.unitPrice, c), decimal(l.net, c), percent(l.rate), decimal(l.tax, c)]),
  );
  section(flow, 'VAT summary');
  flow.table(
    [
      { header: 'VAT rate', width: 80, align: 'right' },
      { header: 'Taxable amount', width: 110, align: 'right' },
      { header: 'VAT', width: 110, align: 'right' },
    ],
    content.summary.map((row) => [percent(row.rate), money(row.taxable, c), money(row.tax, c)]),
  );
  flow.gap(12);
  totals(flow, content);
  if (content.payment.length) {
    section(flow, 'Payment');
    for (const [label, value] of content.payment) flow.paragraph(`${label}: ${value}`);
  }
  if (content.mentions.length) {
    section(flow, 'Legal mentions');
    for (const mention of content.mentions) flow.paragraph(mention, { bold: true });
  }
  flow.finish(`${content.kind} ${content.number}`);
  doc.setTitle(`${content.kind} ${content.number}`);
  // The trailer's /ID: derived from what the document says, so it is the same for the same document.
  const id = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  return doc;
}

export const savePdf = (doc: PDFDocument): Promise<Uint8Array> => doc.save({ useObjectStreams: false });
