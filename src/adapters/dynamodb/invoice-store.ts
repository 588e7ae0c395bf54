/**
 * Secondary adapter (DynamoDB, Invoices table): invoice series (`isr_...`), invoices (`inv_...`) and credit notes (`crn_...`) of an account,
 * one partition per account, told apart by their id prefix. Finalizing is ONE TransactWriteItems: the series'
 * conditional counter step, the invoice's conditional put and its `invoice.finalized` event (the outbox), so a number
 * is taken exactly when an invoice gets it (docs/invoices.md).
 */
import type { CreditNote } from '../../domain/invoices/credit-note';
import type { Invoice } from '../../domain/invoices/invoice';
import type { InvoiceSeries } from '../../domain/invoices/series';
import type { Page, PageRequest } from '../../domain/records/record';
import type { DraftWrite, FinalizeOutcome, InvoiceStore } from '../../ports/invoices';
import { documentClient } from './client';
import { createPut, FINGERPRINT, putNewId, refusedCreate, type NewPut } from './conditional-create';
import { unlessConditionFails } from './conditional-write';
import type { EventOutbox } from './event-outbox';
import { queryPage, withoutKeys } from './query';
import { transactionCancellationReasons } from './errors';
import { transactWriteOnce, type TransactItem } from './transact';

type Item = Record<string, unknown>;

const SERIES_PREFIX = 'isr_';
const INVOICE_PREFIX = 'inv_';
const CREDIT_NOTE_PREFIX = 'crn_';
/** The item's attributes that are not the record's. */
const INTERNAL = ['account_id', FINGERPRINT];

export class DynamoDbInvoiceStore implements InvoiceStore {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  /** A new series or draft (a Levy-made id): written once however often the write is sent (conditional-create.ts). */
  private async put(accountId: string, record: { id: string }): Promise<void> {
    await putNewId(createPut(this.tableName, { account_id: accountId, ...record }, 'id'));
  }

  private async read<T>(accountId: string, id: string, prefix: string): Promise<T | undefined> {
    if (!id.startsWith(prefix)) return undefined;
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item ? withoutKeys<T>(Item, INTERNAL) : undefined;
  }

  /** A page of the account's records of one kind (their ids share `prefix`), in id order. */
  private async page<T>(accountId: string, prefix: string, page: PageRequest): Promise<Page<T>> {
    const { items, has_more } = await queryPage(
      {
        TableName: this.tableName,
        KeyConditionExpression: 'account_id = :account AND begins_with(id, :prefix)',
        ExpressionAttributeValues: { ':account': accountId, ':prefix': prefix },
        ExclusiveStartKey: page.startingAfter ? { account_id: accountId, id: page.startingAfter } : undefined,
      },
      page.limit,
    );
    return { data: items.map((i: Item) => withoutKeys<T>(i, INTERNAL)), has_more };
  }

  async createSeries(accountId: string, series: InvoiceSeries) {
    await this.put(accountId, series);
    return series;
  }

  getSeries(accountId: string, id: string) {
    return this.read<InvoiceSeries>(accountId, id, SERIES_PREFIX);
  }

  listSeries(accountId: string, page: PageRequest) {
    return this.page<InvoiceSeries>(accountId, SERIES_PREFIX, page);
  }

  async createInvoice(accountId: string, invoice: Invoice) {
    await this.put(accountId, invoice);
    return invoice;
  }

  getInvoice(accountId: string, id: string) {
    return this.read<Invoice>(accountId, id, INVOICE_PREFIX);
  }

  listInvoices(accountId: string, page: PageRequest) {
    return this.page<Invoice>(accountId, INVOICE_PREFIX, page);
  }

  /** Tells a refused draft write apart with one read. */
  private async whyRefused(accountId: string, id: string): Promise<'missing' | 'not_draft' | 'changed'> {
    const stored = await this.getInvoice(accountId, id);
    if (!stored) return 'missing';
    return stored.status === 'draft' ? 'changed' : 'not_draft';
  }

