/**
 * Local runtime (S3 emulation, pre-signed URLs only): serves the document URLs the folder blob store signs
 * (src/adapters/blobs/local-blob-urls.ts), as S3 serves pre-signed ones when deployed: no API key (the signature is
 * the authority), a PUT of exactly the signed type and size, a GET of the bytes, anything else or late refused (403).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkLocalBlobUrl } from '../../src/adapters/blobs/local-blob-urls';
import { MAX_DOCUMENT_BYTES } from '../../src/domain/documents/document-type';
import { documents } from '../../src/composition/ports';
import { once } from '../../src/shared/once';
import { documentsLocation } from '../../src/config/environment';
import type { BlobStore } from '../../src/ports/blobs';
import { errorBody, readBody, requestIdHeaders, send } from './http-io';

/** The process's one folder store (the composition's documents port), refused if the documents are in a bucket. */
const folderStore = once((): BlobStore => {
  if (!('folder' in documentsLocation())) throw new Error('Local document URLs are served only with the folder blob store');
  return documents;
});

/** Answers one request to a local document URL; the status sent. */
export async function serveDocumentUrl(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<number> {
  const store = folderStore();
  const method = (req.method ?? 'GET').toUpperCase();
  const declared = req.headers['content-length'];
  const check = checkLocalBlobUrl(
    method,
    url,
    { contentType: req.headers['content-type'], contentLength: declared === undefined ? undefined : Number(declared) },
    new Date(),
  );
  if (!check.ok) {
    req.resume();
    send(res, check.status, requestIdHeaders(requestId), errorBody(check.status, check.error, check.message, requestId));
    return check.status;
  }
  const { grant } = check;
  if (grant.method === 'PUT') {
    // The signed length is at most 5 MiB (the upload_url route refuses more); the body may not exceed it either.
    const body = await readBody(req, Math.min(grant.contentLength ?? 0, MAX_DOCUMENT_BYTES));
    if (body === null || body.length !== grant.contentLength) {
      send(
        res,
        400,
        { ...requestIdHeaders(requestId), Connection: 'close' },
        errorBody(400, 'incomplete_body', `The body must be the ${grant.contentLength} bytes signed for.`, requestId),
      );
      return 400;
    }
    await store.put(grant.key, body, grant.contentType!);
    send(res, 200, requestIdHeaders(requestId), '');
    return 200;
  }
  req.resume();
  const blob = await store.get(grant.key);
  if (!blob) {
    send(res, 404, requestIdHeaders(requestId), errorBody(404, 'not_found', 'Nothing is stored under this URL.', requestId));
    return 404;
  }
  send(res, 200, { ...requestIdHeaders(requestId), 'Content-Type': blob.contentType }, blob.bytes);
  return 200;
}
