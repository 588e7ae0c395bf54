/**
 * Use case: invoice series and invoices (docs/invoices.md).
 *
 * finalize: read the draft -> its seller (the series' entity) and buyer (the stored customer or the inline one) ->
 * the tax, by unify's engine path (customer, certificates, registrations apply) -> every field Art. 226 requires, or
 * 422 listing them all -> ONE transaction: the series' next number, the finalized invoice, `invoice.finalized` ->
 * the sale recorded as it was quoted (unify's commit: ./sales/record-sale recordDecidedSale), the transaction id
 * being the invoice id.
 *
 * The last step is a second write: a retry of finalize on a finalized invoice whose sale is missing records it (the
 * same request from the same frozen invoice), so the sequence cannot stay half-written past a retry.
 * A lost race for the number re-reads only the series (bounded, with jitter): 50 concurrent finalizations of one
 * series take 50 consecutive numbers.
 */
import type { UnifyResult } from '../domain/cart/unify-response';
import { unifyRequestSchema } from '../domain/cart/unify-request';
import { AppError, ConflictError, found } from '../domain/errors';
import { subjectOf } from '../domain/sales/line-subject';
import { newInvoice, patchedDraft, type CreateInvoiceRequest, type Invoice, type UpdateInvoiceRequest } from '../domain/invoices/invoice';
import { finalizedContent, isReverseCharge, missingInvoiceFields, type InvoiceParties } from '../domain/invoices/mandatory-fields';
import { documentNumber, newSeries, type CreateSeriesRequest, type InvoiceSeries } from '../domain/invoices/series';
import type { Page, PageRequest } from '../domain/records/record';
import { fieldError, parseWith } from '../domain/validation';
import { newCreditNote, type CreateCreditNoteRequest, type CreditNote } from '../domain/invoices/credit-note';
import { utcDay } from '../domain/dates';
import { newId } from '../domain/ids';
import type { CustomerStore } from '../ports/customers';
import type { InvoiceStore } from '../ports/invoices';
import { recordRefund, type RecordRefundDeps } from './record-refund';
import { commitQuotedCart, quoteCart, unifyCart, type UnifyDeps } from './sales/unify-cart';

export type InvoiceDeps = { invoices: InvoiceStore; customers: CustomerStore } & Pick<UnifyDeps, 'entities'>;
export type FinalizeDeps = InvoiceDeps & UnifyDeps;

/** Rounds of a finalization that lost the series' number to another one (each re-reads the series). */
const MAX_NUMBER_ATTEMPTS = 100;
/** Rounds of a write that met a concurrent change of the draft. */
const MAX_CHANGE_ATTEMPTS = 5;

/** Full jitter, growing with the rounds lost (at most 200 ms): concurrent finalizations spread out instead of colliding again. */
const jitter = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 1.5 ** attempt)));

const notDraft = (id: string) =>
  new ConflictError('invoice_not_draft', `Invoice '${id}' is finalized: a finalized invoice never changes. Issue a credit note to correct it.`);
const changedConcurrently = (id: string) =>
  new ConflictError('invoice_changed_concurrently', `Invoice '${id}' or its series was changed by other requests during this one. Retry the request.`);

export async function createSeries(
  deps: Pick<InvoiceDeps, 'invoices' | 'entities'>,
  accountId: string,
  request: CreateSeriesRequest,
  now = new Date(),
): Promise<InvoiceSeries> {
  found(await deps.entities.get(accountId, request.entity_id), 'entity', request.entity_id);
  return deps.invoices.createSeries(accountId, newSeries(request, now));
}

export const listSeries = (deps: Pick<InvoiceDeps, 'invoices'>, accountId: string, page: PageRequest): Promise<Page<InvoiceSeries>> =>
  deps.invoices.listSeries(accountId, page);

export const getSeries = async (deps: Pick<InvoiceDeps, 'invoices'>, accountId: string, id: string): Promise<InvoiceSeries> =>
  found(await deps.invoices.getSeries(accountId, id), 'invoice series', id);

/** A stored customer named by the draft must exist (404, like an unknown entity_id). */
async function checkCustomer(deps: Pick<InvoiceDeps, 'customers'>, accountId: string, customerId: string | null | undefined): Promise<void> {
  if (customerId) found(await deps.customers.get(accountId, customerId), 'customer', customerId);
}

export async function createInvoice(
  deps: Pick<InvoiceDeps, 'invoices' | 'customers'>,
  accountId: string,
  request: CreateInvoiceRequest,
  now = new Date(),
): Promise<Invoice> {
  const series = found(await deps.invoices.getSeries(accountId, request.series_id), 'invoice series', request.series_id);
  await checkCustomer(deps, accountId, request.customer_id);
  return deps.invoices.createInvoice(accountId, newInvoice(request, series.entity_id, now));
}

export const listInvoices = (deps: Pick<InvoiceDeps, 'invoices'>, accountId: string, page: PageRequest): Promise<Page<Invoice>> =>
  deps.invoices.listInvoices(accountId, page);