  async replaceDraft(accountId: string, invoice: Invoice, readAt: string): Promise<DraftWrite> {
    const written = await unlessConditionFails(() =>
      documentClient().put({
        TableName: this.tableName,
        Item: { account_id: accountId, ...invoice },
        ConditionExpression: '#status = :draft AND updated_at = :read',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':draft': 'draft', ':read': readAt },
      }),
    );
    return written ? 'written' : this.whyRefused(accountId, invoice.id);
  }

  async deleteDraft(accountId: string, id: string): Promise<'written' | 'missing' | 'not_draft'> {
    if (!id.startsWith(INVOICE_PREFIX)) return 'missing';
    const deleted = await unlessConditionFails(() =>
      documentClient().delete({
        TableName: this.tableName,
        Key: { account_id: accountId, id },
        ConditionExpression: '#status = :draft',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':draft': 'draft' },
      }),
    );
    if (deleted) return 'written';
    return (await this.getInvoice(accountId, id)) ? 'not_draft' : 'missing';
  }

  async finalize(accountId: string, finalized: Invoice, sequence: number, readAt: string): Promise<FinalizeOutcome> {
    const at = finalized.finalized_at ?? finalized.updated_at;
    return this.numberedWrite(accountId, finalized.series_id, sequence, at, [
      {
        Put: {
          TableName: this.tableName,
          Item: { account_id: accountId, ...finalized },
          ConditionExpression: '#status = :draft AND updated_at = :read',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':draft': 'draft', ':read': readAt },
        },
      },
      this.outbox.item(accountId, 'invoice.finalized', finalized, new Date(at)),
    ]);
  }

  async issueCreditNote(accountId: string, note: CreditNote, sequence: number): Promise<Exclude<FinalizeOutcome, { outcome: 'changed' }>> {
    const put = createPut(this.tableName, { account_id: accountId, ...note }, 'id');
    const outcome = await this.numberedWrite(
      accountId,
      note.series_id,
      sequence,
      note.created_at,
      [put, this.outbox.item(accountId, 'credit_note.created', note, new Date(note.created_at))],
      put,
    );
    if (outcome.outcome === 'changed') throw new Error(`credit note ${note.id} exists already`);
    return outcome;
  }

  getCreditNote(accountId: string, id: string) {
    return this.read<CreditNote>(accountId, id, CREDIT_NOTE_PREFIX);
  }

  /**
   * The series' step from `sequence` to `sequence + 1` with the document that takes the number (item 1, whose
   * refused condition is `changed`) and its event, in one transaction. `created`: item 1 when it is a create, whose
   * refusal by this same create (conditional-create.ts) is this write's success.
   */
  private async numberedWrite(
    accountId: string,
    seriesId: string,
    sequence: number,
    at: string,
    document: TransactItem[],
    created?: NewPut,
  ): Promise<FinalizeOutcome> {
    const items: TransactItem[] = [
      {
        Update: {
          TableName: this.tableName,
          Key: { account_id: accountId, id: seriesId },
          UpdateExpression: 'SET next_number = :next, updated_at = :at',
          ConditionExpression: 'next_number = :taken',
          ExpressionAttributeValues: { ':taken': sequence, ':next': sequence + 1, ':at': at },
          // The series as it is, so the loser knows the next number without reading it again.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...document,
    ];
    try {
      // Not transactWrite's conflict retries: a conflict on the series means another finalization is taking this
      // number, so the caller moves on to the next one instead of trying this one again. Its token all the same.
      await transactWriteOnce(items);
      return { outcome: 'finalized' };
    } catch (error) {
      const reasons = transactionCancellationReasons(error);
      if (!reasons && (error as Error | undefined)?.name !== 'TransactionConflictException') throw error;
      if (created && refusedCreate(error, created, 1)?.outcome === 'replayed') return { outcome: 'finalized' };
      if (reasons?.[1]?.Code === 'ConditionalCheckFailed') return { outcome: 'changed' };
      const current = reasons?.[0]?.Code === 'ConditionalCheckFailed' ? reasons[0].Item?.next_number : undefined;
      const next = current && 'N' in current && current.N !== undefined ? Number(current.N) : undefined;
      return { outcome: 'number_taken', ...(next !== undefined ? { next_number: next } : {}) };
    }
  }
}
