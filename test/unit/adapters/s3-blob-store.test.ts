/**
 * Unit (fault-free, no network): the S3 blob store's requests, caught at `fetch`, are signed exactly as the SDK's own
 * signer (@smithy/signature-v4, S3 settings: the path encoded once) signs the same request; a 404 reads as absent.
 * Its pre-signed URLs are the query strings the SDK's presigner makes for the same request (and AWS's published
 * query-string example), with UNSIGNED-PAYLOAD and the content type and length signed in.
 */
import { createHash } from 'node:crypto';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../support/sdk-sha256';
import { S3BlobStore } from '../../../src/adapters/blobs/s3-blob-store';
import { presignQuery } from '../../../src/adapters/aws/sigv4';


const credentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjE//token=' };
const saved = { ...process.env };
const realFetch = globalThis.fetch;
let sent: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  sent = [];
  process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  process.env.AWS_SESSION_TOKEN = credentials.sessionToken;
  jest.useFakeTimers({ now: new Date(Date.UTC(2026, 10, 24, 23, 59, 59)), doNotFake: ['setTimeout', 'setImmediate', 'nextTick', 'queueMicrotask'] });
});
afterEach(() => {
  jest.useRealTimers();
  globalThis.fetch = realFetch;
  process.env = { ...saved };
});

const answering = (status: number, body = '', contentType = 'application/pdf') => {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(status === 404 || body === '' ? null : body, { status, headers: { 'content-type': contentType } });
  }) as typeof fetch;
};

async function oracleAuthorization(method: string, host: string, path: string, headers: Record<string, string>, body: Uint8Array | string): Promise<string> {
  const signer = new SignatureV4({ service: 's3', region: 'eu-west-1', credentials, sha256: Sha256, uriEscapePath: false, applyChecksum: true });
  const payloadHash = createHash('sha256').update(body).digest('hex');
  const request = new HttpRequest({ method, protocol: 'https:', hostname: host, path, headers: { ...headers, host, 'x-amz-content-sha256': payloadHash }, body });
  const signed = await signer.sign(request, { signingDate: new Date() });
  return signed.headers.authorization;
}

