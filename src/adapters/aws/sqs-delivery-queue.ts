/**
 * Secondary adapter (SQS, deployed): the webhook delivery queue and its dead-letter queue, through the AWS SDK's SQS
 * client (`@aws-sdk/client-sqs`, SendMessage over SQS's JSON protocol): AWS's maintained signing, credential chain,
 * endpoint rules and retries, not code of our own. SQS delays a message at most 900 s: a longer wait is
 * sent as 900 s with `not_before`, and the delivery function sends it on again until that time (receiveDelivery in
 * src/usecases/webhook-delivery.ts).
 *
 * One client per container, made by the first send and then reused; made then, not at import, because configuration
 * is read when first used (the design card). The SDK module is imported then too: this module is one of the
 * on-demand adapters (src/composition/on-demand-adapters.ts), which every function that writes events loads, and only
 * the functions that send deliveries parse the SQS client (a chunk of its own, about 40 KB minified).
 *
 * The region is the queues' (AWS_REGION: src/config/webhooks.ts deliveryQueues); credentials from the SDK's chain
 * (the function role's, in the environment). The endpoint is the queue URL's own host (the SDK's
 * useQueueUrlAsEndpoint), `https://sqs.<region>.amazonaws.com` for the stack's queues, or AWS_ENDPOINT_URL_SQS. A
 * send the SDK retries (a throttle, a 5xx, a timeout) may put a message in the queue twice: deliveries are at least
 * once and receivers deduplicate by event id (docs/webhooks.md).
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryMessage, DeliveryQueue } from '../../ports/events';
import { levyTracer } from '../observability/tracer';

/** SQS's most DelaySeconds per message. */
export const SQS_MAX_DELAY_SECONDS = 900;

/**
 * How long one attempt may wait for SQS's answer (the SDK's default waits as long as the socket lives), as the
 * queue's sends were bounded before the SDK: a function must not spend its whole timeout on one stalled send.
 */
const SQS_REQUEST_TIMEOUT_MS = 5_000;
const CONNECTION_TIMEOUT_MS = 1_000;

type SqsSdk = typeof import('@aws-sdk/client-sqs');

/** The container's SQS client and its SDK module, by region (a container only ever names one). */
const clients = new Map<string, Promise<{ client: SQSClient; sdk: SqsSdk }>>();

function sqs(region: string): Promise<{ client: SQSClient; sdk: SqsSdk }> {
  let made = clients.get(region);
  if (!made) {
    made = (async () => {
      const sdk = await import('@aws-sdk/client-sqs');
      const client = new sdk.SQSClient({
        region,
        requestHandler: { requestTimeout: SQS_REQUEST_TIMEOUT_MS, connectionTimeout: CONNECTION_TIMEOUT_MS, throwOnRequestTimeout: true },
      });
      levyTracer()?.captureAWSv3Client(client);
      return { client, sdk };
    })();
    // A failed import (a transient file-system error) is tried again by the next send.
    made.catch(() => clients.delete(region));
    clients.set(region, made);
  }
  return made;
}

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
    const { client, sdk } = await sqs(this.region);
    try {
      await client.send(new sdk.SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === undefined) throw error;
      throw new Error(`SQS SendMessage answered ${status}: ${(error as Error).name}: ${(error as Error).message.slice(0, 300)}`, { cause: error });
    }
  }
}
