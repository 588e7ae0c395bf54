/**
 * Port (implemented by src/adapters/blobs): bytes kept by key, such as exemption certificate documents. Deployed: a
 * private, encrypted, versioned S3 bucket; locally (`npm start`, tests): files under `.levy/`.
 */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

/** What a client sends to a pre-signed URL: the URL, its method and the headers it must send as given (signed in). */
export interface PresignedRequest {
  url: string;
  method: 'PUT' | 'GET';
  headers: Record<string, string>;
  expiresAt: Date;
}

/** What a HEAD tells of stored bytes. */
export interface BlobHead {
  size: number;
  contentType: string;
}

export interface BlobStore {
  /** Stores the bytes under the key (replacing any earlier ones; the bucket keeps the old versions). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Removes the bytes under the key (none there: nothing to do). The bucket keeps a deleted object's last version 90 days. */
  delete(key: string): Promise<void>;
  /** How many bytes are under the key and their type, without reading them; undefined when there are none. */
  head(key: string): Promise<BlobHead | undefined>;
  /** The bytes from `start` to `end` inclusive (fewer when the blob is shorter); undefined when there are none. */
  readRange(key: string, start: number, end: number): Promise<Buffer | undefined>;
  /**
   * A URL a client may PUT exactly `contentLength` bytes of `contentType` to, under the key, until `expiresInSeconds`
   * from `now`; the store refuses another size or type, a changed URL and a late one (S3: SigV4 query signing;
   * locally: the local server checks an HMAC).
   */
  presignPut(key: string, upload: { contentType: string; contentLength: number }, expiresInSeconds: number, now: Date): Promise<PresignedRequest>;
  /** A URL a client may GET the key's bytes from until `expiresInSeconds` from `now`. */
  presignGet(key: string, expiresInSeconds: number, now: Date): Promise<PresignedRequest>;
}
