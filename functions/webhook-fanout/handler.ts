/**
 * Primary adapter (DynamoDB Streams on Events; not an HTTP route): fans each new event out to the delivery queue, one
 * message per subscribed endpoint (each account's endpoints read once per batch). A failure fails the batch, which the stream hands over again (at least once).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { deliveryQueue, streamEvents, webhookEndpoints } from '../../src/composition/ports';
import { fanOutBatch } from '../../src/usecases/webhook-delivery';

export const handler = async (batch: DynamoDBStreamEvent): Promise<void> => {
  await fanOutBatch({ webhookEndpoints, deliveryQueue }, await streamEvents.inserted(batch));
};
