/**
 * Domain (pure): identifiers. Levy's own are `<prefix>_<time><random>`: the time part is fixed-width base 36, so ids
 * sort by creation time and a DynamoDB query on the account partition lists records oldest first. Transactions carry
 * the caller's own reference instead (referenceField). A path parameter is checked against the format of the record
 * it names before any read: an id of another shape cannot exist (404), and DynamoDB refuses keys over 1,024 bytes.
 */
import { randomBytes } from 'node:crypto';

export function newId(prefix: string, now = Date.now()): string {
  return `${prefix}_${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

/** Levy's own ids: the prefix, 9 base-36 time characters and 16 hex characters. */
const levyId = (prefix: string) => new RegExp(`^${prefix}_[0-9a-z]{25}$`);

/** The caller's reference of a transaction (referenceField): URL-safe, never `#`. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9._:~-]{1,128}$/;

/** A product's id: Levy's `prod_...` or the caller's own (issue 12: 1-64 characters, URL-safe, never `#`). */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** The shape of a tax code id (src/domain/tax/tax-codes.ts holds the catalogue; any other shape cannot exist). */
const TAX_CODE_ID_PATTERN = /^levy_[a-z0-9_]{1,59}$/;

/** The longest id any record has; a longer path id is refused before anything else (400). */
export const MAX_ID_LENGTH = 128;

export interface IdFormat {
  /** What the record is called in a 404 message. */
  readonly noun: string;
  readonly pattern: RegExp;
}

/** A customer's id: Levy's `cus_...`, or the caller's own (1-64 of A-Z a-z 0-9 _ . -; never `#`, the key separator). */
export const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export const idFormats = {
  vendor: { noun: 'vendor', pattern: levyId('vnd') },
  entity: { noun: 'entity', pattern: levyId('ent') },
  transaction: { noun: 'transaction', pattern: REFERENCE_PATTERN },
  customer: { noun: 'customer', pattern: CUSTOMER_ID_PATTERN },
  exemption: { noun: 'exemption certificate', pattern: levyId('exm') },
  product: { noun: 'product', pattern: PRODUCT_ID_PATTERN },
  tax_code: { noun: 'tax code', pattern: TAX_CODE_ID_PATTERN },
} as const satisfies Readonly<Record<string, IdFormat>>;

export type IdKind = keyof typeof idFormats;
