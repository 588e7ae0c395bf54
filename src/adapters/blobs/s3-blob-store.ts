/**
 * Secondary adapter (Amazon S3): the deployed blob store, one object per key in the stack's documents bucket
 * (private, encrypted, versioned, retained: lib/levy-stack.ts). The two calls it needs (PutObject, GetObject) are
 * plain SigV4-signed HTTPS requests, signed by the signer and credentials the lean DynamoDB client uses
 * (src/adapters/aws/), so the functions carry no S3 client (docs/customers.md).
 */
import { environmentCredentials } from '../aws/environment-credentials';
import { signRequest } from '../aws/sigv4';
import type { BlobStore, StoredBlob } from '../../ports/blobs';

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

  private async send(method: 'GET' | 'PUT' | 'DELETE', key: string, headers: Record<string, string>, body?: Buffer): Promise<Response> {
    // S3 signs the path as sent, encoded once (unlike other services, which encode it twice).
    const path = `/${key.split('/').map(encodeURIComponent).join('/')}`;
    const signed = signRequest(
      { method, path, headers: { ...headers, host: this.hostname }, body: body ?? '' },
      { region: this.region, service: 's3' },
      await environmentCredentials(),
      new Date(),
    );
    // fetch sets Host itself from the URL (the same value that was signed).
    const { host: _host, ...sent } = signed;
    return fetch(`https://${this.hostname}${path}`, { method, headers: sent, body: body ? new Uint8Array(body) : undefined });
  }
}
