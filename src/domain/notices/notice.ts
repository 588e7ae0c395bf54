/**
 * Domain (pure): a tax-authority notice (docs/notices.md): a letter from a tax authority
 * that the account logs and follows until it is closed, with its documents (the letter's scan, the reply). The kinds
 * follow the research (named-areas.md 7.2, after AvaTax's notice types). Dates are calendar dates (UTC).
 */
import * as z from 'zod';
import { exemptionDocumentSchema, jurisdictionAnswerSchema, jurisdictionField, type ExemptionDocument, type Jurisdiction } from '../exemptions/certificate';
import { requireSomeField } from '../fields/records';
import { dateField } from '../fields/sale';
import { newId } from '../ids';
import { timestampField } from '../records/record';
import { fieldError, requiredOr } from '../validation';

/**
 * assessment: tax (and interest) is claimed; inquiry: the authority asks for information or records; penalty: a
 * penalty (late filing or payment); registration: about the account's registration (a request to register, a number);
 * other: anything else (the summary says what).
 */
export const noticeKinds = ['assessment', 'inquiry', 'penalty', 'registration', 'other'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** open: to be answered; responded: answered, waiting for the authority; closed: nothing more to do. */
export const noticeStatuses = ['open', 'responded', 'closed'] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];

/** A notice keeps at most this many documents (AvaTax lets a notice hold several attachments). */
export const MAX_NOTICE_DOCUMENTS = 20;

