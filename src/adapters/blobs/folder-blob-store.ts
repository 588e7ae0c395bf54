/**
 * Secondary adapter (local files): the blob store of `npm start` and the tests, one file per key under a folder
 * (`.levy/documents` by default; src/config/environment.ts). Its content type is kept beside it. Keys are made by
 * Levy (never a client's text), and a key that would leave the folder is refused anyway. Its pre-signed URLs point
 * at the local server, which checks their HMAC (local-blob-urls.ts) and then reads or writes through this store.
 */
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { BlobHead, BlobStore, PresignedRequest, StoredBlob } from '../../ports/blobs';
import { localBlobUrl } from './local-blob-urls';

const absent = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class FolderBlobStore implements BlobStore {
  constructor(private readonly folder: string) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const partial = `${path}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, bytes);
    await writeFile(`${path}.content-type`, contentType);
    await rename(partial, path);
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const path = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.content-type`, 'utf8')]);
      return { bytes, contentType };
    } catch (error) {
      if (absent(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await Promise.all([rm(path, { force: true }), rm(`${path}.content-type`, { force: true })]);
  }

  async head(key: string): Promise<BlobHead | undefined> {
    const path = this.pathOf(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.content-type`, 'utf8')]);
      return { size: info.size, contentType };
    } catch (error) {
      if (absent(error)) return undefined;
      throw error;
    }
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer | undefined> {
    let file;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (absent(error)) return undefined;
      throw error;
    }
    try {
      const buffer = Buffer.alloc(end - start + 1);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async presignPut(key: string, upload: { contentType: string; contentLength: number }, expiresInSeconds: number, now: Date): Promise<PresignedRequest> {
    this.pathOf(key); // a key that would leave the folder gets no URL
    const expires = Math.floor(now.getTime() / 1000) + expiresInSeconds;
    return {
      url: localBlobUrl({ method: 'PUT', key, expires, contentType: upload.contentType, contentLength: upload.contentLength }),
      method: 'PUT',
      headers: { 'content-type': upload.contentType, 'content-length': String(upload.contentLength) },
      expiresAt: new Date(expires * 1000),
    };
  }

  async presignGet(key: string, expiresInSeconds: number, now: Date): Promise<PresignedRequest> {
    this.pathOf(key); // a key that would leave the folder gets no URL
    const expires = Math.floor(now.getTime() / 1000) + expiresInSeconds;
    return { url: localBlobUrl({ method: 'GET', key, expires }), method: 'GET', headers: {}, expiresAt: new Date(expires * 1000) };
  }

  private pathOf(key: string): string {
    const root = resolve(this.folder);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`Blob key '${key}' leaves the store's folder`);
    return path;
  }
}
