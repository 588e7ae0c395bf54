/**
 * Unit (no AWS): the S3 blob store on the AWS SDK's S3 client and presigner, against a small fake S3 on 127.0.0.1
 * (AWS_ENDPOINT_URL_S3, which the SDK honours; path-style for an IP endpoint) that keeps objects in memory and checks
 * every request's SigV4 signature, header-signed or pre-signed, with the secret key, as S3 does (written here from
 * AWS's specification, not with the SDK's signer). So the tests show what the store does: the bucket and key layout,
 * the content types kept, a missing key read as absent, refusals as errors naming the operation, and pre-signed URLs
 * that S3 takes with exactly the headers the store hands out, and refuses with another size, type or once expired.
 * One test builds the URL for the real endpoint (no override) and checks its shape: host, path, expiry, signed headers.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3BlobStore } from '../../../src/adapters/blobs/s3-blob-store';

const credentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjE//token=' };
const BUCKET = 'levy-documents-bucket';
const REGION = 'eu-west-1';
const saved = { ...process.env };

/** What the fake S3 received: one entry per request, after its signature was checked. */
interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** SigV4's URI encoding of a query key or value (RFC 3986 unreserved characters kept). */
const encodeQuery = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const amzDateMs = (value: string) =>
  Date.UTC(+value.slice(0, 4), +value.slice(4, 6) - 1, +value.slice(6, 8), +value.slice(9, 11), +value.slice(11, 13), +value.slice(13, 15));

/**
 * Why S3 would refuse the request's signature, or undefined when it would take it (AWS's SigV4 specification:
 * "Create a canonical request", S3's path encoded once). A pre-signed request carries its signature in the query
 * (UNSIGNED-PAYLOAD), a header-signed one in Authorization with its payload's SHA-256 in x-amz-content-sha256.
 */
function signatureProblem(request: Received, host: string, now = Date.now()): string | undefined {
  const presigned = request.query.has('X-Amz-Signature');
  let credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string;
  if (presigned) {
    credential = request.query.get('X-Amz-Credential')!;
    signedHeaders = request.query.get('X-Amz-SignedHeaders')!;
    signature = request.query.get('X-Amz-Signature')!;
    amzDate = request.query.get('X-Amz-Date')!;
    payloadHash = 'UNSIGNED-PAYLOAD';
    if (amzDateMs(amzDate) + Number(request.query.get('X-Amz-Expires')) * 1000 < now) return 'Request has expired';
  } else {
    const authorization = String(request.headers.authorization ?? '');
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return `no SigV4 Authorization header: ${authorization}`;
    [, credential, signedHeaders, signature] = match;
    amzDate = String(request.headers['x-amz-date']);
    payloadHash = String(request.headers['x-amz-content-sha256']);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(request.body)) return 'XAmzContentSHA256Mismatch';
  }
  const [accessKeyId, ...scope] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) return `InvalidAccessKeyId ${accessKeyId}`;
  if (scope.join('/') !== `${amzDate.slice(0, 8)}/${REGION}/s3/aws4_request`) return `wrong scope ${scope.join('/')}`;
  const names = signedHeaders.split(';');
  // S3 refuses a request that sends an x-amz-* header it did not sign (HeadersNotSigned).
  const unsigned = Object.keys(request.headers).filter((name) => name.startsWith('x-amz-') && !names.includes(name));
  if (unsigned.length) return `HeadersNotSigned ${unsigned.join(',')}`;
  const headerValue = (name: string) => (name === 'host' ? host : String(request.headers[name] ?? '')).trim().replace(/\s+/g, ' ');
  const query = [...request.query]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encodeQuery(key), encodeQuery(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonical = [request.method, request.path, query, names.map((name) => `${name}:${headerValue(name)}\n`).join(''), signedHeaders, payloadHash].join(
    '\n',
  );
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope.join('/'), sha256Hex(canonical)].join('\n');
  const key = ['aws4_request'].reduce(
    (k, part) => hmac(k, part),
    [amzDate.slice(0, 8), REGION, 's3'].reduce((k, part) => hmac(k, part), Buffer.from(`AWS4${credentials.secretAccessKey}`)),
  );
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature ? undefined : 'SignatureDoesNotMatch';
}

