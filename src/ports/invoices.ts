/**
 * Port (implemented by src/adapters/dynamodb/invoice-store.ts): invoice series and invoices. Every method
 * names the account, so another account's id is simply not found.
 */
import type { LogoImage } from '../domain/documents/logo-image';
import type { CreditNote } from '../domain/invoices/credit-note';
import type { Invoice } from '../domain/invoices/invoice';
import type { InvoiceSeries } from '../domain/invoices/series';
import type { Page, PageRequest } from '../domain/records/record';

export type DraftWrite = 'written' | 'missing' | 'not_draft' | 'changed';

/** `number_taken` carries the series' next number when the store learnt it from the refusal (no re-read needed). */
export type FinalizeOutcome = { outcome: 'finalized' } | { outcome: 'changed' } | { outcome: 'number_taken'; next_number?: number };

export interface InvoiceStore {
  createSeries(accountId: string, series: InvoiceSeries): Promise<InvoiceSeries>;
  getSeries(accountId: string, id: string): Promise<InvoiceSeries | undefined>;
  /** Oldest first. */
  listSeries(accountId: string, page: PageRequest): Promise<Page<InvoiceSeries>>;
  createInvoice(accountId: string, invoice: Invoice): Promise<Invoice>;
  getInvoice(accountId: string, id: string): Promise<Invoice | undefined>;
  /** Oldest first. */
  listInvoices(accountId: string, page: PageRequest): Promise<Page<Invoice>>;
  /** Replaces a draft still as it was read (`readAt` = its updated_at then); `changed`: someone wrote it meanwhile. */
  replaceDraft(accountId: string, invoice: Invoice, readAt: string): Promise<DraftWrite>;
  deleteDraft(accountId: string, id: string): Promise<Exclude<DraftWrite, 'changed'>>;
  /**
   * One transaction: the series' next_number from `sequence` to `sequence + 1`, the invoice from the draft read at
   * `readAt` to `finalized`, and its `invoice.finalized` event. `number_taken`: another finalization took `sequence`
   * or held the series at that moment (a transaction conflict); `changed`: the draft was changed, deleted or finalized
   * meanwhile. Either wrote nothing, and neither is retried here: the caller takes the next number.
   */
  finalize(accountId: string, finalized: Invoice, sequence: number, readAt: string): Promise<FinalizeOutcome>;
  /** One transaction: the series' next_number from `sequence` to `sequence + 1`, the credit note, `credit_note.created`. */
  issueCreditNote(accountId: string, note: CreditNote, sequence: number): Promise<Exclude<FinalizeOutcome, { outcome: 'changed' }>>;
  getCreditNote(accountId: string, id: string): Promise<CreditNote | undefined>;
}

/**
 * Renders a finalized invoice or a credit note as a document, with the seller's `logo` when it has one; the same one
 * (and the same logo) gives the same bytes every time.
 */
export interface InvoiceRenderer {
  pdf(invoice: Invoice, logo?: LogoImage): Promise<Uint8Array>;
  /** The invoice as Factur-X: its PDF as PDF/A-3 with `ciiXml` (EN 16931) embedded as factur-x.xml. */
  facturX(invoice: Invoice, ciiXml: string, logo?: LogoImage): Promise<Uint8Array>;
  /** The credit note, with the descriptions and rates of the invoice it corrects. */
  creditNotePdf(note: CreditNote, invoice: Invoice, logo?: LogoImage): Promise<Uint8Array>;
}
