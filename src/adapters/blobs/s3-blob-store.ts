/**
 * Secondary adapter (Amazon S3): the deployed blob store, one object per key in the stack's documents bucket
 * (private, encrypted, versioned, retained: lib/levy-stack.ts). The two calls it needs (PutObject, GetObject) are
 * plain SigV4-signed HTTPS requests made with the signer and credential chain the DynamoDB client already bundles,
 * so the functions carry no S3 client (docs/customers.md).
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import type { BlobStore, StoredBlob } from '../../ports/blobs';

const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

/** The SHA-256 (or HMAC-SHA-256 with a secret) the signer asks for, from node:crypto. */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    throw new Error('not supported');
  }
}

export class S3BlobStore implements BlobStore {
  private readonly signer: SignatureV4;
  private readonly hostname: string;

  constructor(
    private readonly bucket: string,
    region: string,
  ) {
    this.hostname = `${bucket}.s3.${region}.amazonaws.com`;
    this.signer = new SignatureV4({ service: 's3', region, credentials: defaultProvider(), sha256: NodeSha256, uriEscapePath: false, applyChecksum: true });
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

  private async send(method: 'GET' | 'PUT', key: string, headers: Record<string, string>, body?: Buffer): Promise<Response> {
    const path = `/${key.split('/').map(encodeURIComponent).join('/')}`;
    const payloadHash = createHash('sha256').update(body ?? '').digest('hex');
    const signed = await this.signer.sign({
      method,
      protocol: 'https:',
      hostname: this.hostname,
      path,
      query: {},
      headers: { ...headers, host: this.hostname, 'x-amz-content-sha256': payloadHash },
      body,
    });
    return fetch(`https://${this.hostname}${path}`, { method, headers: signed.headers, body: body ? new Uint8Array(body) : undefined });
  }
}
