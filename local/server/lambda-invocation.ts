/**
 * Local runtime (Lambda emulation): loading a function's module once, as a warm container would, and the timeout a
 * Lambda invocation runs under; a result API Gateway would refuse as a malformed proxy response.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';

export class LambdaTimeout extends Error {}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LambdaTimeout(`Timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One load per key, shared by concurrent first callers; a load that failed is tried again on the next call. */
export function loadOnce<K, V>(load: (key: K) => Promise<V>, keyOf: (key: K) => string = String): (key: K) => Promise<V> {
  const loaded = new Map<string, Promise<V>>();
  return (key) => {
    const id = keyOf(key);
    let pending = loaded.get(id);
    if (!pending) {
      pending = load(key);
      pending.catch(() => loaded.delete(id));
      loaded.set(id, pending);
    }
    return pending;
  };
}

export function isProxyResult(value: unknown): value is APIGatewayProxyResult {
  const r = value as APIGatewayProxyResult | undefined;
  return (
    !!r &&
    typeof r === 'object' &&
    Number.isInteger(r.statusCode) &&
    r.statusCode >= 100 &&
    r.statusCode <= 599 &&
    (r.body === undefined || r.body === null || typeof r.body === 'string')
  );
}
