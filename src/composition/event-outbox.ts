/**
 * Composition: the one event outbox of a container: every store and ledger that writes a change adds its
 * event (and notification) through it. Exported by on-demand-adapters.ts with the stores that use it, so a function
 * that writes no event (POST /v1/tax/rate) never loads the outbox, the event types or the notification rules.
 */
import { EventOutbox } from '../adapters/dynamodb/event-outbox';
import { tableName } from '../config/environment';
import { once } from '../shared/once';

export const eventOutbox = /* @__PURE__ */ once(
  () =>
    new EventOutbox(
      () => tableName('Events'),
      () => tableName('Notifications'),
    ),
);
