/**
 * Domain (pure, types only): a compile-time check that a response schema (what the OpenAPI document promises) and
 * the type a use case answers are the same, so neither can change without the other.
 */

type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * true when A and B have the same fields, recursively (through arrays and nullable fields), each mutually assignable.
 * Mutual assignability alone is not enough: a type with one more optional field is assignable both ways.
 */
export type Exactly<A, B> =
  Mutual<A, B> extends false
    ? false
    : [null | undefined] extends [A]
      ? Exactly<NonNullable<A>, NonNullable<B>>
      : null extends A
        ? Exactly<NonNullable<A>, NonNullable<B>>
        : undefined extends A
          ? Exactly<NonNullable<A>, NonNullable<B>>
          : [A] extends [readonly (infer X)[]]
            ? [B] extends [readonly (infer Y)[]]
              ? Exactly<X, Y>
              : false
            : [A] extends [object]
              ? Mutual<keyof A, keyof B> extends true
                ? false extends { [K in keyof A & keyof B]-?: Exactly<A[K], B[K]> }[keyof A & keyof B]
                  ? false
                  : true
                : false
              : true;

/** Fails the type check unless T is true: `export type VendorMatches = Expect<Exactly<z.output<S>, Vendor>>`. */
export type Expect<T extends true> = T;
