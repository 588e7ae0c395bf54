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

/**
 * The caller's reference of a transaction (referenceField): URL-safe, never `#`, and never `.` or `..` alone, which
 * a URL (and a storage key built from it) reads as a directory step.
 */
export const REFERENCE_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._:~-]{1,128}$/;

/** A credit note's id: Levy's `crn_...`, or the caller's own (`crn_` and 1-60 letters, digits, `-`, `_`), also its refund's. */
export const CREDIT_NOTE_ID_PATTERN = /^crn_[A-Za-z0-9_-]{1,60}$/;

/**
 * A caller's own id of a product or a customer: 1-64 characters, URL-safe, never `#` (the stores' key
 * separator), and never `.` or `..` alone (a URL and a document's storage key would read them as directory steps).
 */
export const OWN_ID_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,64}$/;
export const OWN_ID_MESSAGE = "must be 1-64 characters of A-Z, a-z, 0-9 and _ . - (not '.' or '..' alone)";

/** A product's id: Levy's `prod_...` or the caller's own. */
export const PRODUCT_ID_PATTERN = OWN_ID_PATTERN;

/** The shape of a tax code id (src/domain/tax/tax-codes.ts holds the catalogue; any other shape cannot exist). */
const TAX_CODE_ID_PATTERN = /^levy_[a-z0-9_]{1,59}$/;

/** The longest id any record has; a longer path id is refused before anything else (400). */
export const MAX_ID_LENGTH = 128;

export interface IdFormat {
  /** What the record is called in a 404 message. */
  readonly noun: string;
  readonly pattern: RegExp;
}

/** A customer's id: Levy's `cus_...`, or the caller's own. */
export const CUSTOMER_ID_PATTERN = OWN_ID_PATTERN;

export const idFormats = {
  vendor: { noun: 'vendor', pattern: levyId('vnd') },
  entity: { noun: 'entity', pattern: levyId('ent') },
  transaction: { noun: 'transaction', pattern: REFERENCE_PATTERN },
  customer: { noun: 'customer', pattern: CUSTOMER_ID_PATTERN },
  exemption: { noun: 'exemption certificate', pattern: levyId('exm') },
  product: { noun: 'product', pattern: PRODUCT_ID_PATTERN },
  tax_code: { noun: 'tax code', pattern: TAX_CODE_ID_PATTERN },
  registration: { noun: 'registration', pattern: levyId('reg') },
  event: { noun: 'event', pattern: levyId('evt') },
  webhook_endpoint: { noun: 'webhook endpoint', pattern: levyId('we') },
  notification: { noun: 'notification', pattern: levyId('ntf') },
  checkout: { noun: 'checkout', pattern: levyId('chk') },
  payment_link: { noun: 'payment link', pattern: levyId('plink') },
  invoice_series: { noun: 'invoice series', pattern: levyId('isr') },
  invoice: { noun: 'invoice', pattern: levyId('inv') },
  credit_note: { noun: 'credit note', pattern: CREDIT_NOTE_ID_PATTERN },
  return: { noun: 'return', pattern: levyId('ret') },
  notice: { noun: 'notice', pattern: levyId('ntc') },
  notice_document: { noun: 'notice document', pattern: levyId('doc') },
  certificate_request: { noun: 'certificate request', pattern: levyId('crq') },
} as const satisfies Readonly<Record<string, IdFormat>>;

export type IdKind = keyof typeof idFormats;
