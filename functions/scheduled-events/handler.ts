/**
 * Primary adapter (EventBridge Scheduler, daily; not an HTTP route): writes the day's time-driven events
 * (exemption.expiring / .expired, registration.activated / .expired, return.due_soon), each once (src/usecases/time-driven-events.ts).
 */
import { calendar, events, filedReturns } from '../../src/composition/ports';
import { runTimeDrivenEvents } from '../../src/usecases/time-driven-events';

export const handler = async (): Promise<{ day: string; written: number; already: number }> => {
  const run = await runTimeDrivenEvents({ calendar, events, filedReturns });
  console.log(JSON.stringify({ message: 'time-driven events', ...run }));
  return run;
};
