/**
 * Domain (pure): the canonical text of a value and its SHA-256, so equal content gives the same fingerprint whatever
 * its key order. The safe-retry rule compares them (a create sent again with the same content answers the stored
 * record; other content under the same id is a 409): the sale and refund fingerprints (transactions/fingerprint.ts),
 * the other creates' (`creationFingerprint`), and the DynamoDB adapter's transaction tokens.
 */
import { createHash } from 'node:crypto';
import { byText } from './compare';

/**
 * JSON with object keys sorted at every depth and undefined members left out. Bytes are written as base64 and a Set
 * as its sorted members (values a stored item may hold), so those too give one text per content.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Uint8Array) return `{"$bytes":${JSON.stringify(Buffer.from(value).toString('base64'))}}`;
  if (value instanceof Set) return `{"$set":[${[...value].map(canonicalJson).sort(byText).join(',')}]}`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => byText(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The SHA-256 (hex) of a value's canonical JSON. */
export const contentFingerprint = (value: unknown): string => sha256Hex(canonicalJson(value));

/**
 * What a create with a caller-chosen id is compared by when the id is found taken: the kind of record and the parsed
 * request (defaults applied), not the record built from it (its timestamps differ from one request to the next). The
 * account is not in it: a create only ever meets the records of its own account.
 */
export const creationFingerprint = (kind: string, request: object): string => contentFingerprint({ kind, request });
