/**
 * Domain (pure): an invoice numbering series. A number is taken only when an invoice or credit note is
 * finalized, in the same DynamoDB transaction as the document (docs/invoices.md), so a series has no gaps and no
 * duplicates. Numbers read `<prefix><sequence, at least 4 digits>`, e.g. `INV-2026-0001`.
 */
import * as z from 'zod';
import { idFormats, newId } from '../ids';
import { listQuerySchema } from '../fields/periods';
import { expected } from '../validation';
import { entityIdField } from '../fields/sale';
import { timestampField } from '../records/record';

/** The largest sequence a series hands out: JavaScript integers stay exact below 2^53. */
export const MAX_SEQUENCE = Number.MAX_SAFE_INTEGER;

export const createSeriesSchema = z.strictObject({
  entity_id: entityIdField,
  prefix: z
    .string({ error: expected('a string') })
    .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,19}$/, { error: 'must be 1-20 characters of A-Z, a-z, 0-9 and / _ . - starting with a letter or digit' })
    .meta({ description: 'Text before the sequence number, e.g. `INV-2026-` (1-20 of A-Z a-z 0-9 / _ . -)' }),
  next_number: z
    .number({ error: expected('a whole number') })
    .int({ error: 'must be a whole number from 1' })
    .min(1, { error: 'must be a whole number from 1' })
    .max(MAX_SEQUENCE, { error: 'must be at most 2^53 - 1' })
    .default(1)
    .meta({ description: 'The sequence the first finalized invoice takes (default 1)' }),
});

export type CreateSeriesRequest = z.output<typeof createSeriesSchema>;

export const invoiceSeriesSchema = z
  .object({
    id: z.string().meta({ description: 'The series id (`isr_...`)', example: 'isr_0mhx2k3c0a1b2c3d4e5f60718' }),
    entity_id: z.string().meta({ description: 'The selling entity whose invoices the series numbers' }),
    prefix: z.string().meta({ description: 'Text before the sequence number', example: 'INV-2026-' }),
    next_number: z.number().int().meta({ description: 'The sequence the next finalized invoice or credit note takes' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({ id: 'InvoiceSeries' });

export type InvoiceSeries = z.output<typeof invoiceSeriesSchema>;

export function newSeries(request: CreateSeriesRequest, at: Date): InvoiceSeries {
  const timestamp = at.toISOString();
  return {
    id: newId('isr', at.getTime()),
    entity_id: request.entity_id,
    prefix: request.prefix,
    next_number: request.next_number,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/** The printed number of sequence `n` in a series: the prefix, then n with at least 4 digits. */
export const documentNumber = (series: Pick<InvoiceSeries, 'prefix'>, sequence: number): string => `${series.prefix}${String(sequence).padStart(4, '0')}`;

/**
 * GET /v1/invoice_series: `starting_after` is a series id. The store lists series by id prefix (its Query's key
 * condition), and DynamoDB refuses a start key outside that range, so an id of another shape is the caller's mistake.
 */
export const listSeriesQuerySchema = listQuerySchema.extend({
  starting_after: z
    .string()
    .regex(idFormats.invoice_series.pattern, { error: 'must be the id of an invoice series (isr_...) from a previous page' })
    .optional(),
});
