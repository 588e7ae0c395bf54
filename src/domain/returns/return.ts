/**
 * Domain (pure): a tax return (docs/returns.md): the figures of one registration's filing period, computed
 * from the ledger, with the manual adjustments and the corrections of earlier finalized periods. The record, its
 * response schema and the request schemas of the return routes.
 */
import * as z from 'zod';
import { listQuerySchema } from '../fields/periods';
import { readOnlyField } from '../fields/records';
import { dateField, oneOf } from '../fields/sale';
import { newId } from '../ids';
import { timestampField } from '../records/record';
import type { CertificateFields } from '../sales/line-taxability';
import { lineCertificateShapeOf } from '../tax/rate-response';
import { expected } from '../validation';

export const returnStatuses = ['draft', 'finalized', 'filed'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** The levels a return line reports: a US return names state, county, city and special districts; VAT the country. */
export const returnLevels = ['country', 'state', 'county', 'city', 'special'] as const;
export type ReturnLevel = (typeof returnLevels)[number];

/** OSS rate types (the quarterly OSS return: "standard" or "reduced" per member state and rate). */
export const rateTypes = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type RateType = (typeof rateTypes)[number];

/** The figures of a return, of each of its lines and of each correction; integer minor units of the return's currency. */
export interface ReturnFigures {
  /** Net amount (tax excluded) of the sales dated in the period. */
  gross_sales: number;
  /** The share of gross_sales no tax was charged on (exempt, zero-rated, reverse charged, not taxable). */
  exempt_sales: number;
  /** exempt_sales by the filer's reason, lower-case (resale, government, nonprofit, not_taxable_in_jurisdiction ...). */
  exempt_sales_by_reason: Record<string, number>;
  /** gross_sales - exempt_sales. */
  taxable_sales: number;
  tax_charged: number;
  /** Net amount of the refunds dated in the period. */
  refunded_sales: number;
  /** The share of refunded_sales that tax had been charged on (it lowers the tax base). */
  refunded_taxable_sales: number;
  /** Tax refunded by the refunds dated in the period. */
  refunds: number;
  /** Sum of the manual adjustments (signed). */
  adjustments: number;
  /** tax_charged - refunds + adjustments (for totals: + the corrections' net_tax_due). */
  net_tax_due: number;
}

export interface ReturnLine extends ReturnFigures {
  /** `US-CA`, `US-CA-LOS ANGELES`, `US-CA-LOS ANGELES-PASADENA`, `US-CA-special-PASADENA`; `FR`, `FR-5.5` (OSS and VAT per rate). */
  jurisdiction: string;
  country: string;
  state?: string;
  level: ReturnLevel;
  /** The county or city named at that level. */
  name?: string;
  /** VAT lines: the rate as a fraction (`0.2`, `0.055`), like every other answer, and its type. */
  rate?: number;
  rate_type?: RateType;
}

/** A sale or refund recorded after the return of its period was finalized: reported in the next return (OSS Art. 61). */
export interface ReturnCorrection {
  /** The finalized return being corrected. */
  return_id: string;
  period_start: string;
  period_end: string;
  /** The late records: dated in that period, recorded after this instant (and at most the correcting return's cutoff). */
  recorded_after: string;
  lines: ReturnLine[];
  totals: ReturnFigures;
}

export interface ReturnAdjustment {
  id: string;
  amount: number;
  jurisdiction: string;
  reason: string;
  created_at: string;
}

export interface TaxReturn {
  id: string;
  registration_id: string;
  entity_id: string;
  /** The registration's type and jurisdiction, copied so a return reads on its own. */
  registration_type: string;
  country: string;
  state?: string;
  period_start: string;
  period_end: string;
  status: ReturnStatus;
  currency: string;
  /** Foreign-currency sales converted at the ECB reference rate of the period's last day (EU OSS rule). */
  fx?: { source: 'ECB'; date: string; rates: Record<string, number> };
  /** The records in the return are those recorded at or before this instant (a draft: when computed; finalized: the lock). */
  cutoff: string;
  lines: ReturnLine[];
  corrections: ReturnCorrection[];
  adjustments: ReturnAdjustment[];
  totals: ReturnFigures;
  sale_count: number;
  refund_count: number;
  /** Finalized returns: the period's records recorded after `cutoff` (inside the settle margin), which the next return corrects. */
  deferred_records?: number;
  /** What a filer should know about the figures (a finalize that deferred records says so). */
  notes?: string[];
  finalized_at?: string;
  filed_on?: string;
  confirmation_number?: string;
  created_at: string;
  updated_at: string;
}

/** The status of the registration's returns that later returns need: which period, when locked. */
export type ReturnSummary = Pick<TaxReturn, 'id' | 'registration_id' | 'period_start' | 'period_end' | 'status' | 'cutoff' | 'finalized_at' | 'created_at'>;

export const emptyFigures = (): ReturnFigures => ({
  gross_sales: 0,
  exempt_sales: 0,
  exempt_sales_by_reason: {},
  taxable_sales: 0,
  tax_charged: 0,
  refunded_sales: 0,
  refunded_taxable_sales: 0,
  refunds: 0,
  adjustments: 0,
  net_tax_due: 0,
});

export const newReturnId = (at: Date): string => newId('ret', at.getTime());
export const newAdjustmentId = (at: Date): string => newId('adj', at.getTime());

const minor = (description: string) => z.number().int().meta({ description });

export const figuresShape = {
  gross_sales: minor('Net amount (tax excluded) of the sales dated in the period, minor units'),
  exempt_sales: minor('The share of gross_sales no tax was charged on'),
  exempt_sales_by_reason: z.record(z.string(), z.number().int()).meta({
    description:
      "exempt_sales by the filer's reason, lower-case: the certificate's (resale, government, nonprofit ...), else the declared customer type's, else the engine's (not_taxable_in_jurisdiction, zero_rated, reverse_charge)",
    example: { resale: 50_000, government: 30_000 },
  }),
  taxable_sales: minor('gross_sales - exempt_sales'),
  tax_charged: minor('Tax charged on the sales dated in the period'),
  refunded_sales: minor('Net amount of the refunds dated in the period'),
  refunded_taxable_sales: minor('The share of refunded_sales tax had been charged on'),
  refunds: minor('Tax refunded by the refunds dated in the period'),
  adjustments: minor('Sum of the manual adjustments (signed)'),
  net_tax_due: minor('tax_charged - refunds + adjustments (totals: + the corrections)'),
};
const figuresSchema = z.object(figuresShape);

const lineSchema = z.object({
  jurisdiction: z.string().meta({ description: 'The jurisdiction the line reports (country, state, county or district key)', example: 'US-CA-LOS ANGELES' }),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2 country of the jurisdiction' }),
  state: z.string().optional().meta({ description: 'US state of the jurisdiction' }),
  level: z.enum(returnLevels).meta({ description: 'The level of government the line reports (country, state, county, city, district)' }),
  name: z.string().optional().meta({ description: "The jurisdiction's name as the filer knows it" }),
  rate: z.number().optional().meta({ description: 'VAT lines: the rate as a fraction (0.2 for 20 %)', example: 0.2 }),
  rate_type: z.enum(rateTypes).optional().meta({ description: 'VAT lines: standard, reduced ... (the OSS return reports each rate type apart)' }),
  ...figuresShape,
});

export const returnSchema = z
  .object({
    id: z.string().meta({ description: "The return's id", example: 'ret_0mhx2k3c0f1e2d3c4b5a69788' }),
    registration_id: z.string().meta({ description: 'The registration the return is filed under' }),
    entity_id: z.string().meta({ description: "The registration's entity (the filer)" }),
    registration_type: z.string().meta({ description: "The registration's type (SALES_TAX, VAT, OSS_UNION ...)" }),
    country: z.string().meta({ description: "The registration's country (EU for OSS)" }),
    state: z.string().optional().meta({ description: "The registration's US state" }),
    period_start: z.iso.date().meta({ description: 'First day of the period (YYYY-MM-DD)' }),
    period_end: z.iso.date().meta({ description: 'Last day of the period (YYYY-MM-DD)' }),
    status: z.enum(returnStatuses).meta({ description: '`draft` (recomputed on read), `finalized` (locked) or `filed`' }),
    currency: z.string().meta({ description: 'EUR for OSS and IOSS, USD for US registrations; foreign sales converted at the ECB rate of period_end' }),
    fx: z
      .object({
        source: z.literal('ECB').meta({ description: 'Where the rates come from: the European Central Bank' }),
        date: z.iso.date().meta({ description: 'The date of the rates used' }),
        rates: z.record(z.string(), z.number()).meta({ description: 'Units of each sale currency per one unit of the return currency' }),
      })
      .optional()
      .meta({ description: 'The exchange rates foreign-currency sales were converted at' }),
    cutoff: timestampField.meta({ description: 'The return holds the sales and refunds recorded at or before this instant' }),
    lines: z.array(lineSchema).meta({ description: "The period's figures per jurisdiction (and rate)" }),
    corrections: z
      .array(
        z.object({
          return_id: z.string().meta({ description: 'The earlier finalized return corrected' }),
          period_start: z.iso.date().meta({ description: "The corrected return's first day" }),
          period_end: z.iso.date().meta({ description: "The corrected return's last day" }),
          recorded_after: timestampField.meta({ description: "The corrected return's cutoff: records after it are corrected here" }),
          lines: z.array(lineSchema).meta({ description: 'The corrections per jurisdiction' }),
          totals: figuresSchema.meta({ description: 'The corrections in total' }),
        }),
      )
      .meta({ description: 'Records of earlier finalized periods recorded after their cutoff' }),
    adjustments: z
      .array(
        z.object({
          id: z.string().meta({ description: "The adjustment's id" }),
          amount: z.number().int().meta({ description: 'Tax added (positive) or removed (negative), minor units' }),
          jurisdiction: z.string().meta({ description: 'The jurisdiction adjusted' }),
          reason: z.string().meta({ description: 'Why, in words' }),
          created_at: timestampField.meta({ description: 'When it was added' }),
        }),
      )
      .meta({ description: 'Manual adjustments added to the draft' }),
    totals: figuresSchema.meta({ description: 'The figures of every line, corrections and adjustments included' }),
    sale_count: z.number().int().meta({ description: 'Sales the period holds' }),
    refund_count: z.number().int().meta({ description: 'Refunds the period holds' }),
    deferred_records: z
      .number()
      .int()
      .optional()
      .meta({ description: "Finalized returns: the period's records recorded after `cutoff` (inside the settle margin); the next return corrects them" }),
    notes: z.array(z.string()).optional().meta({ description: 'What a filer should know about the figures' }),
    finalized_at: timestampField.optional().meta({ description: 'When it was finalized' }),
    filed_on: z.iso.date().optional().meta({ description: 'The date it was filed (mark_filed)' }),
    confirmation_number: z.string().optional().meta({ description: "The tax authority's confirmation of the filing" }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({ id: 'TaxReturn' });

export const createReturnSchema = z
  .strictObject({
    registration_id: z
      .string({ error: expected('a registration id') })
      .min(1, { error: 'must not be empty' })
      .max(128, { error: 'must be at most 128 characters' }),
    period_start: dateField.meta({ description: 'First day of the filing period' }),
    period_end: dateField.meta({ description: 'Last day of the filing period (inclusive)' }),
    id: readOnlyField(),
    status: readOnlyField(),
  })
  .refine((r) => r.period_end >= r.period_start, { error: "must not be before 'period_start'", path: ['period_end'] });
export type CreateReturnRequest = z.output<typeof createReturnSchema>;

export const adjustmentSchema = z.strictObject({
  amount: z
    .number({ error: expected('an integer amount in minor units') })
    .int({ error: 'must be an integer (minor units)' })
    .refine((n) => n !== 0 && Math.abs(n) <= Number.MAX_SAFE_INTEGER, { error: 'must be a non-zero safe integer' }),
  jurisdiction: z
    .string({ error: expected('a jurisdiction of the return') })
    .min(1, { error: 'must not be empty' })
    .max(128, { error: 'must be at most 128 characters' }),
  reason: z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(500, { error: 'must be at most 500 characters' }),
});
export type AdjustmentRequest = z.output<typeof adjustmentSchema>;

export const markFiledSchema = z.strictObject({
  filed_on: dateField.meta({ description: 'The day the return was filed with the authority' }),
  confirmation_number: z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(128, { error: 'must be at most 128 characters' })
    .optional(),
});
export type MarkFiledRequest = z.output<typeof markFiledSchema>;

export const listReturnsQuerySchema = listQuerySchema.extend({
  registration_id: z.string().min(1).max(128).optional(),
  status: z.enum(returnStatuses, { error: oneOf(returnStatuses) }).optional(),
});
export type ListReturnsQuery = z.output<typeof listReturnsQuerySchema>;

/** One sale or refund of a return (GET /v1/returns/{id}/transactions). */
export interface ReturnRecord {
  /** `sale:<transaction id>` or `refund:<transaction id>:<refund id>`: the page cursor. */
  id: string;
  type: 'sale' | 'refund';
  transaction_id: string;
  refund_id?: string;
  date: string;
  recorded_at: string;
  currency: string;
  /** The part of the record that is this registration's (its lines the registration covers). */
  amount: number;
  tax_amount: number;
  /** `period`: dated in the return's period; `correction`: late for the finalized return named. */
  section: 'period' | 'correction';
  corrected_return_id?: string;
  /** The record's lines (of this registration) an exemption certificate applied to, each naming it as every answer does; absent when none. */
  exempted_lines?: ({ id: string } & CertificateFields)[];
}

/** A line's certificate, its three fields required (the lines listed are the ones a certificate applied to). */
const certificateShape = () => {
  const { exemption_id, exempt_percentage, exemption } = lineCertificateShapeOf();
  // unwrap() drops the description, which sits on the optional wrapper: carry it over.
  const required = <T extends z.ZodType>(field: z.ZodOptional<T>) => field.unwrap().meta({ description: field.description });
  return { exemption_id: required(exemption_id), exempt_percentage: required(exempt_percentage), exemption: required(exemption) };
};

export const returnRecordSchema = z.object({
  id: z.string().meta({ description: '`sale:<transaction id>` or `refund:<transaction id>:<refund id>`; the page cursor' }),
  type: z.enum(['sale', 'refund']).meta({ description: '`sale`: a recorded transaction; `refund`: a refund of one' }),
  transaction_id: z.string().meta({ description: 'The transaction (for a refund, the sale refunded)' }),
  refund_id: z.string().optional().meta({ description: 'The refund, for a `refund` record' }),
  date: z.iso.date().meta({ description: 'Sale or refund date (YYYY-MM-DD)' }),
  recorded_at: timestampField,
  currency: z.string().meta({ description: 'ISO 4217 code of the amounts' }),
  amount: z.number().int().meta({ description: "Net amount of the record's lines this registration covers (minor units of `currency`)" }),
  tax_amount: z.number().int().meta({ description: 'Tax on those lines (minor units of `currency`)' }),
  section: z
    .enum(['period', 'correction'])
    .meta({ description: "`period`: dated in the return's period; `correction`: late for the finalized return named in corrected_return_id" }),
  corrected_return_id: z.string().optional().meta({ description: 'The finalized return a `correction` record belongs to' }),
  exempted_lines: z
    .array(z.object({ id: z.string().meta({ description: 'The sale line' }), ...certificateShape() }))
    .optional()
    .meta({
      description:
        "The record's lines an exemption certificate applied to (a refund: the refunded sale lines), each naming it as rate, unify and transactions do; absent when none",
    }),
});

export const listReturnRecordsQuerySchema = listQuerySchema.extend({
  limit: z.coerce
    .number({ error: 'must be an integer from 1 to 1000' })
    .int({ error: 'must be an integer from 1 to 1000' })
    .min(1, { error: 'must be an integer from 1 to 1000' })
    .max(1000, { error: 'must be an integer from 1 to 1000' })
    .default(100),
  starting_after: z.string().min(1).max(300).optional(),
});
