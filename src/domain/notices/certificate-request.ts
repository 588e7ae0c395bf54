/**
 * Domain (pure): a certificate request (docs/notices.md): a signed, single-use link that lets a customer
 * upload an exemption certificate on Levy's own page, like AvaTax's CertExpress invitation. Valid at most 14 days;
 * `status` is computed: completed once used, expired from `expires_at` on, open before.
 */
import * as z from 'zod';
import { jurisdictionAnswerSchema, jurisdictionsField, type Jurisdiction } from '../exemptions/certificate';
import { newId } from '../ids';
import { timestampField } from '../records/record';
import { requiredOr } from '../validation';

/** A request's link is valid for 14 days (docs/notices.md). A shorter life may be asked, never a longer one. */
export const MAX_REQUEST_DAYS = 14;

const daysMessage = `must be a whole number of days from 1 to ${MAX_REQUEST_DAYS}`;

export const createCertificateRequestSchema = z.strictObject({
  expires_in_days: z
    .number({ error: requiredOr(daysMessage) })
    .int({ error: daysMessage })
    .min(1, { error: daysMessage })
    .max(MAX_REQUEST_DAYS, { error: daysMessage })
    .default(MAX_REQUEST_DAYS)
    .meta({ description: `How many days the link stays valid, 1-${MAX_REQUEST_DAYS} (default ${MAX_REQUEST_DAYS})` }),
  jurisdictions: jurisdictionsField.optional().meta({ description: 'The jurisdictions the page suggests to the customer (who may name others)' }),
  message: z
    .string({ error: requiredOr('must be a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(1000, { error: 'must be at most 1000 characters' })
    .optional()
    .meta({ description: 'A note shown to the customer on the page (up to 1000 characters)' }),
});
export type CreateCertificateRequestRequest = z.output<typeof createCertificateRequestSchema>;

export const certificateRequestStatuses = ['open', 'completed', 'expired'] as const;
export type CertificateRequestStatus = (typeof certificateRequestStatuses)[number];

export interface StoredCertificateRequest {
  id: string;
  customer_id: string;
  /** The jurisdictions the page suggests (the customer may name others); empty: none suggested. */
  jurisdictions: Jurisdiction[];
  message: string | null;
  expires_at: string;
  completed_at: string | null;
  /** The certificate the upload created. */
  exemption_id: string | null;
  created_at: string;
  updated_at: string;
}

export const certificateRequestSchema = z
  .object({
    id: z.string().meta({ description: 'The certificate request id (`crq_...`)' }),
    customer_id: z.string().meta({ description: 'The customer asked for a certificate' }),
    url: z.string().nullable().meta({ description: 'The signed page link to send the customer; null once the request is completed or expired' }),
    status: z
      .enum(certificateRequestStatuses)
      .meta({ description: '`open`: the link can be used; `completed`: the customer uploaded a certificate; `expired`: `expires_at` has passed unused' }),
    jurisdictions: z.array(jurisdictionAnswerSchema).meta({ description: 'The jurisdictions the page suggests; empty: none suggested' }),
    message: z.string().nullable().meta({ description: 'The note shown to the customer; null: none' }),
    expires_at: timestampField,
    completed_at: timestampField.nullable().meta({ description: 'When the customer uploaded the certificate (ISO 8601, UTC); null: not yet' }),
    exemption_id: z.string().nullable().meta({ description: 'The certificate the upload created (`exm_...`); null until completed' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'CertificateRequest',
    example: {
      id: 'crq_0mhx2k3c0a1b2c3d4e5f60718',
      customer_id: 'cus_0mhx2k3c0a1b2c3d4e5f60718',
      url: 'https://abc123.execute-api.eu-west-1.amazonaws.com/live/certificate_requests/crq_0mhx2k3c0a1b2c3d4e5f60718?token=…',
      status: 'open',
      jurisdictions: [{ country: 'US', state: 'TX' }],
      message: 'Please upload your Texas resale certificate.',
      expires_at: '2026-03-17T09:30:00.000Z',
      completed_at: null,
      exemption_id: null,
      created_at: '2026-03-03T09:30:00.000Z',
      updated_at: '2026-03-03T09:30:00.000Z',
    },
  });
export type CertificateRequest = z.output<typeof certificateRequestSchema>;

export function newCertificateRequest(customerId: string, request: CreateCertificateRequestRequest, now = new Date()): StoredCertificateRequest {
  const at = now.toISOString();
  return {
    id: newId('crq', now.getTime()),
    customer_id: customerId,
    jurisdictions: request.jurisdictions ?? [],
    message: request.message ?? null,
    expires_at: new Date(now.getTime() + request.expires_in_days * 86_400_000).toISOString(),
    completed_at: null,
    exemption_id: null,
    created_at: at,
    updated_at: at,
  };
}

export function certificateRequestStatus(r: Pick<StoredCertificateRequest, 'completed_at' | 'expires_at'>, now: Date): CertificateRequestStatus {
  if (r.completed_at !== null) return 'completed';
  return now.toISOString() >= r.expires_at ? 'expired' : 'open';
}
