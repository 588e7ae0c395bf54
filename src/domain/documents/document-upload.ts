/**
 * Domain (pure): the pre-signed upload of a certificate document (docs/customers.md, "Uploads through a pre-signed
 * URL"): what a client asks for, what it is given, how it says it is done, and the query of a download. The checks
 * of the bytes themselves are the direct upload's (document-type.ts), applied to the staged bytes at `complete`.
 */
import * as z from 'zod';
import { newId } from '../ids';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES } from './document-type';

const UPLOAD_ID_PATTERN = /^upl_[0-9a-z]{25}$/;

export const newUploadId = (now: Date): string => newId('upl', now.getTime());

/**
 * The type and size the client will PUT. Both are signed into the URL (S3 refuses another); a type that is not a
 * document type is a 415 and a size over 5 MiB a 413, as the direct PUT answers, so they are checked by the use case.
 */
export const documentUploadRequestSchema = z.strictObject({
  content_type: z
    .string({ error: `is required: one of ${DOCUMENT_CONTENT_TYPES.join(', ')}` })
    .min(1)
    .max(255)
    .meta({
      description: `The Content-Type the client will send with the bytes: ${DOCUMENT_CONTENT_TYPES.join(', ')}. The type stored is still read from the bytes at \`complete\`.`,
    }),
  content_length: z
    .number({ error: 'is required: the size of the document in bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1, { error: 'must be at least 1 byte' })
    .meta({ description: `The exact size in bytes the client will send (at most ${MAX_DOCUMENT_BYTES}); the URL accepts no other size.` }),
});
export type DocumentUploadRequest = z.output<typeof documentUploadRequestSchema>;

export const documentUploadSchema = z
  .object({
    upload_id: z.string().meta({ description: 'Names the upload to `POST .../document/complete` once the bytes are sent' }),
    url: z.string().meta({ description: 'Where to send the bytes: an S3 pre-signed URL when deployed, the local server locally' }),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()).meta({ description: 'Headers to send exactly as given (they are signed into the URL)' }),
    expires_at: z.string().meta({ description: 'When the URL stops working (ISO 8601 UTC); ask for another after that' }),
  })
  .meta({ id: 'DocumentUpload' });
export type DocumentUpload = z.output<typeof documentUploadSchema>;

export const documentUploadCompleteSchema = z.strictObject({
  upload_id: z
    .string({ error: 'is required: the upload_id the upload_url answer gave' })
    .regex(UPLOAD_ID_PATTERN, { error: 'is not an upload id Levy gives (upl_...)' }),
});

/** `redirect=true` always answers 303 to a pre-signed URL; by default only a document over the inline limit does. */
export const documentDownloadQuerySchema = z.strictObject({
  redirect: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