export const getInvoice = async (deps: Pick<InvoiceDeps, 'invoices'>, accountId: string, id: string): Promise<Invoice> =>
  found(await deps.invoices.getInvoice(accountId, id), 'invoice', id);

export async function updateInvoice(
  deps: Pick<InvoiceDeps, 'invoices' | 'customers'>,
  accountId: string,
  id: string,
  patch: UpdateInvoiceRequest,
  now = new Date(),
): Promise<Invoice> {
  await checkCustomer(deps, accountId, patch.customer_id);
  for (let attempt = 1; attempt <= MAX_CHANGE_ATTEMPTS; attempt++) {
    const draft = await getInvoice(deps, accountId, id);
    if (draft.status !== 'draft') throw notDraft(id);
    const updated = patchedDraft(draft, patch, now);
    const outcome = await deps.invoices.replaceDraft(accountId, updated, draft.updated_at);
    if (outcome === 'written') return updated;
    if (outcome === 'missing') return getInvoice(deps, accountId, id);
    if (outcome === 'not_draft') throw notDraft(id);
  }
  throw changedConcurrently(id);
}

export async function deleteInvoice(deps: Pick<InvoiceDeps, 'invoices'>, accountId: string, id: string): Promise<void> {
  const outcome = await deps.invoices.deleteDraft(accountId, id);
  if (outcome === 'missing') found(undefined, 'invoice', id);
  if (outcome === 'not_draft') throw notDraft(id);
}

/** Seller and buyer as the invoice will print them. */
async function partiesOf(deps: InvoiceDeps, accountId: string, invoice: Invoice): Promise<InvoiceParties> {
  const entity = found(await deps.entities.get(accountId, invoice.entity_id), 'entity', invoice.entity_id);
  const seller = {
    name: entity.name,
    address: { ...(entity.address ?? {}), country: entity.country },
    tax_id: entity.tax_id,
    ...(entity.electronic_address ? { electronic_address: entity.electronic_address } : {}),
    ...(entity.contact ? { contact: entity.contact } : {}),
    ...(entity.legal_registration_id ? { legal_registration_id: entity.legal_registration_id } : {}),
    // The logo as it is now: later changes of the entity's logo leave this invoice's documents as issued.
    ...(entity.logo ? { logo: entity.logo } : {}),
  };
  if (invoice.customer_id) {
    const customer = found(await deps.customers.get(accountId, invoice.customer_id), 'customer', invoice.customer_id);
    const taxId = customer.tax_ids.find((t) => t.valid !== false) ?? customer.tax_ids[0];
    return {
      seller,
      buyer: {
        name: customer.name,
        address: { ...customer.address },
        tax_id: taxId ? (taxId.normalized ?? taxId.value) : null,
        ...(customer.electronic_address ? { electronic_address: customer.electronic_address } : {}),
      },
      buyerType: customer.customer_type,
    };
  }
  const inline = invoice.customer!;
  return {
    seller,
    buyer: {
      name: inline.name,
      address: { ...inline.address },
      tax_id: inline.tax_id ?? null,
      ...(inline.electronic_address ? { electronic_address: inline.electronic_address } : {}),
    },
    buyerType: inline.type,
  };
}

/** The invoice as unify's cart: the sale's date is the date of supply (the tax point), else the issue date. */
function cartOf(invoice: Invoice, commit: boolean) {
  const inline = invoice.customer;
  return parseWith(unifyRequestSchema, {
    currency: invoice.currency,
    ...(invoice.customer_id ? { customer_id: invoice.customer_id } : {}),
    ...(inline ? { customer: { type: inline.type, ...(inline.tax_id !== undefined ? { tax_id: inline.tax_id } : {}) } } : {}),
    ...(inline
      ? {
          location: {
            country: inline.address.country,
            ...(inline.address.state !== undefined ? { state: inline.address.state } : {}),
            ...(inline.address.postal_code !== undefined ? { postal_code: inline.address.postal_code } : {}),
          },
        }
      : {}),
    entity_id: invoice.entity_id,
    date: invoice.supply_date ?? invoice.issue_date,
    line_items: invoice.line_items.map((line) => ({
      id: line.id,
      amount: line.amount,
      quantity: line.quantity,
      ...subjectOf(line),
      tax_inclusive: invoice.tax_behavior === 'inclusive',
    })),
    ...(commit ? { commit: true, transaction_id: invoice.id } : {}),
  });
}

/** A finalized invoice's sale when a retry finds it unrecorded (the transaction id is the invoice id). */
async function recordSale(deps: FinalizeDeps, accountId: string, invoice: Invoice): Promise<void> {
  if (await deps.sales.get(accountId, invoice.id)) return;
  await unifyCart(deps, accountId, cartOf(invoice, true));
}

export interface FinalizedInvoice {
  /** false: it was finalized already (a retry); its sale is recorded now if it was not. */
  finalized: boolean;
  invoice: Invoice;
}

