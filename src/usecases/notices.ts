/**
 * Use case: the tax-authority notices of an account (docs/notices.md): log, list (by status), read, change,
 * and their documents, through the same blob store and document rule as certificates (src/usecases/documents.ts).
 */
import { DOCUMENTS_KEY_PREFIX } from '../config/documents';
import { utcDay } from '../domain/dates';
import { ConflictError, found } from '../domain/errors';
import { newId } from '../domain/ids';
import {
  checkReceivedOn,
  MAX_NOTICE_DOCUMENTS,
  newNotice,
  updatedNotice,
  type CreateNoticeRequest,
  type Notice,
  type NoticeStatus,
  type UpdateNoticeRequest,
} from '../domain/notices/notice';
import type { Page, PageRequest } from '../domain/records/record';
import { fieldError } from '../domain/validation';
import type { BlobStore } from '../ports/blobs';
import type { NoticeStore } from '../ports/notices';
import { checkDirectUploadSize, checkedDocumentType, documentDownload, storeDocument, type DocumentDownload } from './documents';

type Deps = { notices: NoticeStore };
type DocumentDeps = Deps & { documents: BlobStore };

/** A PATCH or an upload that loses the race to a concurrent change reads again and retries this many times before a 409. */
const UPDATE_ATTEMPTS = 3;

const noticeNoun = 'notice';

export async function createNotice(deps: Deps, accountId: string, request: CreateNoticeRequest, now = new Date()): Promise<Notice> {
  checkReceivedOn(request.received_on, utcDay(now));
  const notice = newNotice(request, now);
  await deps.notices.create(accountId, notice);
  return notice;
}

export const listNotices = (deps: Deps, accountId: string, page: PageRequest, status?: NoticeStatus): Promise<Page<Notice>> =>
  deps.notices.list(accountId, page, status);

export const getNotice = async (deps: Deps, accountId: string, id: string): Promise<Notice> => found(await deps.notices.get(accountId, id), noticeNoun, id);

const concurrentChange = (id: string) =>
  new ConflictError('notice_changed_concurrently', `Notice '${id}' was changed by another request during this one; retry.`);

/** The dates are checked against the stored ones they pair with; the write is conditional on the notice being as read. */
export async function updateNotice(deps: Deps, accountId: string, id: string, patch: UpdateNoticeRequest, now = new Date()): Promise<Notice> {
  checkReceivedOn(patch.received_on, utcDay(now));
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const current = await getNotice(deps, accountId, id);
    const next = updatedNotice(current, patch, now);
    if ('conflict' in next) {
      const other = next.conflict === 'due_on' ? 'received_on' : 'due_on';
      throw fieldError(next.conflict, `would put due_on before received_on (with the stored '${other}')`);
    }
    if (await deps.notices.replaceIfUnchanged(accountId, next, current.updated_at)) return next;
  }
  throw concurrentChange(id);
}

/** Where a notice document's bytes are: per account and notice, one key per content (the certificates' scheme). */
export const noticeDocumentKey = (accountId: string, noticeId: string, sha256: string): string =>
  `${DOCUMENTS_KEY_PREFIX}/${accountId}/notices/${noticeId}/${sha256}`;

/**
 * Adds a document (the bytes first, then the notice's list, with notice.updated); at most MAX_NOTICE_DOCUMENTS. The
 * bytes come in the function's request, so at most MAX_INLINE_DOCUMENT_BYTES (checkDirectUploadSize).
 */
export async function addNoticeDocument(deps: DocumentDeps, accountId: string, id: string, bytes: Buffer, now = new Date()) {
  checkDirectUploadSize(bytes.length);
  checkedDocumentType(bytes.length, bytes);
  const current = await getNotice(deps, accountId, id);
  if (current.documents.length >= MAX_NOTICE_DOCUMENTS) throw tooMany(id);
  const stored = await storeDocument(deps.documents, (sha256) => noticeDocumentKey(accountId, id, sha256), bytes, now);
  const document = { id: newId('doc', now.getTime()), ...stored };
  let seen = current;
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const notice: Notice = { ...seen, documents: [...seen.documents, document], updated_at: now.toISOString() };
    if (await deps.notices.replaceIfUnchanged(accountId, notice, seen.updated_at)) return { notice, document };
    seen = await getNotice(deps, accountId, id);
    if (seen.documents.length >= MAX_NOTICE_DOCUMENTS) throw tooMany(id);
  }
  throw concurrentChange(id);
}

const tooMany = (id: string) =>
  new ConflictError('too_many_notice_documents', `Notice '${id}' already holds ${MAX_NOTICE_DOCUMENTS} documents, the most Levy keeps per notice.`);

/**
 * A document's bytes and type, or a pre-signed GET when it is larger than a function may answer deployed
 * (documentDownload; an upload is held to that size, a stored document may be larger); 404 when the notice has no
 * such document.
 */
export async function getNoticeDocument(deps: DocumentDeps, accountId: string, id: string, documentId: string, now = new Date()): Promise<DocumentDownload> {
  const notice = await getNotice(deps, accountId, id);
  const document = found(
    notice.documents.find((d) => d.id === documentId),
    'notice document',
    documentId,
  );
  const key = noticeDocumentKey(accountId, id, document.sha256);
  return documentDownload(deps.documents, key, document.size, false, now, async () => {
    const blob = await deps.documents.get(key);
    // The list is written only after its bytes: missing bytes are a broken store, not a client mistake.
    if (!blob) throw new Error(`The document ${documentId} of notice ${id} is recorded but its bytes are missing`);
    return { bytes: blob.bytes, contentType: document.content_type };
  });
}
