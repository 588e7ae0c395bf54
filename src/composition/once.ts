/** Composition: values made when first needed, then kept for the life of the container. */

/** A value made by `make` when first asked for, then the same one every time. */
export function once<T>(make: () => T): () => T {
  // A flag, not `??=`: `make` may answer undefined (a middleware that is not built in), and that is kept too.
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/**
 * An object that stands for the one `make` returns, made on its first method call: a port can be imported and passed
 * around before its table name is known. Only methods are forwarded (ports have no data properties).
 */
export function lazy<T extends object>(make: () => T): T {
  const instance = once(make);
  return new Proxy({} as T, {
    get(_, property) {
      const target = instance();
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
