/**
 * Local runtime (bundle mode): the S3 a bundled function's real S3 adapter (src/adapters/blobs/s3-blob-store.ts, the
 * AWS SDK's client and presigner) talks to, at the local AWS endpoint (aws-endpoint.ts, AWS_ENDPOINT_URL_S3): the few
 * operations Levy calls (PutObject, GetObject whole or ranged, HeadObject, DeleteObject), path-style as the SDK sends
 * them to an IP-address endpoint, and the pre-signed GET and PUT URLs the presigner makes, which a client uses with no
 * credentials of its own. The objects are kept by the folder blob store in the folder the local server keeps documents
 * in (LEVY_DOCUMENTS_DIR), so the local server, the CLI and the tests find them where they always did.
 *
 * With IAM held each call is first evaluated against the grants of the function whose access key id signed it (a
 * pre-signed URL acts with its signer's rights, as in S3): s3:PutObject, s3:GetObject (a HeadObject too) or
 * s3:DeleteObject on `arn:aws:s3:::<bucket>/<key>`; a missing key is a 404 NoSuchKey only to a function granted
 * s3:ListBucket on the bucket, else a 403 AccessDenied, as S3 answers. A refusal is a 403 with S3's AccessDenied XML,
 * logged and recorded (access-denials.ts). A pre-signed URL is checked as S3 checks one (presigned-urls.ts): past its
 * X-Amz-Date + X-Amz-Expires a 403 AccessDenied "Request has expired", used with another method, type or size than it
 * was signed for (or changed) a 403 SignatureDoesNotMatch. The signatures of the functions' own calls are not
 * verified (DynamoDB Local does not verify them either): their access key id says whose call it is.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FolderBlobStore } from '../../src/adapters/blobs/folder-blob-store';
import { accessKeyIdOf, refuse } from './access-denials';
import { isAllowed, type FunctionGrants } from './iam-grants';
import { localBucketArn } from './local-resources';
import { checkPresigned } from './presigned-urls';

export interface S3EndpointOptions {
  /** A local bucket's name -> the folder its objects are kept in. */
  readonly buckets: ReadonlyMap<string, string>;
  /** The grants by access key id; undefined when IAM is not held (every call allowed). */
  readonly grants?: ReadonlyMap<string, FunctionGrants>;
  readonly log: (line: string) => void;
}

/** S3's error body. */
const errorXml = (code: string, message: string, requestId: string, extra: Record<string, string> = {}): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${Object.entries(extra)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('')}<RequestId>${requestId}</RequestId><HostId>levy-local</HostId></Error>`;

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function answerError(res: ServerResponse, method: string, status: number, code: string, message: string, extra: Record<string, string> = {}): void {
  const requestId = randomUUID();
  // A HEAD's answer has no body; the SDK names the error by its status.
  const body = method === 'HEAD' ? '' : errorXml(code, message, requestId, extra);
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const objectAction = (method: string): string | undefined =>
  ({ PUT: 's3:PutObject', GET: 's3:GetObject', HEAD: 's3:GetObject', DELETE: 's3:DeleteObject' })[method];

/** The byte range a `Range: bytes=a-b` header asks of an object of `size` bytes; 'unsatisfiable' when none of it exists. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(match[2] === '' ? size - 1 : Number(match[2]), size - 1) };
}

async function serveObject(store: FolderBlobStore, key: string, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const method = req.method ?? 'GET';
  if (method === 'PUT') {
    await store.put(key, body, req.headers['content-type'] ?? 'binary/octet-stream');
    res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"`, 'content-length': 0 });
    return void res.end();
  }
  if (method === 'DELETE') {
    await store.delete(key);
    res.writeHead(204);
    return void res.end();
  }
  const blob = await store.get(key);
  if (!blob) return answerError(res, method, 404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
  const headers = { 'content-type': blob.contentType, etag: `"${createHash('md5').update(blob.bytes).digest('hex')}"`, 'accept-ranges': 'bytes' };
  const range = method === 'GET' ? rangeOf(req.headers.range, blob.bytes.length) : undefined;
  if (range === 'unsatisfiable')
    return answerError(res, method, 416, 'InvalidRange', 'The requested range is not satisfiable', { ActualObjectSize: String(blob.bytes.length) });
  const bytes = range ? blob.bytes.subarray(range.start, range.end + 1) : blob.bytes;
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'content-length': bytes.length,
    ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${blob.bytes.length}` } : {}),
  });
  res.end(method === 'HEAD' ? undefined : bytes);
}

/** Answers one S3 request (its body read whole). */
export function s3RequestHandler(options: S3EndpointOptions): (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void> {
  const stores = new Map([...options.buckets].map(([bucket, folder]) => [bucket, new FolderBlobStore(folder)] as const));
  return async (req, res, body) => {
    const method = req.method ?? 'GET';
    const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?', 2);
    const query = new URLSearchParams(rawQuery);
    const [bucket = '', ...segments] = rawPath.slice(1).split('/').map(decodeURIComponent);
    const key = segments.join('/');
    const store = stores.get(bucket);
    if (!store) return answerError(res, method, 404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
    const action = objectAction(method);
    if (!key || !action)
      return answerError(res, method, 501, 'NotImplemented', `The local S3 serves only PUT, GET, HEAD and DELETE of an object, not ${method} ${rawPath}`);
    const presigned = query.has('X-Amz-Credential');
    const check = presigned ? checkPresigned(method, rawPath, rawQuery, req.headers, Date.now()) : { ok: true as const };
    if (!check.ok) return answerError(res, method, 403, check.code, check.message);
    const fn = options.grants?.get(accessKeyIdOf(presigned ? (query.get('X-Amz-Credential') ?? '') : req.headers.authorization) ?? '');
    const resource = `${localBucketArn(bucket)}/${key}`;
    if (fn && !isAllowed(fn.grants, action, resource))
      return answerError(res, method, 403, 'AccessDenied', refuse(fn, { action, kind: 'bucket', name: bucket, resource }, options.log));
    // Without s3:ListBucket a missing key is a 403, not a 404: S3 does not tell such a caller what is not there.
    if (fn && method !== 'PUT' && method !== 'DELETE' && !isAllowed(fn.grants, 's3:ListBucket', localBucketArn(bucket)) && !(await store.head(key))) {
      const message = refuse(fn, { action: 's3:ListBucket', kind: 'bucket', name: bucket, resource: localBucketArn(bucket) }, options.log);
      return answerError(res, method, 403, 'AccessDenied', message);
    }
    await serveObject(store, key, req, res, body);
  };
}
