/**
 * Domain (pure): identifiers `<prefix>_<time><random>`. The time part is fixed-width base 36, so ids sort by
 * creation time and a DynamoDB query on the account partition lists records oldest first.
 */
import { randomBytes } from 'node:crypto';

export function newId(prefix: string, now = Date.now()): string {
  return `${prefix}_${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}
