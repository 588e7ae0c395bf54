/**
 * Port (implemented by src/adapters/dynamodb/logo-store.ts): the logo images of an account, kept by their SHA-256.
 * An image is written once and never changed or removed, so an issued invoice, which names the hash of the logo it
 * was issued with, prints that logo for ever, whatever its entity's logo is now.
 */
import type { Inflate, Logo, LogoImage } from '../domain/documents/logo-image';

export interface LogoStore {
  /** Keeps the image under its hash; the same image again writes nothing. */
  put(accountId: string, logo: Logo, bytes: Uint8Array): Promise<void>;
  /** The image with that hash, or undefined when the account has none. */
  get(accountId: string, sha256: string): Promise<LogoImage | undefined>;
}

/** zlib's inflate (src/adapters/images/zlib-inflater.ts): what checks that a PNG logo's image data decodes. */
export interface Inflater {
  inflate: Inflate;
}
