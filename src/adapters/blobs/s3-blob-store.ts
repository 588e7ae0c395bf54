/**
 * Secondary adapter (Amazon S3): the deployed blob store, one object per key in the stack's documents bucket
 * (private, encrypted, versioned, retained: lib/stack/documents-bucket.ts), through the AWS SDK's S3 client (`@aws-sdk/client-s3`:
 * PutObject, GetObject, a ranged GetObject, HeadObject, DeleteObject) and its presigner
 * (`@aws-sdk/s3-request-presigner`) for the upload and download URLs: AWS's maintained signing, credential chain,
 * endpoint rules and retries, not code of our own.
 *
 * One client per container, made by the first call and then reused (its keep-alive connections with it); made then,
 * not at import, because configuration is read when first used (the design card). The SDK modules are imported then
 * too: this module is one of the on-demand adapters (src/composition/on-demand-adapters.ts), which functions load for
 * their customers, products and events, and only a certificate route needs S3: esbuild puts the S3 client and the
 * presigner in a chunk of their own (about 170 KB minified; the SDK's core is shared with the DynamoDB client), which
 * only that route's first call parses.
 *
 * The region is the store's (AWS_REGION: src/config/environment.ts documentsLocation); credentials and the endpoint
 * come from the SDK's own resolution (the function role's credentials in the environment, AWS_ENDPOINT_URL_S3 or
 * AWS_ENDPOINT_URL, the FIPS and dual-stack settings). Keys keep their layout: virtual-hosted
 * `https://<bucket>.s3.<region>.amazonaws.com/<key>`, the key's segments encoded once.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobHead, BlobStore, PresignedRequest, StoredBlob } from '../../ports/blobs';
import { levyTracer } from '../observability/tracer';

type S3Sdk = typeof import('@aws-sdk/client-s3');
type Presigner = typeof import('@aws-sdk/s3-request-presigner');

/** The container's S3 client and the SDK modules it came with, by region (a container only ever names one). */
const clients = new Map<string, Promise<{ client: S3Client; sdk: S3Sdk; presigner: Presigner }>>();

function s3(region: string): Promise<{ client: S3Client; sdk: S3Sdk; presigner: Presigner }> {
  let made = clients.get(region);
  if (!made) {
    made = (async () => {
      const [sdk, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
      const client = new sdk.S3Client({
        region,
        // Checksums only where S3 requires one (the SDK's default before 3.729.0). With its newer default,
        // WHEN_SUPPORTED, a pre-signed PutObject carries the CRC32 of the empty body it was signed without
        // (x-amz-checksum-crc32=AAAAAA==) and S3 refuses every real upload to the URL (BadDigest; the default
        // came with aws-sdk-js-v3 PR #6750, 3.729.0). A PutObject's bytes are still covered: the signature signs their
        // SHA-256 (x-amz-content-sha256), as the store's own signing did.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        // And no x-amz-checksum-mode=ENABLED signed into every pre-signed GET, nor asked of every GetObject
        // (aws-sdk-js-v3#6994): as the store read before the SDK.
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      levyTracer()?.captureAWSv3Client(client);
      return { client, sdk, presigner };
    })();
    // A failed import (a transient file-system error) is tried again by the next call.
    made.catch(() => clients.delete(region));
    clients.set(region, made);
  }
  return made;
}

/** What an SDK error tells of the HTTP exchange: its status, or undefined when S3 never answered. */
const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;

export class S3BlobStore implements BlobStore {
  constructor(
    private readonly bucket: string,
    private readonly region: string,
  ) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { client, sdk } = await s3(this.region);
    await this.call('PutObject', key, () =>
      client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length })),
    );
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const { client, sdk } = await s3(this.region);
    const response = await this.call('GetObject', key, () => client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key })), { 404: undefined });
    if (!response) return undefined;
    return { bytes: await bodyBytes(response.Body), contentType: response.ContentType ?? 'application/octet-stream' };
  }

  async delete(key: string): Promise<void> {
    const { client, sdk } = await s3(this.region);
    // 204 whether or not the key held an object (S3 answers so for a missing key too).
    await this.call('DeleteObject', key, () => client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  // A missing key is a 404 only for a function granted s3:ListBucket (the complete route is: src/config/routes.ts).
  async head(key: string): Promise<BlobHead | undefined> {
    const { client, sdk } = await s3(this.region);
    const response = await this.call('HeadObject', key, () => client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key })), { 404: undefined });
    if (!response) return undefined;
    return { size: Number(response.ContentLength), contentType: response.ContentType ?? 'application/octet-stream' };
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer | undefined> {
    const { client, sdk } = await s3(this.region);
    // 416: the object is empty (no byte at `start`); 206 the range; 200 an object S3 serves whole.
    const response = await this.call(
      'GetObject (range)',
      key,
      () => client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` })),
      {
        404: undefined,
        416: 'empty' as const,
      },
    );
    if (response === undefined) return undefined;
    if (response === 'empty') return Buffer.alloc(0);
    return (await bodyBytes(response.Body)).subarray(0, end - start + 1);
  }

  async presignPut(key: string, upload: { contentType: string; contentLength: number }, expiresInSeconds: number, now: Date): Promise<PresignedRequest> {
    const { client, sdk, presigner } = await s3(this.region);
    const command = new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: upload.contentType, ContentLength: upload.contentLength });
    // Content-Type and Content-Length are signed in: S3 refuses a PUT of another type or size (SignatureDoesNotMatch).
    // The presigner signs Content-Length of itself but Content-Type only when named.
    const url = await presigner.getSignedUrl(client, command, {
      expiresIn: expiresInSeconds,
      signingDate: now,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    const headers = { 'content-type': upload.contentType, 'content-length': String(upload.contentLength) };
    return { url, method: 'PUT', headers, expiresAt: new Date(now.getTime() + expiresInSeconds * 1000) };
  }

  async presignGet(key: string, expiresInSeconds: number, now: Date): Promise<PresignedRequest> {
    const { client, sdk, presigner } = await s3(this.region);
    const url = await presigner.getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
      signingDate: now,
    });
    return { url, method: 'GET', headers: {}, expiresAt: new Date(now.getTime() + expiresInSeconds * 1000) };
  }

  /**
   * One S3 call; an answer whose status is in `answers` is that value instead of an error (404: no such key), and any
   * other refusal an error naming the operation, the object and the status, as the store's callers log it.
   */
  private async call<T, A = never>(operation: string, key: string, send: () => Promise<T>, answers: Partial<Record<number, A>> = {}): Promise<T | A> {
    try {
      return await send();
    } catch (error) {
      const status = statusOf(error);
      if (status === undefined) throw error;
      if (status in answers) return answers[status] as A;
      throw new Error(`S3 ${operation} ${this.bucket}/${key} answered ${status}: ${(error as Error).name}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** A GetObject's body as bytes (the SDK's stream, read whole). */
async function bodyBytes(body: { transformToByteArray(): Promise<Uint8Array> } | undefined): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const bytes = await body.transformToByteArray();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
