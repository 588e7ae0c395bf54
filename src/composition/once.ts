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

/**
 * A port whose implementation is loaded by `load` (a dynamic import) on its first method call, then kept: every port
 * method answers a promise, so the stand-in awaits the module and forwards. Only for ports whose methods are all
 * asynchronous.
 */
export function lazyImport<T extends object>(load: () => Promise<T>): T {
  const instance = onceAsync(load);
  return new Proxy({} as T, {
    get(_, property) {
      // Not a thenable (awaiting the port itself must not call a method), and no symbol-keyed methods.
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return async (...args: unknown[]) => {
        const target = await instance();
        return (Reflect.get(target, property, target) as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A value made by the asynchronous `make` when first asked for, then the same one; a failed make is tried again. */
export function onceAsync<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined; // a failed load (a transient file-system error) is tried again by the next call
      throw error;
    }));
}
