/**
 * Secondary adapter (presentation): what an invoice or a credit note prints, as labelled text and minor-unit amounts,
 * before any layout: the facts (number, dates, references), both parties, the lines, the VAT per rate, the totals,
 * the payment details and the legal mentions (Directive 2006/112/EC Art. 226; docs/invoices.md). business-pdf.ts
 * lays it out.
 */
import { creditNoteDocument, invoiceDocument, type EInvoiceDocument } from '../../domain/einvoice';
import { percentOf } from '../../domain/einvoice/format';
import type { CreditNote } from '../../domain/invoices/credit-note';
import type { Invoice, InvoiceParty } from '../../domain/invoices/invoice';
import { totalsByRate } from '../../domain/invoices/vat-summary';
import { decimal } from '../../domain/money/minor-units';

export interface DocumentLine {
  description: string;
  quantity: number;
  /** Minor units, net of VAT. */
  unitPrice: number;
  net: number;
  rate: number;
  tax: number;
}

export interface DocumentContent {
  /** "Invoice", "Credit note": the heading and the start of the footer. */
  kind: string;
  number: string;
  currency: string;
  /** Label and value, printed "Label: value". */
  facts: [string, string][];
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: DocumentLine[];
  summary: { rate: number; taxable: number; tax: number }[];
  subtotal: number;
  taxTotal: number;
  total: number;
  totalLabel: string;
  payment: [string, string][];
  mentions: string[];
}

/** Minor units as a decimal amount in the currency's own digits (1000 JPY -> "1000 JPY"), with its code. */
export const money = (minor: number, currency: string): string => `${decimal(minor, currency)} ${currency}`;

/** A rate as printed: the e-invoices' percentage (0.055 -> "5.5") with its sign. */
export const percent = (rate: number): string => `${percentOf(rate)} %`;

/** The names of the UNTDID 4461 payment means a reader meets most; another code prints as its number. */
const paymentMeans: Readonly<Record<string, string>> = {
  '10': 'cash',
  '30': 'credit transfer',
  '31': 'debit transfer',
  '42': 'payment to bank account',
  '48': 'bank card',
  '49': 'direct debit',
  '57': 'standing agreement',
  '58': 'SEPA credit transfer',
  '59': 'SEPA direct debit',
  ZZZ: 'mutually defined',
};

/**
 * The invoice's own mentions (reverse charge), then once each the exemption reason EN 16931 gives the VAT categories
 * its lines fall in (src/domain/einvoice: exempt, intra-Community supply, export, not subject to VAT), so the PDF and
 * the e-invoices say the same.
 */
function legalMentions(invoice: Invoice, vat: EInvoiceDocument['vat']): string[] {
  const reasons = vat.map((group) => group.exemption?.text).filter((text): text is string => text !== undefined);
  return [...new Set([...(invoice.mentions ?? []), ...reasons])];
}

function paymentLines(payment: Invoice['payment'], withDueDate: boolean): [string, string][] {
  if (!payment) return [];
  const lines: [string, string][] = [
    ['Payment means', `${payment.means_code}${paymentMeans[payment.means_code] ? ` (${paymentMeans[payment.means_code]})` : ''}`],
  ];
  if (payment.iban) lines.push(['IBAN', payment.iban]);
  if (payment.bic) lines.push(['BIC', payment.bic]);
  if (payment.terms) lines.push(['Payment terms', payment.terms]);
  if (withDueDate && payment.due_date) lines.push(['Due date', payment.due_date]);
  return lines;
}

/** BT-10 and BT-13 where the invoice has them. */
function references(invoice: Invoice): [string, string][] {
  const facts: [string, string][] = [];
  if (invoice.buyer_reference) facts.push(['Buyer reference', invoice.buyer_reference]);
  if (invoice.purchase_order) facts.push(['Purchase order', invoice.purchase_order]);
  return facts;
}

function summaryByRate(lines: DocumentLine[]): DocumentContent['summary'] {
  return totalsByRate(lines, (line) => ({ rate: line.rate, taxable: line.net, tax: line.tax }));
}

export function invoiceContent(invoice: Invoice): DocumentContent {
  if (invoice.status !== 'finalized' || !invoice.seller || !invoice.buyer || !invoice.taxed_lines || !invoice.tax_summary) {
    throw new RangeError(`invoice ${invoice.id} is not finalized`);
  }
  const taxed = new Map(invoice.taxed_lines.map((l) => [l.id, l]));
  const lines = invoice.line_items.map((line) => {
    const t = taxed.get(line.id)!;
    return {
      description: line.description,
      quantity: line.quantity,
      unitPrice: Math.round(t.net_amount / line.quantity),
      net: t.net_amount,
      rate: t.tax_rate,
      tax: t.tax_amount,
    };
  });
  const facts: [string, string][] = [
    ['Invoice number', invoice.number!],
    ['Date of issue', invoice.issue_date],
  ];
  if (invoice.supply_date && invoice.supply_date !== invoice.issue_date) facts.push(['Date of supply', invoice.supply_date]);
  facts.push(...references(invoice));
  return {
    kind: 'Invoice',
    number: invoice.number!,
    currency: invoice.currency,
    facts,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines,
    summary: invoice.tax_summary.map((row) => ({ rate: row.tax_rate, taxable: row.taxable_amount, tax: row.tax_amount })),
    subtotal: invoice.subtotal!,
    taxTotal: invoice.tax_total!,
    total: invoice.total!,
    totalLabel: 'Total',
    payment: paymentLines(invoice.payment, true),
    mentions: legalMentions(invoice, invoiceDocument(invoice).vat),
  };
}

/**
 * A credit note prints the credited amounts of the invoice's lines, with the invoice's descriptions and rates, and
 * names the invoice it corrects (Art. 219). Quantities are not credited one by one: each line is one credit.
 */
export function creditNoteContent(note: CreditNote, invoice: Invoice): DocumentContent {
  const items = new Map(invoice.line_items.map((l) => [l.id, l]));
  const rates = new Map((invoice.taxed_lines ?? []).map((l) => [l.id, l.tax_rate]));
  const lines = note.line_items.map((line) => ({
    description: items.get(line.id)?.description ?? line.id,
    quantity: 1,
    unitPrice: line.net_amount,
    net: line.net_amount,
    rate: rates.get(line.id) ?? 0,
    tax: line.tax_amount,
  }));
  return {
    kind: 'Credit note',
    number: note.number,
    currency: note.currency,
    facts: [
      ['Credit note number', note.number],
      ['Date of issue', note.issue_date],
      ['Corrects invoice', `${note.invoice_number} of ${invoice.issue_date}`],
      ['Reason', note.reason],
      ...references(invoice),
    ],
    seller: note.seller,
    buyer: note.buyer,
    lines,
    summary: summaryByRate(lines),
    subtotal: note.subtotal,
    taxTotal: note.tax_total,
    total: note.total,
    totalLabel: 'Total credited',
    // The invoice's account, without its due date: the seller pays a credit back (as the e-invoices say).
    payment: paymentLines(invoice.payment, false),
    mentions: legalMentions(invoice, creditNoteDocument(note, invoice).vat),
  };
}