/** An in-memory S3 bucket on 127.0.0.1: PutObject, GetObject (Range too), HeadObject, DeleteObject, path-style. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const received: Received[] = [];
  /** Keys whose every request is refused with 403 AccessDenied. */
  const forbidden = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake-s3');
      const request: Received = { method: req.method!, path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) };
      const error = (status: number, code: string, message = code) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
      };
      const problem = signatureProblem(request, String(req.headers.host));
      if (problem) return error(403, problem.startsWith('Request has expired') ? 'AccessDenied' : 'SignatureDoesNotMatch', problem);
      received.push(request);
      const prefix = `/${BUCKET}/`;
      if (!url.pathname.startsWith(prefix)) return error(404, 'NoSuchBucket');
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (forbidden.has(key)) return error(403, 'AccessDenied');
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT':
          if (req.headers['content-length'] !== String(request.body.length)) return error(400, 'IncompleteBody');
          objects.set(key, { body: request.body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
          res.writeHead(200, { etag: `"${createHash('md5').update(request.body).digest('hex')}"` }).end();
          return;
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204).end();
          return;
        case 'HEAD':
        case 'GET': {
          if (!object) return error(404, 'NoSuchKey', 'The specified key does not exist.');
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
          if (range && Number(range[1]) >= object.body.length) return error(416, 'InvalidRange', 'The requested range is not satisfiable');
          const body = range ? object.body.subarray(Number(range[1]), Number(range[2]) + 1) : object.body;
          const headers = {
            'content-type': object.contentType,
            'content-length': String(body.length),
            ...(range ? { 'content-range': `bytes ${range[1]}-${Number(range[1]) + body.length - 1}/${object.body.length}` } : {}),
          };
          res.writeHead(range ? 206 : 200, headers);
          res.end(req.method === 'HEAD' ? undefined : body);
          return;
        }
        default:
          return error(405, 'MethodNotAllowed');
      }
    });
  });
  return { server, objects, received, forbidden };
}

const s3 = fakeS3();
let endpoint: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  process.env.AWS_SESSION_TOKEN = credentials.sessionToken;
  process.env.AWS_ENDPOINT_URL_S3 = endpoint;
  s3.received.length = 0;
  s3.objects.clear();
  s3.forbidden.clear();
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  s3.server.closeAllConnections();
  await new Promise((resolve) => s3.server.close(resolve));
});

