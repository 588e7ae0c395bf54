/**
 * Domain (pure): a finalized invoice or credit note as the EN 16931 semantic model (business terms, amounts still in
 * integer minor units), the one input of both syntaxes (cii.ts, ubl.ts). Lines keep the invoice's ids (BT-126) and
 * order; the VAT breakdown (BG-23) groups them by category and rate, so BR-CO-10..16 and BR-S/Z/E/AE/K/G/O-08 hold
 * by construction: every total is a sum of the invoice's own integer amounts.
 */
import type { CreditNote } from '../invoices/credit-note';
import type { Invoice, InvoiceParty } from '../invoices/invoice';
import { minorDigits } from '../money/minor-units';
import { exemptionReasons, vatCategoryOf, type VatCategory } from './vat-category';
import type { Payment } from './fields';

export interface EInvoiceLine {
  id: string;
  name: string;
  quantity: number;
  /** BT-146 in minor units per `baseQuantity` (BT-149): the net amount divided exactly, else the whole net for the quantity. */
  price: number;
  baseQuantity: number;
  net: number;
  category: VatCategory;
  /** BT-152 as a decimal fraction (0.19). */
  rate: number;
}

export interface EInvoiceVatGroup {
  category: VatCategory;
  rate: number;
  taxable: number;
  tax: number;
  exemption?: { code?: string; text: string };
}

export interface EInvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /** BT-3: 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381';
  number: string;
  issueDate: string;
  currency: string;
  digits: number;
  /** BT-22: the credit note's reason. */
  note?: string;
  buyerReference?: string;
  purchaseOrder?: string;
  /** BG-3 (BT-25, BT-26): the invoice a credit note corrects. */
  precedingInvoice?: { number: string; issueDate: string };
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** BT-72: the date of supply (a credit note states its invoice's). */
  deliveryDate: string;
  /** BT-80: where goods went (the buyer's country: an invoice has no separate delivery address). */
  deliverToCountry?: string;
  payment?: Payment;
  lines: EInvoiceLine[];
  vat: EInvoiceVatGroup[];
  lineTotal: number;
  taxTotal: number;
  total: number;
}

const finalizedOf = (invoice: Invoice) => {
  if (invoice.status !== 'finalized' || !invoice.seller || !invoice.buyer || !invoice.taxed_lines || invoice.number === null) {
    throw new Error(`invoice ${invoice.id} is not finalized`);
  }
  return { number: invoice.number, seller: invoice.seller, buyer: invoice.buyer, taxedLines: invoice.taxed_lines };
};

/** The category frozen at finalization; an invoice finalized before categories were stored gets it from the same rule. */
function categoryOf(invoice: Invoice, taxed: NonNullable<Invoice['taxed_lines']>[number]): VatCategory {
  if (taxed.vat_category) return taxed.vat_category;
  const line = invoice.line_items.find((l) => l.id === taxed.id);
  return vatCategoryOf({
    ...taxed,
    goods: line?.product_category === 'PHYSICAL_GOODS',
    sellerCountry: invoice.seller!.address.country,
    buyerCountry: invoice.buyer!.address.country,
  });
}

function priced(net: number, quantity: number): Pick<EInvoiceLine, 'price' | 'baseQuantity' | 'quantity'> {
  if (quantity > 0 && net % quantity === 0) return { quantity, price: net / quantity, baseQuantity: 1 };
  return { quantity, price: net, baseQuantity: quantity };
}

