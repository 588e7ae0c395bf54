/**
 * Port (implemented by src/adapters/blobs): bytes kept by key, such as exemption certificate documents. Deployed: a
 * private, encrypted, versioned S3 bucket; locally (`npm start`, tests): files under `.levy/`.
 */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

export interface BlobStore {
  /** Stores the bytes under the key (replacing any earlier ones; the bucket keeps the old versions). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Removes the bytes under the key (none there: nothing to do). The bucket keeps a deleted object's last version 90 days. */
  delete(key: string): Promise<void>;
}
