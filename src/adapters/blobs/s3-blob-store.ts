/**
 * Secondary adapter (Amazon S3): the deployed blob store, one object per key in the stack's documents bucket
 * (private, encrypted, versioned, retained: lib/levy-stack.ts). Its calls (PutObject, GetObject, a ranged GetObject,
 * HeadObject, DeleteObject) are plain SigV4-signed HTTPS requests, and its pre-signed URLs SigV4 query strings, both
 * by the signer and credentials the lean DynamoDB client uses (src/adapters/aws/), so the functions carry no S3
 * client (docs/customers.md).
 */
import { environmentCredentials } from '../aws/environment-credentials';
import { signedFetch } from '../aws/signed-fetch';
import { presignQuery } from '../aws/sigv4';
import type { BlobHead, BlobStore, PresignedRequest, StoredBlob } from '../../ports/blobs';

/** S3 signs the path as sent, encoded once (unlike other services, which encode it twice). */
const objectPath = (key: string): string => `/${key.split('/').map(encodeURIComponent).join('/')}`;

export class S3BlobStore implements BlobStore {
  private readonly hostname: string;

  constructor(
    private readonly bucket: string,
    private readonly region: string,
  ) {
    this.hostname = `${bucket}.s3.${region}.amazonaws.com`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, { 'content-type': contentType, 'content-length': String(bytes.length) }, bytes);
    if (!response.ok) throw new Error(`S3 PutObject ${this.bucket}/${key} answered ${response.status}: ${await response.text()}`);
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const response = await this.send('GET', key, {});
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`S3 GetObject ${this.bucket}/${key} answered ${response.status}: ${await response.text()}`);
    return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key, {});
    // 204 whether or not the key held an object (S3 answers so for a missing key too).
    if (!response.ok) throw new Error(`S3 DeleteObject ${this.bucket}/${key} answered ${response.status}: ${await response.text()}`);
  }

  // A missing key is a 404 only for a function granted s3:ListBucket (the complete route is: src/config/routes.ts).
  async head(key: string): Promise<BlobHead | undefined> {
    const response = await this.send('HEAD', key, {});
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`S3 HeadObject ${this.bucket}/${key} answered ${response.status}`);
    return { size: Number(response.headers.get('content-length')), contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer | undefined> {
    const response = await this.send('GET', key, { range: `bytes=${start}-${end}` });
    if (response.status === 404) return undefined;
    // 416: the object is empty (no byte at `start`); 206 the range; 200 an object S3 serves whole.
    if (response.status === 416) return Buffer.alloc(0);
    if (!response.ok) throw new Error(`S3 GetObject (range) ${this.bucket}/${key} answered ${response.status}: ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer()).subarray(0, end - start + 1);
  }

  async presignPut(key: string, upload: { contentType: string; contentLength: number }, expiresInSeconds: number, now: Date): Promise<PresignedRequest> {
    // Content-Type and Content-Length are signed in: S3 refuses a PUT of another type or size (SignatureDoesNotMatch).
    const headers = { 'content-type': upload.contentType, 'content-length': String(upload.contentLength) };
    return { url: await this.presign('PUT', key, headers, expiresInSeconds, now), method: 'PUT', headers, expiresAt: new Date(now.getTime() + expiresInSeconds * 1000) };
  }

  async presignGet(key: string, expiresInSeconds: number, now: Date): Promise<PresignedRequest> {
    return { url: await this.presign('GET', key, {}, expiresInSeconds, now), method: 'GET', headers: {}, expiresAt: new Date(now.getTime() + expiresInSeconds * 1000) };
  }

  private async presign(method: 'GET' | 'PUT', key: string, headers: Record<string, string>, expiresInSeconds: number, now: Date): Promise<string> {
    const path = objectPath(key);
    const query = presignQuery({ method, path, headers: { ...headers, host: this.hostname } }, { region: this.region, service: 's3' }, await environmentCredentials(), now, expiresInSeconds);
    return `https://${this.hostname}${path}?${query}`;
  }

  private async send(method: 'GET' | 'PUT' | 'DELETE' | 'HEAD', key: string, headers: Record<string, string>, body?: Buffer): Promise<Response> {
    return signedFetch({ method, host: this.hostname, path: objectPath(key), headers, body }, { region: this.region, service: 's3' });
  }
}
