/**
 * Domain (pure): the canonical content of a request, for the safe-retry rule: the same id with the same content
 * answers the stored record; the same id with other content is a 409.
 */
import { byText } from '../compare';
import { createHash } from 'node:crypto';
import type { RefundRequest, TransactionRequest } from './schema';

/** JSON with object keys sorted at every depth, so equal content gives equal text whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => byText(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The content of a sale request as compared on a retry: the parsed request (defaults applied: line ids, quantity;
 * currency and location codes upper-cased), so `"quantity": 1` and no quantity are the same content.
 */
export function transactionFingerprint(request: TransactionRequest): string {
  const { location } = request;
  return sha256(
    canonicalJson({
      ...request,
      // Absent with customer_id: the sale as sent is compared, not the customer's address at the time.
      location: location && { ...location, country: location.country?.toUpperCase(), state: location.state?.toUpperCase() },
    }),
  );
}

/** A refund request's content: its lines in id order (their order carries no meaning). */
export function refundFingerprint(request: RefundRequest): string {
  const line_items = request.line_items ? [...request.line_items].sort((a, b) => byText(a.id, b.id)) : null;
  return sha256(canonicalJson({ id: request.id, date: request.date, line_items }));
}
