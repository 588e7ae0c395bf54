/**
 * Composition: what the keyed routes (billableRoute, idempotentRoute in src/adapters/http/billable-route.ts) are given
 * by their handlers: the usage meter, and Powertools' idempotency persistence layer of each route (./idempotency.ts),
 * a dynamic import loaded with the first call that carries an Idempotency-Key, so keyless calls never parse it.
 */
import { onceAsync } from '../shared/once';
import { usage } from './ports';

export const keyedRouteDeps = {
  usage,
  idempotencyStores: { load: /* @__PURE__ */ onceAsync(async () => (await import('./idempotency')).idempotencyPersistenceOf) },
};