const kindField = z.enum(noticeKinds, { error: requiredOr(`must be one of: ${noticeKinds.join(', ')}`) }).meta({
  description: 'What the letter is: `assessment` (tax claimed), `inquiry` (information asked for), `penalty`, `registration` (about the registration), `other`',
});
const statusField = z.enum(noticeStatuses, { error: requiredOr(`must be one of: ${noticeStatuses.join(', ')}`) }).meta({
  description: '`open`: to be answered; `responded`: answered, waiting for the authority; `closed`: nothing more to do',
});
const summaryField = z
  .string({ error: requiredOr('must be a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(2000, { error: 'must be at most 2000 characters' })
  .meta({ description: 'What the letter says and asks for, in your words (up to 2000 characters)' });
const referenceField = z
  .string({ error: requiredOr('must be a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' })
  .meta({ description: "The authority's reference of the letter (up to 100 characters)" });

const datesInOrder = (n: { received_on?: string; due_on?: string | null }) =>
  n.received_on === undefined || n.due_on === undefined || n.due_on === null || n.due_on >= n.received_on;
const datesOrderError = { error: "must not be before 'received_on' (a reply cannot be due before the letter arrived)", path: ['due_on'] };

export const createNoticeSchema = z
  .strictObject({
    jurisdiction: jurisdictionField.meta({ description: 'The authority that sent the letter: a country, or a state of it' }),
    received_on: dateField,
    due_on: dateField.nullish().meta({ description: 'The day the reply is due (YYYY-MM-DD); null or absent: none given' }),
    kind: kindField,
    summary: summaryField,
    status: statusField.default('open'),
    reference: referenceField.nullish().meta({ description: "The authority's reference of the letter, if it gives one" }),
  })
  .refine(datesInOrder, datesOrderError);

const updatableNoticeFields = ['jurisdiction', 'received_on', 'due_on', 'kind', 'summary', 'status', 'reference'] as const;

/** null clears `due_on` or `reference`. The dates are checked again against the stored ones. */
export const updateNoticeSchema = z
  .strictObject({
    jurisdiction: jurisdictionField.optional().meta({ description: 'The authority that sent the letter: a country, or a state of it' }),
    received_on: dateField.optional(),
    due_on: dateField.nullable().optional().meta({ description: 'The day the reply is due (YYYY-MM-DD); null clears it' }),
    kind: kindField.optional(),
    summary: summaryField.optional(),
    status: statusField.optional(),
    reference: referenceField.nullable().optional().meta({ description: "The authority's reference of the letter; null clears it" }),
  })
  .refine(requireSomeField(updatableNoticeFields), { error: `Send at least one of ${updatableNoticeFields.join(', ')}.` })
  .refine(datesInOrder, datesOrderError);

export type CreateNoticeRequest = z.output<typeof createNoticeSchema>;
export type UpdateNoticeRequest = z.output<typeof updateNoticeSchema>;

/** A document of a notice: the same facts as a certificate's document, with its own id (a notice holds several). */
export const noticeDocumentSchema = exemptionDocumentSchema
  .extend({ id: z.string().meta({ description: 'The document id (`doc_...`), to download or delete it', example: 'doc_0mhx2k3c0a1b2c3d4e5f60718' }) })
  .meta({ id: 'NoticeDocument' });
export type NoticeDocument = ExemptionDocument & { id: string };

export interface Notice {
  id: string;
  jurisdiction: Jurisdiction;
  received_on: string;
  due_on: string | null;
  kind: NoticeKind;
  summary: string;
  status: NoticeStatus;
  reference: string | null;
  documents: NoticeDocument[];
  created_at: string;
  updated_at: string;
}

export const noticeSchema = z
  .object({
    id: z.string().meta({ description: 'The notice id (`ntc_...`)' }),
    jurisdiction: jurisdictionAnswerSchema.meta({ description: 'The authority that sent the letter: a country, or a state of it' }),
    received_on: z.iso.date().meta({ description: 'The day the letter arrived (YYYY-MM-DD)' }),
    due_on: z.iso.date().nullable().meta({ description: 'The day the reply is due; null: none given' }),
    kind: kindField,
    summary: summaryField,
    status: statusField,
    reference: z.string().nullable().meta({ description: "The authority's reference of the letter" }),
    documents: z.array(noticeDocumentSchema).meta({ description: 'The letter and any replies, as uploaded documents (up to 20)' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'Notice',
    example: {
      id: 'ntc_0mhx2k3c0a1b2c3d4e5f60718',
      jurisdiction: { country: 'US', state: 'TX' },
      received_on: '2026-03-02',
      due_on: '2026-04-01',
      kind: 'assessment',
      summary: 'Comptroller proposes additional sales tax for Q3 2025 (audit of exempt sales).',
      status: 'open',
      reference: 'TX-2026-0042',
      documents: [],
      created_at: '2026-03-03T09:30:00.000Z',
      updated_at: '2026-03-03T09:30:00.000Z',
    },
  });

export function newNotice(request: CreateNoticeRequest, now = new Date()): Notice {
  const at = now.toISOString();
  return {
    id: newId('ntc', now.getTime()),
    jurisdiction: request.jurisdiction,
    received_on: request.received_on,
    due_on: request.due_on ?? null,
    kind: request.kind,
    summary: request.summary,
    status: request.status,
    reference: request.reference ?? null,
    documents: [],
    created_at: at,
    updated_at: at,
  };
}

/** The notice with the patch applied (null clears), or the field whose value breaks the date order with the stored one. */
export function updatedNotice(current: Notice, patch: UpdateNoticeRequest, now = new Date()): Notice | { conflict: 'due_on' | 'received_on' } {
  const next: Notice = {
    ...current,
    ...(patch.jurisdiction !== undefined ? { jurisdiction: patch.jurisdiction } : {}),
    ...(patch.received_on !== undefined ? { received_on: patch.received_on } : {}),
    ...(patch.due_on !== undefined ? { due_on: patch.due_on } : {}),
    ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
    ...(patch.summary !== undefined ? { summary: patch.summary } : {}),
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.reference !== undefined ? { reference: patch.reference } : {}),
    updated_at: now.toISOString(),
  };
  if (next.due_on !== null && next.due_on < next.received_on) return { conflict: patch.due_on !== undefined ? 'due_on' : 'received_on' };
  return next;
}

/** A received_on later than today (UTC) is a typo: a letter cannot have arrived yet (a 400 naming it). */
export function checkReceivedOn(receivedOn: string | undefined, today: string): void {
  if (receivedOn !== undefined && receivedOn > today)
    throw fieldError('received_on', `is ${receivedOn}, after today (${today} UTC): a notice cannot have been received yet`);
}
