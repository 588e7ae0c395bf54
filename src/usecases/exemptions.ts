/**
 * Use case: the exemption certificates of a customer (docs/customers.md): create, list (by status, and the
 * ones about to lapse), get, change, revoke, and the document of each. Status is computed for the day asked.
 */
import { utcDay } from '../domain/dates';
import { MAX_DOCUMENT_BYTES } from '../domain/documents/document-type';
import { AppError, ConflictError, found, NotFoundError } from '../domain/errors';
import {
  DEFAULT_EXPIRING_WITHIN_DAYS,
  exemptionStatus,
  isExpiring,
  newExemption,
  withStatus,
  type CreateExemptionRequest,
  type Exemption,
  type ExemptionStatus,
  type StoredExemption,
  type UpdateExemptionRequest,
} from '../domain/exemptions/certificate';
import type { Page } from '../domain/records/record';
import { fieldError } from '../domain/validation';
import type { ExemptionChange } from '../ports/customers';
import type { Ports } from '../ports/ports';

/** A PATCH that loses the race to a concurrent change reads again and retries this many times before a 409. */
const UPDATE_ATTEMPTS = 3;
import { checkDirectUploadSize, checkedDocumentType, storeDocument } from './documents';
import { DOCUMENTS_KEY_PREFIX } from '../config/documents';

type Deps = Pick<Ports, 'customers' | 'exemptions'>;
type DocumentDeps = Pick<Ports, 'exemptions' | 'documents'>;

const certificateNoun = 'exemption certificate';

export async function createExemption(
  deps: Deps,
  accountId: string,
  customerId: string,
  request: CreateExemptionRequest,
  now = new Date(),
): Promise<Exemption> {
  const exemption = newExemption(customerId, request, now);
  const outcome = await deps.exemptions.create(accountId, exemption);
  if (outcome === 'missing_customer') throw new NotFoundError('customer', customerId);
  if (outcome === 'too_many') {
    throw new ConflictError('too_many_exemptions', `Customer '${customerId}' already has the most exemption certificates Levy keeps per customer (98).`);
  }
  return withStatus(exemption, utcDay(now));
}

export interface ExemptionListQuery {
  status?: ExemptionStatus | 'expiring';
  within_days?: number;
  date?: string;
}

/** Every certificate of the customer (at most 98), oldest first, filtered by status on `date` (default today, UTC). */
export async function listExemptions(deps: Deps, accountId: string, customerId: string, query: ExemptionListQuery, now = new Date()): Promise<Page<Exemption>> {
  if (query.within_days !== undefined && query.status !== 'expiring') throw fieldError('within_days', 'is only used with status=expiring');
  const [customer, certificates] = await Promise.all([deps.customers.get(accountId, customerId), deps.exemptions.listOf(accountId, customerId)]);
  found(customer, 'customer', customerId);
  const date = query.date ?? utcDay(now);
  const kept = certificates.filter((c) =>
    query.status === undefined
      ? true
      : query.status === 'expiring'
        ? isExpiring(c, date, query.within_days ?? DEFAULT_EXPIRING_WITHIN_DAYS)
        : exemptionStatus(c, date) === query.status,
  );
  return { data: kept.map((c) => withStatus(c, date)), has_more: false };
}

export async function getExemption(
  deps: Pick<Ports, 'exemptions'>,
  accountId: string,
  customerId: string,
  id: string,
  date?: string,
  now = new Date(),
): Promise<Exemption> {
  return withStatus(await stored(deps, accountId, customerId, id), date ?? utcDay(now));
}

/**
 * The dates are checked against the stored ones they are paired with, and the write is conditional on the certificate
 * being as read, so two PATCHes cannot together store an expiry on or before the start; the loser reads again.
 * A revoked certificate is not changed (409).
 */
export async function updateExemption(
  deps: Pick<Ports, 'exemptions'>,
  accountId: string,
  customerId: string,
  id: string,
  patch: UpdateExemptionRequest,
  now = new Date(),
): Promise<Exemption> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const current = await stored(deps, accountId, customerId, id);
    const effectiveFrom = patch.effective_from ?? current.effective_from;
    const expiresOn = patch.expires_on === undefined ? current.expires_on : patch.expires_on;
    if (expiresOn !== null && expiresOn <= effectiveFrom) {
      throw fieldError(
        patch.expires_on !== undefined ? 'expires_on' : 'effective_from',
        `would put expires_on (${expiresOn}) on or before effective_from (${effectiveFrom})`,
      );
    }
    const change = await deps.exemptions.update(accountId, customerId, id, patch, current.updated_at);
    if (change.outcome !== 'stale') return withStatus(changed(change, id), utcDay(now));
  }
  throw new ConflictError('exemption_changed_concurrently', `Exemption certificate '${id}' was changed by another request during this one; retry.`);
}