export async function finalizeInvoice(deps: FinalizeDeps, accountId: string, id: string, now = new Date()): Promise<FinalizedInvoice> {
  for (let change = 1; change <= MAX_CHANGE_ATTEMPTS; change++) {
    const draft = await getInvoice(deps, accountId, id);
    if (draft.status === 'finalized') {
      await recordSale(deps, accountId, draft);
      return { finalized: false, invoice: draft };
    }
    const parties = await partiesOf(deps, accountId, draft);
    const quoted = await quoteCart(deps, accountId, cartOf(draft, false));
    const tax: UnifyResult = quoted.response;
    const missing = missingInvoiceFields(parties, isReverseCharge(tax));
    if (missing.length > 0) {
      throw new AppError(
        422,
        'invoice_incomplete',
        `Invoice '${id}' cannot be finalized: Directive 2006/112/EC Art. 226 requires ${missing.join(', ')}. ` +
          "Set the seller's on the entity (PATCH /entities/{id}; the primary entity with `levy accounts update`), the customer's on the customer or the invoice.",
      );
    }
    let series = found(await deps.invoices.getSeries(accountId, draft.series_id), 'invoice series', draft.series_id);
    for (let attempt = 1; attempt <= MAX_NUMBER_ATTEMPTS; attempt++) {
      const sequence = series.next_number;
      const finalized: Invoice = {
        ...draft,
        status: 'finalized',
        ...finalizedContent(parties, tax, documentNumber(series, sequence), draft.id, now),
        updated_at: now.toISOString(),
      };
      const written = await deps.invoices.finalize(accountId, finalized, sequence, draft.updated_at);
      if (written.outcome === 'finalized') {
        // The sale as the invoice states it: the quote above, not a second one.
        await commitQuotedCart(deps, accountId, cartOf(finalized, true), quoted);
        return { finalized: true, invoice: finalized };
      }
      if (written.outcome === 'changed') break;
      await jitter(attempt);
      series =
        written.next_number !== undefined
          ? { ...series, next_number: written.next_number }
          : found(await deps.invoices.getSeries(accountId, draft.series_id), 'invoice series', draft.series_id);
    }
  }
  throw changedConcurrently(id);
}

export type CreditNoteDeps = Pick<InvoiceDeps, 'invoices'> & RecordRefundDeps;

/**
 * A credit note of a finalized invoice: the refund is recorded first (record-refund: its allocation is exact and a
 * concurrent credit cannot take the same amount twice), then the credit note takes the series' next number in one
 * transaction with its `credit_note.created` event, its amounts being the refund's. The refund id is the credit
 * note's id. With the caller's `id`, a retry answers the credit note already issued, and one whose numbering failed
 * after its refund was written is completed: the refund is found again (record-refund answers a retried id), then
 * numbered (docs/invoices.md). `created`: false when the credit note existed.
 */
export async function issueCreditNote(
  deps: CreditNoteDeps,
  accountId: string,
  invoiceId: string,
  request: CreateCreditNoteRequest,
  now = new Date(),
): Promise<{ created: boolean; note: CreditNote }> {
  if (request.id !== undefined) {
    const issued = await deps.invoices.getCreditNote(accountId, request.id);
    if (issued) {
      if (issued.invoice_id !== invoiceId)
        throw new ConflictError('transaction_exists', `Credit note '${request.id}' exists already, for invoice '${issued.invoice_id}'.`);
      return { created: false, note: issued };
    }
  }
  const invoice = await getInvoice(deps, accountId, invoiceId);
  if (invoice.status !== 'finalized') {
    throw new ConflictError(
      'invoice_not_finalized',
      `Invoice '${invoiceId}' is a draft: change it instead (PATCH /v1/invoices/${invoiceId}); only a finalized invoice is credited.`,
    );
  }
  const seriesId = request.series_id ?? invoice.series_id;
  let series = found(await deps.invoices.getSeries(accountId, seriesId), 'invoice series', seriesId);
  if (series.entity_id !== invoice.entity_id) {
    throw fieldError('series_id', `is '${seriesId}', a series of entity '${series.entity_id}'; the invoice's seller is '${invoice.entity_id}'`);
  }
  const id = request.id ?? newId('crn', now.getTime());
  const { refund } = await recordRefund(
    deps,
    accountId,
    invoice.id,
    { id, date: utcDay(now), ...(request.line_items ? { line_items: request.line_items } : {}) },
    now,
  );
  for (let attempt = 1; attempt <= MAX_NUMBER_ATTEMPTS; attempt++) {
    const note = newCreditNote(id, invoice, refund, series.id, documentNumber(series, series.next_number), request.reason);
    const written = await deps.invoices.issueCreditNote(accountId, note, series.next_number);
    if (written.outcome === 'finalized') return { created: true, note };
    await jitter(attempt);
    series =
      written.next_number !== undefined
        ? { ...series, next_number: written.next_number }
        : found(await deps.invoices.getSeries(accountId, seriesId), 'invoice series', seriesId);
  }
  throw changedConcurrently(invoiceId);
}
