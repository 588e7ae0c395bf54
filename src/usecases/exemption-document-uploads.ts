/**
 * Use case: a certificate document through pre-signed URLs (docs/customers.md, "Uploads through a pre-signed URL"),
 * for documents too large to pass through a function deployed (over 4 MiB: Lambda's 6 MB payload, base64). The client asks for
 * an upload URL, PUTs the bytes there (to S3, or the local server), then completes: Levy checks the staged bytes as
 * the direct PUT checks them and attaches them the same way (attachExemptionDocument), or removes them. A large
 * document is read back through a 303 to a pre-signed GET.
 */
import { DOCUMENT_CONTENT_TYPES, type DocumentContentType } from '../domain/documents/document-type';
import { newUploadId, type DocumentUpload, type DocumentUploadRequest } from '../domain/documents/document-upload';
import { AppError } from '../domain/errors';
import { fieldError } from '../domain/validation';
import type { Exemption } from '../domain/exemptions/certificate';
import type { Ports } from '../ports/ports';
import { STAGED_UPLOADS_PREFIX, UPLOAD_URL_EXPIRES_SECONDS } from '../config/documents';
import { documentDownload, type DocumentDownload } from './documents';
import { checkDocumentSize, checkedDocumentType, documentKey, attachExemptionDocument, getExemptionDocument, writableCertificate } from './exemptions';

type DocumentDeps = Pick<Ports, 'exemptions' | 'documents'>;

/** The longest file signature Levy reads (PNG's, 8 bytes), with room: the ranged read of a staged upload. */
const SNIFF_BYTES = 16;

/** Where an upload waits for `complete`: per account, customer and certificate, so no other can complete it. */
export const stagedUploadKey = (accountId: string, customerId: string, id: string, uploadId: string): string =>
  `${STAGED_UPLOADS_PREFIX}/${accountId}/${customerId}/${id}/${uploadId}`;

/**
 * A pre-signed PUT for a document of the given type and size (the same 415 and 413 as the direct PUT), valid 15
 * minutes, to a staged key. Nothing is recorded: the certificate changes only at `complete`.
 */
export async function createDocumentUpload(
  deps: DocumentDeps,
  accountId: string,
  customerId: string,
  id: string,
  request: DocumentUploadRequest,
  now = new Date(),
): Promise<DocumentUpload> {
  if (!DOCUMENT_CONTENT_TYPES.includes(request.content_type as DocumentContentType)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      `content_type must be one of ${DOCUMENT_CONTENT_TYPES.join(', ')}; '${request.content_type}' is not a document type Levy keeps.`,
    );
  }
  checkDocumentSize(request.content_length);
  await writableCertificate(deps, accountId, customerId, id);
  const uploadId = newUploadId(now);
  const presigned = await deps.documents.presignPut(
    stagedUploadKey(accountId, customerId, id, uploadId),
    { contentType: request.content_type, contentLength: request.content_length },
    UPLOAD_URL_EXPIRES_SECONDS,
    now,
  );
  return { upload_id: uploadId, url: presigned.url, method: 'PUT', headers: presigned.headers, expires_at: presigned.expiresAt.toISOString() };
}

/**
 * Attaches the staged upload as the direct PUT attaches a document (same checks, same key, same replace rule), then
 * removes the staged copy. The size (HEAD) and the first bytes (a ranged GET) are checked before the bytes are read
 * whole; a refused upload is removed and the certificate is left as it was.
 */
export async function completeDocumentUpload(
  deps: DocumentDeps,
  accountId: string,
  customerId: string,
  id: string,
  uploadId: string,
  now = new Date(),
): Promise<Exemption> {
  await writableCertificate(deps, accountId, customerId, id);
  const key = stagedUploadKey(accountId, customerId, id, uploadId);
  const head = await deps.documents.head(key);
  if (!head)
    throw fieldError('upload_id', 'has no bytes to complete: PUT the document to its url first (an upload is kept 1 day, and completing it once consumes it)');
  try {
    checkedDocumentType(head.size, (await deps.documents.readRange(key, 0, SNIFF_BYTES - 1)) ?? Buffer.alloc(0));
    const staged = await deps.documents.get(key);
    if (!staged) throw fieldError('upload_id', 'has no bytes to complete: it was completed or removed meanwhile');
    const attached = await attachExemptionDocument(deps, accountId, customerId, id, staged.bytes, now);
    await deps.documents.delete(key).catch(() => undefined); // the lifecycle rule removes it a day later anyway
    return attached;
  } catch (error) {
    // A client mistake removes the staged bytes (they can never be attached); a fault keeps them for a retry.
    if (error instanceof AppError && error.status < 500) await deps.documents.delete(key);
    throw error;
  }
}

/**
 * The document's bytes, or a pre-signed GET (5 minutes) when it is larger than a function may answer deployed
 * (MAX_INLINE_DOCUMENT_BYTES) or the client asks for one (`redirect=true`).
 */
export async function downloadExemptionDocument(
  deps: DocumentDeps,
  accountId: string,
  customerId: string,
  id: string,
  redirect: boolean,
  now = new Date(),
): Promise<DocumentDownload> {
  const certificate = await deps.exemptions.get(accountId, customerId, id);
  const document = certificate?.document;
  const read = () => getExemptionDocument(deps, accountId, customerId, id);
  // No certificate or no document: the direct read answers the 404s.
  if (!document) return { kind: 'bytes', ...(await read()) };
  return documentDownload(deps.documents, documentKey(accountId, customerId, id, document.sha256), document.size, redirect, now, read);
}