/** DELETE revokes: the certificate is kept for audit with its `revoked_at`, and never exempts again. */
export async function revokeExemption(
  deps: Pick<Ports, 'exemptions'>,
  accountId: string,
  customerId: string,
  id: string,
  now = new Date(),
): Promise<Exemption> {
  return withStatus(found(await deps.exemptions.revoke(accountId, customerId, id, now), certificateNoun, id), utcDay(now));
}

export { checkDocumentSize, checkedDocumentType } from './documents';

/** What a 413 of the direct PUT names for a larger document: the pre-signed upload, straight to the blob store. */
const LARGER_CERTIFICATE_DOCUMENTS = `Up to ${MAX_DOCUMENT_BYTES} bytes (5 MiB): POST /v1/customers/{id}/exemptions/{eid}/document/upload_url, PUT the bytes to its url, then POST /v1/customers/{id}/exemptions/{eid}/document/complete.`;

/** The direct PUT: the bytes came in the function's request, so at most MAX_INLINE_DOCUMENT_BYTES (checkDirectUploadSize). */
export async function putExemptionDocument(
  deps: DocumentDeps,
  accountId: string,
  customerId: string,
  id: string,
  bytes: Buffer,
  now = new Date(),
): Promise<Exemption> {
  checkDirectUploadSize(bytes.length, LARGER_CERTIFICATE_DOCUMENTS);
  return attachExemptionDocument(deps, accountId, customerId, id, bytes, now);
}

/**
 * Stores a document for a certificate: at most MAX_DOCUMENT_BYTES, a PDF, PNG or JPEG by its bytes (the sent
 * Content-Type is not trusted). The bytes go to the blob store first, under a key made of their hash, then the
 * certificate records them; a failure in between leaves only an unreferenced blob, never a record without its bytes.
 */
export async function attachExemptionDocument(
  deps: DocumentDeps,
  accountId: string,
  customerId: string,
  id: string,
  bytes: Buffer,
  now = new Date(),
): Promise<Exemption> {
  checkedDocumentType(bytes.length, bytes);
  const current = await writableCertificate(deps, accountId, customerId, id);
  const document = await storeDocument(deps.documents, (sha256) => documentKey(accountId, customerId, id, sha256), bytes, now);
  const sha256 = document.sha256;
  const attached = withStatus(changed(await deps.exemptions.attachDocument(accountId, customerId, id, document), id), utcDay(now));
  // The document it replaces is removed once nothing points to it (kept 90 days by the bucket's versions); a failure
  // leaves only bytes nothing points to, so it does not fail the upload.
  if (current.document && current.document.sha256 !== sha256) {
    await deps.documents.delete(documentKey(accountId, customerId, id, current.document.sha256)).catch(() => undefined);
  }
  return attached;
}

/** The certificate a document may be attached to: it exists (404) and is not revoked (409). */
export async function writableCertificate(deps: Pick<Ports, 'exemptions'>, accountId: string, customerId: string, id: string): Promise<StoredExemption> {
  const current = await stored(deps, accountId, customerId, id);
  if (current.revoked_at !== null) throw revokedError(id);
  return current;
}

/** The document's bytes and type; 404 when the certificate has none. */
export async function getExemptionDocument(
  deps: DocumentDeps,
  accountId: string,
  customerId: string,
  id: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const certificate = await stored(deps, accountId, customerId, id);
  if (!certificate.document) throw new AppError(404, 'not_found', `Exemption certificate '${id}' has no document.`);
  const blob = await deps.documents.get(documentKey(accountId, customerId, id, certificate.document.sha256));
  // The record is written only after its bytes: missing bytes are a broken store, not a client mistake.
  if (!blob) throw new Error(`The document of exemption certificate ${id} is recorded but its bytes are missing`);
  return { bytes: blob.bytes, contentType: certificate.document.content_type };
}

/** Where a document's bytes are: per account, customer and certificate, one key per content (so a replaced one never mixes). */
export const documentKey = (accountId: string, customerId: string, id: string, sha256: string): string =>
  `${DOCUMENTS_KEY_PREFIX}/${accountId}/${customerId}/${id}/${sha256}`;

const stored = async (deps: Pick<Ports, 'exemptions'>, accountId: string, customerId: string, id: string): Promise<StoredExemption> =>
  found(await deps.exemptions.get(accountId, customerId, id), certificateNoun, id);

const revokedError = (id: string) =>
  new ConflictError('exemption_revoked', `Exemption certificate '${id}' is revoked; it is kept for audit and cannot be changed.`);

function changed(change: ExemptionChange, id: string): StoredExemption {
  if (change.outcome === 'missing') throw new NotFoundError(certificateNoun, id);
  if (change.outcome === 'revoked') throw revokedError(id);
  // Only a write conditional on what was read can be stale, and updateExemption reads again before it gets here.
  if (change.outcome === 'stale') throw new Error(`Exemption certificate ${id} changed during an unconditional write`);
  return change.exemption;
}
