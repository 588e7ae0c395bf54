/**
 * Domain (pure): the canonical content of a sale or refund request, for the safe-retry rule: the same id with the
 * same content answers the stored record; the same id with other content is a 409 (canonical JSON: ../fingerprint.ts).
 */
import { byText } from '../compare';
import { contentFingerprint } from '../fingerprint';
import type { RefundRequest, TransactionRequest } from './schema';

/**
 * The content of a sale request as compared on a retry: the parsed request (defaults applied: line ids, quantity;
 * currency and location codes upper-cased), so `"quantity": 1` and no quantity are the same content.
 */
export function transactionFingerprint(request: TransactionRequest): string {
  const { location } = request;
  return contentFingerprint({
    ...request,
    // Absent with customer_id: the sale as sent is compared, not the customer's address at the time.
    location: location && { ...location, country: location.country?.toUpperCase(), state: location.state?.toUpperCase() },
  });
}

/** A refund request's content: its lines in id order (their order carries no meaning). */
export function refundFingerprint(request: RefundRequest): string {
  const line_items = request.line_items ? [...request.line_items].sort((a, b) => byText(a.id, b.id)) : null;
  return contentFingerprint({ id: request.id, date: request.date, line_items });
}
