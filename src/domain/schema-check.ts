/**
 * Domain (pure, types only): a compile-time check that a response schema (what the OpenAPI document promises) and
 * the type a use case answers are the same, so neither can change without the other.
 */

/** true when A and B are mutually assignable. */
export type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Fails the type check unless T is true: `export type VendorMatches = Expect<Exactly<z.output<S>, Vendor>>`. */
export type Expect<T extends true> = T;
