/**
 * Secondary adapter (local files): the blob store of `npm start` and the tests, one file per key under a folder
 * (`.levy/documents` by default; src/config/environment.ts). Its content type is kept beside it. Keys are made by
 * Levy (never a client's text), and a key that would leave the folder is refused anyway.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { BlobStore, StoredBlob } from '../../ports/blobs';

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
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await Promise.all([rm(path, { force: true }), rm(`${path}.content-type`, { force: true })]);
  }

  private pathOf(key: string): string {
    const root = resolve(this.folder);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`Blob key '${key}' leaves the store's folder`);
    return path;
  }
}
