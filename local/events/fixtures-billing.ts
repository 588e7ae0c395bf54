/**
 * Local runtime (`npm run events`): the fixtures of invoices and returns: a series of a seller with an address,
 * drafts and a finalized invoice with credit left; a monthly registration whose months long ended are taken one after
 * another by each run's returns (a return needs an ended period, and one return per period).
 */
import { ports } from '../../src/composition/all-ports';
import { returns } from '../../src/composition/ports';
import { nextPeriod, periodContaining, type FilingPeriod } from '../../src/domain/filing/periods';
import { currentRun, type EventFixtures } from '../samples';
import { creditNoteBody, invoiceBody, invoiceSellerBody, RETURN_PERIODS_FROM } from './bodies';
import type { FixtureContext } from './fixture-context';

type InvoiceFixtures = Pick<EventFixtures, 'invoice_series_id' | 'invoice_id' | 'invoice_to_delete_id' | 'invoice_to_finalize_id' | 'finalized_invoice_id' | 'credit_note_id'>;
type ReturnFixtures = Pick<EventFixtures, 'return_registration_id' | 'return_id' | 'finalized_return_id' | 'return_period_start' | 'return_period_end'>;

/** A series, a draft to read and change, one to delete, one to finalize, a finalized invoice with credit left and a credit note of it. */
export async function ensureInvoiceFixtures({ known, call, stillThere }: FixtureContext, customerId: string): Promise<InvoiceFixtures> {
  const seriesId =
    known.invoice_series_id && (await stillThere('invoice-series-get', known.invoice_series_id))
      ? known.invoice_series_id
      : await (async () => {
          const seller = (await call('entities-create', { body: invoiceSellerBody })).id as string;
          return (await call('invoice-series-create', { body: { entity_id: seller, prefix: 'INV-' } })).id as string;
        })();
  const invoiceStatus = async (knownId: string | undefined) => (await stillThere('invoices-get', knownId))?.status as string | undefined;
  const newDraft = async (): Promise<string> => (await call('invoices-create', { body: invoiceBody(seriesId, customerId, currentRun().today) })).id as string;
  const invoiceId = (await invoiceStatus(known.invoice_id)) === 'draft' ? known.invoice_id! : await newDraft();
  const invoiceToDelete = (await invoiceStatus(known.invoice_to_delete_id)) === 'draft' ? known.invoice_to_delete_id! : await newDraft();
  const invoiceToFinalize = (await invoiceStatus(known.invoice_to_finalize_id)) !== undefined ? known.invoice_to_finalize_id! : await newDraft();
  // Each run's credit note takes 100 of the line's 30,000 (the fixture's own one 100 more): the sale (the invoice id) says what is left.
  const creditLeft = async (knownId: string): Promise<number> =>
    call('transactions-get', { pathParameters: { id: knownId } }).then((t) => t.line_items[0].remaining_amount as number, () => 0);
  const finalizedInvoiceId =
    known.finalized_invoice_id && (await invoiceStatus(known.finalized_invoice_id)) === 'finalized' && (await creditLeft(known.finalized_invoice_id)) >= 200
      ? known.finalized_invoice_id
      : await (async () => {
          const created = await newDraft();
          await call('invoices-finalize', { pathParameters: { id: created } });
          return created;
        })();
  const creditNoteId =
    known.credit_note_id && finalizedInvoiceId === known.finalized_invoice_id && (await stillThere('credit-notes-get', known.credit_note_id))
      ? known.credit_note_id
      : ((
          await call('invoices-credit-notes-create', {
            pathParameters: { id: finalizedInvoiceId },
            body: creditNoteBody,
          })
        ).id as string);
  return {
    invoice_series_id: seriesId,
    invoice_id: invoiceId,
    invoice_to_delete_id: invoiceToDelete,
    invoice_to_finalize_id: invoiceToFinalize,
    finalized_invoice_id: finalizedInvoiceId,
    credit_note_id: creditNoteId,
  };
}

/** A monthly US-TX registration of `entityId`, a draft return, a finalized one, and the next free month for returns-create. */
export async function ensureReturnFixtures({ id, known, call }: FixtureContext, entityId: string, fixturesFile: string): Promise<ReturnFixtures> {
  const returnRegistrationId =
    known.return_registration_id && (await ports.registrations.get(id, known.return_registration_id))
      ? known.return_registration_id
      : ((await call('registrations-create', { body: { entity_id: entityId, country: 'US', state: 'TX', type: 'SALES_TAX', active_from: RETURN_PERIODS_FROM, filing: { frequency: 'MONTHLY' } } })).id as string);
  const taken = await returns.summaries(id, returnRegistrationId);
  const lastTaken = taken.reduce<FilingPeriod | undefined>((last, r) => (!last || r.period_end > last.end ? { start: r.period_start, end: r.period_end } : last), undefined);
  let freePeriod = lastTaken ? nextPeriod('MONTHLY', lastTaken) : periodContaining('MONTHLY', RETURN_PERIODS_FROM);
  const takePeriod = (): FilingPeriod => {
    const period = freePeriod;
    if (period.end >= currentRun().today) throw new Error(`The returns registration ${returnRegistrationId} has no ended month left; delete ${fixturesFile} to make another`);
    freePeriod = nextPeriod('MONTHLY', period);
    return period;
  };
  const returnStatus = async (knownId: string | undefined) => (knownId ? (await returns.get(id, knownId))?.status : undefined);
  const newReturn = async (): Promise<string> => {
    const period = takePeriod();
    return (await call('returns-create', { body: { registration_id: returnRegistrationId, period_start: period.start, period_end: period.end } })).id as string;
  };
  const returnId = (await returnStatus(known.return_id)) === 'draft' ? known.return_id! : await newReturn();
  const finalizedReturnId =
    (await returnStatus(known.finalized_return_id)) === 'finalized'
      ? known.finalized_return_id!
      : await (async () => {
          const created = await newReturn();
          await call('returns-finalize', { pathParameters: { id: created } });
          return created;
        })();
  const returnPeriod = takePeriod();
  return { return_registration_id: returnRegistrationId, return_id: returnId, finalized_return_id: finalizedReturnId, return_period_start: returnPeriod.start, return_period_end: returnPeriod.end };
}