describe('S3 blob store', () => {
  it('signs a PutObject of a key with spaces and unicode as the SDK signer does', async () => {
    answering(200);
    const store = new S3BlobStore('levy-documents-bucket', 'eu-west-1');
    const pdf = Buffer.from('%PDF-1.7\n% Zertifikat für Müller\n');
    await store.put('documents/acct_1/cus 1/exm_é.pdf', pdf, 'application/pdf');
    const [{ url, init }] = sent;
    const host = 'levy-documents-bucket.s3.eu-west-1.amazonaws.com';
    const path = '/documents/acct_1/cus%201/exm_%C3%A9.pdf';
    expect(url).toBe(`https://${host}${path}`);
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe(await oracleAuthorization('PUT', host, path, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) }, new Uint8Array(pdf)));
    expect(headers['x-amz-security-token']).toBe(credentials.sessionToken);
    expect(headers.host).toBeUndefined(); // fetch sets it from the URL
  });

  it('signs a GetObject and answers the bytes, or undefined for a missing key', async () => {
    answering(200, '%PDF-1.7 bytes');
    const store = new S3BlobStore('levy-documents-bucket', 'eu-west-1');
    const blob = await store.get('documents/acct_1/cus_1/exm_1');
    expect(blob?.bytes.toString()).toBe('%PDF-1.7 bytes');
    expect(blob?.contentType).toBe('application/pdf');
    const host = 'levy-documents-bucket.s3.eu-west-1.amazonaws.com';
    expect((sent[0].init.headers as Record<string, string>).authorization).toBe(await oracleAuthorization('GET', host, '/documents/acct_1/cus_1/exm_1', {}, ''));
    answering(404);
    expect(await store.get('documents/acct_1/cus_1/missing')).toBeUndefined();
  });

  it('signs a DeleteObject and takes 204 (S3 answers it for a missing key too) as done', async () => {
    answering(204);
    await new S3BlobStore('levy-documents-bucket', 'eu-west-1').delete('documents/acct_1/cus_1/exm_1/abc');
    const host = 'levy-documents-bucket.s3.eu-west-1.amazonaws.com';
    expect(sent[0].init.method).toBe('DELETE');
    expect((sent[0].init.headers as Record<string, string>).authorization).toBe(await oracleAuthorization('DELETE', host, '/documents/acct_1/cus_1/exm_1/abc', {}, ''));
    answering(403);
    await expect(new S3BlobStore('levy-documents-bucket', 'eu-west-1').delete('documents/x')).rejects.toThrow(/DeleteObject .* answered 403/);
  });

  it('signs a HeadObject and a ranged GetObject (the Range header signed) as the SDK signer does', async () => {
    const host = 'levy-documents-bucket.s3.eu-west-1.amazonaws.com';
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(null, { status: 200, headers: { 'content-type': 'image/png', 'content-length': '5242880' } });
    }) as typeof fetch;
    const store = new S3BlobStore('levy-documents-bucket', 'eu-west-1');
    expect(await store.head('exemption-documents/staged/acct_1/upl_1')).toEqual({ size: 5242880, contentType: 'image/png' });
    expect(sent[0].init.method).toBe('HEAD');
    expect((sent[0].init.headers as Record<string, string>).authorization).toBe(await oracleAuthorization('HEAD', host, '/exemption-documents/staged/acct_1/upl_1', {}, ''));

    sent = [];
    answering(206, '%PDF-1.7\n%abcdef');
    expect((await store.readRange('exemption-documents/staged/acct_1/upl_1', 0, 15))?.toString()).toBe('%PDF-1.7\n%abcdef');
    const headers = sent[0].init.headers as Record<string, string>;
    expect(headers.range).toBe('bytes=0-15');
    expect(headers.authorization).toBe(await oracleAuthorization('GET', host, '/exemption-documents/staged/acct_1/upl_1', { range: 'bytes=0-15' }, ''));
    answering(404);
    expect(await store.head('missing')).toBeUndefined();
    expect(await store.readRange('missing', 0, 15)).toBeUndefined();
  });

  /** The SDK's presigner on the same request: UNSIGNED-PAYLOAD, the given headers signed, nothing hoisted. */
  async function oracleQuery(method: string, host: string, path: string, headers: Record<string, string>, expiresIn: number, creds = credentials): Promise<Record<string, string>> {
    const signer = new SignatureV4({ service: 's3', region: 'eu-west-1', credentials: creds, sha256: Sha256, uriEscapePath: false, applyChecksum: false });
    const request = new HttpRequest({ method, protocol: 'https:', hostname: host, path, headers: { ...headers, host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
    const presigned = await signer.presign(request, {
      signingDate: new Date(),
      expiresIn,
      // The payload hash header only tells the signer UNSIGNED-PAYLOAD; a URL's user never sends it.
      unhoistableHeaders: new Set(['x-amz-content-sha256']),
      unsignableHeaders: new Set(['x-amz-content-sha256']),
    });
    return presigned.query as Record<string, string>;
  }

  const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

  it('pre-signs a PUT with the content type and length signed in, as the SDK presigner does', async () => {
    const store = new S3BlobStore('levy-documents-bucket', 'eu-west-1');
    const key = 'exemption-documents/staged/acct_1/cus 1/exm_é/upl_1';
    const presigned = await store.presignPut(key, { contentType: 'application/pdf', contentLength: 5242880 }, 900, new Date());
    const host = 'levy-documents-bucket.s3.eu-west-1.amazonaws.com';
    const path = '/exemption-documents/staged/acct_1/cus%201/exm_%C3%A9/upl_1';
    expect(presigned.url.startsWith(`https://${host}${path}?`)).toBe(true);
    const query = queryOf(presigned.url);
    expect(query).toEqual(await oracleQuery('PUT', host, path, { 'content-type': 'application/pdf', 'content-length': '5242880' }, 900));
    expect(query['X-Amz-SignedHeaders']).toBe('content-length;content-type;host');
    expect(query['X-Amz-Expires']).toBe('900');
    expect(query['X-Amz-Security-Token']).toBe(credentials.sessionToken);
    expect(presigned).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf', 'content-length': '5242880' } });
    expect(presigned.expiresAt.toISOString()).toBe('2026-11-25T00:14:59.000Z');
    // Another size gives another signature: S3 compares it and refuses the PUT.
    const other = await store.presignPut(key, { contentType: 'application/pdf', contentLength: 5242881 }, 900, new Date());
    expect(queryOf(other.url)['X-Amz-Signature']).not.toBe(query['X-Amz-Signature']);
  });

  it('pre-signs a GET as the SDK presigner does', async () => {
    const store = new S3BlobStore('levy-documents-bucket', 'eu-west-1');
    const presigned = await store.presignGet('exemption-documents/acct_1/cus_1/exm_1/abc', 300, new Date());
    const host = 'levy-documents-bucket.s3.eu-west-1.amazonaws.com';
    expect(queryOf(presigned.url)).toEqual(await oracleQuery('GET', host, '/exemption-documents/acct_1/cus_1/exm_1/abc', {}, 300));
    expect(presigned).toMatchObject({ method: 'GET', headers: {} });
  });

  it("gives AWS's published query-string signature (S3 docs, Authenticating Requests: Using Query Parameters)", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html: GET /test.txt of examplebucket,
    // us-east-1, 20130524T000000Z, 86400 s, signed header host only.
    const query = presignQuery(
      { method: 'GET', path: '/test.txt', headers: { host: 'examplebucket.s3.amazonaws.com' } },
      { region: 'us-east-1', service: 's3' },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      new Date(Date.UTC(2013, 4, 24)),
      86400,
    );
    expect(query).toBe(
      'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});
