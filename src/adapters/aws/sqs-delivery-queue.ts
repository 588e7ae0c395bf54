/**
 * Secondary adapter (SQS, deployed): the webhook delivery queue and its dead-letter queue, spoken to over SQS's JSON
 * protocol (`X-Amz-Target: AmazonSQS.SendMessage`, application/x-amz-json-1.0) with Levy's own SigV4 signer
 * (sigv4.ts), so no SQS SDK client is bundled. SQS delays a message at most 900 s: a longer wait is sent as 900 s with
 * `not_before`, and the delivery function sends it on again until that time (receiveDelivery in
 * src/usecases/webhook-delivery.ts).
 */
import type { DeliveryMessage, DeliveryQueue } from '../../ports/events';
import { signedFetch } from './signed-fetch';

/** SQS's most DelaySeconds per message. */
export const SQS_MAX_DELAY_SECONDS = 900;

export class SqsDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly queueUrl: string,
    private readonly deadLetterQueueUrl: string,
    private readonly region: string,
  ) {}

  async send(message: DeliveryMessage, delaySeconds: number, now = new Date()): Promise<void> {
    const delay = Math.max(0, Math.round(delaySeconds));
    const body = delay > SQS_MAX_DELAY_SECONDS ? { ...message, not_before: new Date(now.getTime() + delay * 1000).toISOString() } : message;
    await this.sendTo(this.queueUrl, body, Math.min(delay, SQS_MAX_DELAY_SECONDS));
  }

  async deadLetter(message: DeliveryMessage): Promise<void> {
    await this.sendTo(this.deadLetterQueueUrl, message, 0);
  }

  private async sendTo(queueUrl: string, message: DeliveryMessage, delaySeconds: number): Promise<void> {
    const host = `sqs.${this.region}.amazonaws.com`;
    const body = JSON.stringify({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds });
    const response = await signedFetch(
      { method: 'POST', host, path: '/', headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' }, body },
      { region: this.region, service: 'sqs' },
      { signal: AbortSignal.timeout(5000) },
    );
    if (!response.ok) throw new Error(`SQS SendMessage answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
}
