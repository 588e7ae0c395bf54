/**
 * Domain (pure): when DynamoDB TTL may remove a checkout. Apart from checkout.ts (whose zod schemas are built at import)
 * so the store, which every function's composition root imports, pulls no schema into bundles that never use it.
 */

/** An expired (never completed) checkout stays readable, as `expired`, this long before DynamoDB TTL removes it. */
export const EXPIRED_CHECKOUT_RETENTION_SECONDS = 30 * 86_400;

/** The epoch second DynamoDB TTL may delete an open checkout: a while after it expired (completed ones are kept). */
export const checkoutTtl = (expiresAtIso: string): number => Math.floor(Date.parse(expiresAtIso) / 1000) + EXPIRED_CHECKOUT_RETENTION_SECONDS;
