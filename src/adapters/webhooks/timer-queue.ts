/**
 * Secondary adapter (in process): the delivery queue of `npm start` and the tests. A message is handed to `consume`
 * after its delay by a timer, as SQS hands it to the delivery function; `drain` waits until nothing is pending or
 * running (tests), `stop` drops what is pending.
 */
import type { DeliveryMessage, DeliveryQueue } from '../../ports/events';

export class TimerDeliveryQueue implements DeliveryQueue {
  private consume: ((message: DeliveryMessage) => Promise<void>) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;

  /** The consumer (the delivery use case); set once the queue is wired. */
  onMessage(consume: (message: DeliveryMessage) => Promise<void>): void {
    this.consume = consume;
  }

  async send(message: DeliveryMessage, delaySeconds: number): Promise<void> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.running++;
      void (this.consume?.(message) ?? Promise.resolve())
        .catch((error: unknown) => console.error(`[levy] webhook delivery of ${message.event_id} to ${message.endpoint_id} failed:`, error))
        .finally(() => this.running--);
    }, delaySeconds * 1000);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** Messages whose retries ran out (the local dead-letter queue). */
  readonly deadLetters: DeliveryMessage[] = [];

  async deadLetter(message: DeliveryMessage): Promise<void> {
    this.deadLetters.push(message);
    console.error(`[levy] webhook delivery of ${message.event_id} to ${message.endpoint_id} gave up after ${message.attempt} attempts`);
  }

  get pending(): number {
    return this.timers.size + this.running;
  }

  /** Resolves once no message is waiting or being delivered (or after `timeoutMs`). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