const store = () => new S3BlobStore(BUCKET, REGION);
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('S3 blob store (AWS SDK, against a fake S3 that checks signatures)', () => {
  it('puts an object under its key (spaces and unicode encoded once) with its content type, signed with the environment credentials', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% Zertifikat für Müller\n');
    await store().put('documents/acct_1/cus 1/exm_é.pdf', pdf, 'application/pdf');
    const [put] = s3.received;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe(`/${BUCKET}/documents/acct_1/cus%201/exm_%C3%A9.pdf`);
    expect(put.headers['content-type']).toBe('application/pdf');
    expect(put.headers['x-amz-security-token']).toBe(credentials.sessionToken);
    // The payload's SHA-256 is signed (the fake checked it against the bytes); no flexible checksum of its own.
    expect(put.headers['x-amz-content-sha256']).toBe(sha256Hex(pdf));
    expect(Object.keys(put.headers).filter((name) => name.startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm')).toEqual([]);
    expect(s3.objects.get('documents/acct_1/cus 1/exm_é.pdf')).toEqual({ body: pdf, contentType: 'application/pdf' });
  });

  it('gets the bytes and their type back, or undefined for a missing key', async () => {
    await store().put('documents/acct_1/cus_1/exm_1', Buffer.from('%PDF-1.7 bytes'), 'application/pdf');
    const blob = await store().get('documents/acct_1/cus_1/exm_1');
    expect(blob?.bytes.toString()).toBe('%PDF-1.7 bytes');
    expect(Buffer.isBuffer(blob?.bytes)).toBe(true);
    expect(blob?.contentType).toBe('application/pdf');
    expect(s3.received.at(-1)).toMatchObject({ method: 'GET', path: `/${BUCKET}/documents/acct_1/cus_1/exm_1` });
    expect(await store().get('documents/acct_1/cus_1/missing')).toBeUndefined();
  });

  it('deletes an object (a missing key is done too); a refusal is an error naming the operation, object and status', async () => {
    await store().put('documents/acct_1/cus_1/exm_1/abc', Buffer.from('x'), 'text/plain');
    await store().delete('documents/acct_1/cus_1/exm_1/abc');
    expect(s3.objects.has('documents/acct_1/cus_1/exm_1/abc')).toBe(false);
    await expect(store().delete('documents/acct_1/cus_1/exm_1/abc')).resolves.toBeUndefined();
    s3.forbidden.add('documents/x');
    await expect(store().delete('documents/x')).rejects.toThrow(`S3 DeleteObject ${BUCKET}/documents/x answered 403: AccessDenied`);
    await expect(store().get('documents/x')).rejects.toThrow(/GetObject .* answered 403/);
    await expect(store().head('documents/x')).rejects.toThrow(/HeadObject .* answered 403/);
  });

  it('heads an object (size and type) and reads a range of it; a missing key is undefined, an empty object an empty range', async () => {
    const png = Buffer.alloc(5_242_880, 7);
    await store().put('exemption-documents/staged/acct_1/upl_1', png, 'image/png');
    expect(await store().head('exemption-documents/staged/acct_1/upl_1')).toEqual({ size: 5_242_880, contentType: 'image/png' });
    expect(s3.received.at(-1)?.method).toBe('HEAD');

    await store().put('exemption-documents/staged/acct_1/upl_2', Buffer.from('%PDF-1.7\n%abcdef and more'), 'application/pdf');
    expect((await store().readRange('exemption-documents/staged/acct_1/upl_2', 0, 15))?.toString()).toBe('%PDF-1.7\n%abcdef');
    expect(s3.received.at(-1)?.headers.range).toBe('bytes=0-15');
    // Shorter than the range: what there is.
    await store().put('exemption-documents/staged/acct_1/short', Buffer.from('%PDF'), 'application/pdf');
    expect((await store().readRange('exemption-documents/staged/acct_1/short', 0, 15))?.toString()).toBe('%PDF');
    // Empty: S3 answers 416 for byte 0 of nothing.
    await store().put('exemption-documents/staged/acct_1/empty', Buffer.alloc(0), 'application/pdf');
    expect(await store().readRange('exemption-documents/staged/acct_1/empty', 0, 15)).toEqual(Buffer.alloc(0));

    expect(await store().head('missing')).toBeUndefined();
    expect(await store().readRange('missing', 0, 15)).toBeUndefined();
  });

  it('pre-signs a PUT that S3 takes with exactly the headers handed out, and refuses for another size or type', async () => {
    const key = 'exemption-documents/staged/acct_1/cus 1/exm_é/upl_1';
    const bytes = Buffer.from('%PDF-1.7\n%upload');
    const now = new Date();
    const presigned = await store().presignPut(key, { contentType: 'application/pdf', contentLength: bytes.length }, 900, now);
    expect(presigned).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf', 'content-length': String(bytes.length) } });
    expect(presigned.expiresAt.getTime()).toBe(now.getTime() + 900_000);
    expect(presigned.url.startsWith(`${endpoint}/${BUCKET}/exemption-documents/staged/acct_1/cus%201/exm_%C3%A9/upl_1?`)).toBe(true);

    const upload = (headers: Record<string, string>, body: Buffer) => fetch(presigned.url, { method: 'PUT', headers, body: new Uint8Array(body) });
    // Another type, or another size, is another signature: refused, nothing stored.
    expect((await upload({ 'content-type': 'image/png' }, bytes)).status).toBe(403);
    expect((await upload({ 'content-type': 'application/pdf' }, Buffer.concat([bytes, Buffer.from('!')]))).status).toBe(403);
    expect(s3.objects.has(key)).toBe(false);
    // As handed out (fetch sets Content-Length from the body, the value signed in): stored.
    const answer = await upload({ 'content-type': presigned.headers['content-type'] }, bytes);
    expect(answer.status).toBe(200);
    expect(s3.objects.get(key)).toEqual({ body: bytes, contentType: 'application/pdf' });
  });

  it('pre-signs a GET that S3 serves until it expires', async () => {
    await store().put('exemption-documents/acct_1/cus_1/exm_1/abc', Buffer.from('%PDF-1.7 certificate'), 'application/pdf');
    const presigned = await store().presignGet('exemption-documents/acct_1/cus_1/exm_1/abc', 300, new Date());
    expect(presigned).toMatchObject({ method: 'GET', headers: {} });
    const answer = await fetch(presigned.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(await answer.text()).toBe('%PDF-1.7 certificate');
    // Signed 301 s ago for 300 s: expired.
    const late = await store().presignGet('exemption-documents/acct_1/cus_1/exm_1/abc', 300, new Date(Date.now() - 301_000));
    expect(late.expiresAt.getTime()).toBeLessThan(Date.now());
    expect((await fetch(late.url)).status).toBe(403);
  });

  it("pre-signs for S3's own endpoint (no override): the bucket's virtual host, the key encoded once, the expiry and the signed headers", () =>
    jest.isolateModulesAsync(async () => {
      delete process.env.AWS_ENDPOINT_URL_S3;
      // A fresh module: the container's client is made with the endpoint of its first use.
      const { S3BlobStore: FreshStore } = await import('../../../src/adapters/blobs/s3-blob-store');
      const fresh = new FreshStore(BUCKET, REGION);
      const now = new Date(Date.UTC(2026, 10, 24, 23, 59, 59));
      const presigned = await fresh.presignPut(
        'exemption-documents/staged/acct_1/cus 1/exm_é/upl_1',
        { contentType: 'application/pdf', contentLength: 5_242_880 },
        900,
        now,
      );
      const host = `${BUCKET}.s3.${REGION}.amazonaws.com`;
      const url = new URL(presigned.url);
      expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`https://${host}/exemption-documents/staged/acct_1/cus%201/exm_%C3%A9/upl_1`);
      const query = queryOf(presigned.url);
      expect(query).toMatchObject({
        'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
        'X-Amz-Credential': `${credentials.accessKeyId}/20261124/${REGION}/s3/aws4_request`,
        'X-Amz-Date': '20261124T235959Z',
        'X-Amz-Expires': '900',
        'X-Amz-SignedHeaders': 'content-length;content-type;host',
        'X-Amz-Security-Token': credentials.sessionToken,
      });
      // No checksum of the empty body it was signed without (S3 would refuse every real upload: BadDigest).
      expect(Object.keys(query).filter((name) => /checksum/i.test(name))).toEqual([]);
      expect(presigned.expiresAt.toISOString()).toBe('2026-11-25T00:14:59.000Z');
      // S3 would take it, with the headers handed out, within its 15 minutes.
      const request = (contentLength: string): Received => ({
        method: 'PUT',
        path: url.pathname,
        query: url.searchParams,
        headers: { 'content-type': 'application/pdf', 'content-length': contentLength },
        body: Buffer.alloc(0),
      });
      expect(signatureProblem(request('5242880'), host, now.getTime() + 899_000)).toBeUndefined();
      expect(signatureProblem(request('5242881'), host, now.getTime())).toBe('SignatureDoesNotMatch');
      expect(signatureProblem(request('5242880'), host, now.getTime() + 901_000)).toBe('Request has expired');

      const get = await fresh.presignGet('exemption-documents/acct_1/cus_1/exm_1/abc', 300, now);
      expect(get.url.startsWith(`https://${host}/exemption-documents/acct_1/cus_1/exm_1/abc?`)).toBe(true);
      expect(queryOf(get.url)).toMatchObject({ 'X-Amz-Expires': '300', 'X-Amz-SignedHeaders': 'host' });
      expect(Object.keys(queryOf(get.url)).filter((name) => /checksum/i.test(name))).toEqual([]);
    }));
});