function vatGroups(lines: readonly (EInvoiceLine & { tax: number })[]): EInvoiceVatGroup[] {
  const groups = new Map<string, EInvoiceVatGroup>();
  for (const line of lines) {
    const key = `${line.category}:${line.rate}`;
    const group = groups.get(key) ?? {
      category: line.category,
      rate: line.rate,
      taxable: 0,
      tax: 0,
      ...(exemptionReasons[line.category] ? { exemption: exemptionReasons[line.category] } : {}),
    };
    group.taxable += line.net;
    group.tax += line.tax;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The lines as written (their tax only in the breakdown), the VAT breakdown and the document totals (BG-22), all sums of the lines. */
function linesAndTotals(lines: readonly (EInvoiceLine & { tax: number })[]): Pick<EInvoiceDocument, 'lines' | 'vat' | 'lineTotal' | 'taxTotal' | 'total'> {
  return {
    lines: lines.map(({ tax: _tax, ...line }) => line),
    vat: vatGroups(lines),
    lineTotal: lines.reduce((sum, l) => sum + l.net, 0),
    taxTotal: lines.reduce((sum, l) => sum + l.tax, 0),
    total: lines.reduce((sum, l) => sum + l.net + l.tax, 0),
  };
}

/** Every category but S is charged at 0 % (BR-Z-05, BR-E-05, BR-AE-05, BR-IC-05, BR-G-05; BR-O-05 states no rate). */
const rateIn = (category: VatCategory, rate: number) => (category === 'S' ? rate : 0);

function supplyFacts(invoice: Invoice, lines: readonly EInvoiceLine[]) {
  const goodsAbroad = lines.some((l) => l.category === 'K' || l.category === 'G');
  return {
    deliveryDate: invoice.supply_date ?? invoice.issue_date,
    ...(goodsAbroad ? { deliverToCountry: invoice.buyer!.address.country } : {}),
  };
}

const references = (invoice: Invoice) => ({
  ...(invoice.buyer_reference !== undefined ? { buyerReference: invoice.buyer_reference } : {}),
  ...(invoice.purchase_order !== undefined ? { purchaseOrder: invoice.purchase_order } : {}),
});

/** A finalized invoice as EN 16931's model. */
export function invoiceDocument(invoice: Invoice): EInvoiceDocument {
  const { number, seller, buyer, taxedLines } = finalizedOf(invoice);
  const lines = taxedLines.map((taxed) => {
    const item = invoice.line_items.find((l) => l.id === taxed.id);
    const category = categoryOf(invoice, taxed);
    return {
      id: taxed.id,
      name: item?.description ?? taxed.id,
      ...priced(taxed.net_amount, item?.quantity ?? 1),
      net: taxed.net_amount,
      tax: taxed.tax_amount,
      category,
      rate: rateIn(category, taxed.tax_rate),
    };
  });
  return {
    kind: 'invoice',
    typeCode: '380',
    number,
    issueDate: invoice.issue_date,
    currency: invoice.currency,
    digits: minorDigits(invoice.currency),
    ...references(invoice),
    seller,
    buyer,
    ...supplyFacts(invoice, lines),
    ...(invoice.payment ? { payment: invoice.payment } : {}),
    ...linesAndTotals(lines),
  };
}

/**
 * A credit note as EN 16931's model: type 381 with positive amounts, referring to its invoice (BT-25, BT-26). A line
 * credited whole keeps the invoice's quantity; a part of a line is one unit of the credited amount. Payment
 * instructions are the invoice's, without its due date (the seller pays a credit back).
 */
export function creditNoteDocument(note: CreditNote, invoice: Invoice): EInvoiceDocument {
  finalizedOf(invoice);
  const lines = note.line_items.map((credited) => {
    const item = invoice.line_items.find((l) => l.id === credited.id);
    const taxed = invoice.taxed_lines!.find((l) => l.id === credited.id);
    const category = taxed ? categoryOf(invoice, taxed) : 'O';
    const whole = taxed !== undefined && taxed.net_amount === credited.net_amount;
    return {
      id: credited.id,
      name: item?.description ?? credited.id,
      ...priced(credited.net_amount, whole ? (item?.quantity ?? 1) : 1),
      net: credited.net_amount,
      tax: credited.tax_amount,
      category,
      rate: rateIn(category, taxed?.tax_rate ?? 0),
    };
  });
  const { due_date: _due, ...payment } = invoice.payment ?? { means_code: '' };
  return {
    kind: 'credit_note',
    typeCode: '381',
    number: note.number,
    issueDate: note.issue_date,
    currency: note.currency,
    digits: minorDigits(note.currency),
    note: note.reason,
    ...references(invoice),
    precedingInvoice: { number: note.invoice_number, issueDate: invoice.issue_date },
    seller: note.seller,
    buyer: note.buyer,
    ...supplyFacts(invoice, lines),
    ...(invoice.payment ? { payment } : {}),
    ...linesAndTotals(lines),
  };
}
