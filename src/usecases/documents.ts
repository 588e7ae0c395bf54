/**
 * Use case (shared by certificates and notices): a document's bytes into the blob store. One rule for every record that
 * holds documents: at most MAX_DOCUMENT_BYTES, a PDF, PNG or JPEG by its bytes (the sent Content-Type is not trusted),
 * stored under a key ending in their SHA-256 BEFORE any record points to them (a failure in between leaves only an
 * unreferenced blob, never a record without its bytes).
 */
import { createHash } from 'node:crypto';
import { DOWNLOAD_URL_EXPIRES_SECONDS, MAX_INLINE_DOCUMENT_BYTES } from '../config/documents';
import { MAX_DOCUMENT_BYTES, sniffDocumentType, type DocumentContentType } from '../domain/documents/document-type';
import { AppError } from '../domain/errors';
import type { ExemptionDocument } from '../domain/exemptions/certificate';
import type { BlobStore } from '../ports/blobs';

/**
 * The type of a document from its size and first bytes, or the 4xx the direct PUT and the pre-signed upload's
 * `complete` both answer: over MAX_DOCUMENT_BYTES 413, empty 400, neither PDF, PNG nor JPEG 415.
 */
export function checkedDocumentType(size: number, firstBytes: Buffer): DocumentContentType {
  checkDocumentSize(size);
  const contentType = sniffDocumentType(firstBytes);
  if (!contentType) throw new AppError(415, 'unsupported_media_type', 'The document must be a PDF, PNG or JPEG file; its bytes are none of these.');
  return contentType;
}

/** The size rule alone (413 over 5 MiB, 400 empty): also checked before an upload URL is given. */
export function checkDocumentSize(size: number): void {
  if (size > MAX_DOCUMENT_BYTES) {
    throw new AppError(413, 'document_too_large', `The document is ${size} bytes; at most ${MAX_DOCUMENT_BYTES} (5 MiB) are accepted.`);
  }
  if (size === 0) throw new AppError(400, 'validation_error', 'The request body must be the document (PDF, PNG or JPEG); it is empty.');
}

/**
 * The size rule of a direct upload (the bytes in the function's own request): at most MAX_INLINE_DOCUMENT_BYTES, 413
 * past it. Lambda takes at most 6 MB of request event (MAX_LAMBDA_REQUEST_BYTES) and the bytes arrive base64 in it, a
 * third larger: 4 MiB is 5,592,408 characters, leaving room for the headers and the event's other fields. `larger`
 * names the way a larger document (up to MAX_DOCUMENT_BYTES) can still be sent, where there is one.
 */
export function checkDirectUploadSize(size: number, larger?: string): void {
  if (size <= MAX_INLINE_DOCUMENT_BYTES) return;
  const why = `The document is ${size} bytes; a direct upload takes at most ${MAX_INLINE_DOCUMENT_BYTES} (4 MiB), what fits base64-encoded in the 6 MB request a Lambda function accepts.`;
  throw new AppError(413, 'document_too_large', larger ? `${why} ${larger}` : why);
}

/** Checks the bytes, stores them under `keyOf(sha256)` and answers the facts a record keeps of them. */
export async function storeDocument(blobs: BlobStore, keyOf: (sha256: string) => string, bytes: Buffer, now: Date): Promise<ExemptionDocument> {
  const contentType = checkedDocumentType(bytes.length, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await blobs.put(keyOf(sha256), bytes, contentType);
  return { content_type: contentType, size: bytes.length, sha256, uploaded_at: now.toISOString() };
}

export type DocumentDownload = { kind: 'bytes'; bytes: Buffer; contentType: string } | { kind: 'redirect'; url: string };

/**
 * How a stored document is answered, for certificates and notices alike: a pre-signed GET (5 minutes) when it is larger
 * than a function may answer deployed (MAX_INLINE_DOCUMENT_BYTES: past it the base64 answer nears Lambda's 6 MB) or the
 * client asks for one, else its bytes, read by `readBytes`.
 */
export async function documentDownload(
  documents: BlobStore,
  key: string,
  size: number,
  redirect: boolean,
  now: Date,
  readBytes: () => Promise<{ bytes: Buffer; contentType: string }>,
): Promise<DocumentDownload> {
  if (redirect || size > MAX_INLINE_DOCUMENT_BYTES) return { kind: 'redirect', url: (await documents.presignGet(key, DOWNLOAD_URL_EXPIRES_SECONDS, now)).url };
  return { kind: 'bytes', ...(await readBytes()) };
}
