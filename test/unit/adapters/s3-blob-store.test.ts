/**
 * Unit (fault-free, no network): the S3 blob store's requests, caught at `fetch`, are signed exactly as the SDK's own
 * signer (@smithy/signature-v4, S3 settings: the path encoded once) signs the same request; a 404 reads as absent.
 */
import { createHash } from 'node:crypto';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../support/sdk-sha256';
import { S3BlobStore } from '../../../src/adapters/blobs/s3-blob-store';


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
});
