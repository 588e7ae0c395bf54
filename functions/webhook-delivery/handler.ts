/**
 * Primary adapter (SQS, batch size 1; not an HTTP route): one delivery attempt per message. An endpoint's failure is an
 * answer (retried through the queue with backoff, then dead-lettered); only a failure of Levy itself throws, and SQS
 * hands the message over again after its visibility timeout.
 */
import type { SQSEvent } from 'aws-lambda';
import { deliveries, deliveryQueue, events, webhookEndpoints, webhookTransport } from '../../src/composition/ports';
import { webhookRetrySeconds, webhooksAllowLoopback } from '../../src/config/webhooks';
import type { DeliveryMessage } from '../../src/ports/events';
import { receiveDelivery } from '../../src/usecases/webhook-delivery';

export const handler = async (batch: SQSEvent): Promise<void> => {
  const deps = { events, webhookEndpoints, deliveries, deliveryQueue, webhookTransport };
  for (const record of batch.Records) {
    await receiveDelivery(
      deps,
      { firstRetrySeconds: webhookRetrySeconds(), allowLoopback: webhooksAllowLoopback() },
      JSON.parse(record.body) as DeliveryMessage,
    );
  }
};
