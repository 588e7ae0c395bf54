/** Composition: stand-ins for ports whose adapter is made (or loaded) by their first method call. */
import { once, onceAsync } from '../shared/once';

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
