/**
 * Primary adapter (DynamoDB Streams on Events; not an HTTP route): fans each new event out to the delivery queue, one
 * message per subscribed endpoint. A failure fails the batch, which the stream hands over again (at least once).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { deliveryQueue, streamEvents, webhookEndpoints } from '../../src/composition/ports';
import { fanOut } from '../../src/usecases/webhook-delivery';

export const handler = async (batch: DynamoDBStreamEvent): Promise<void> => {
  for (const event of await streamEvents.inserted(batch)) await fanOut({ webhookEndpoints, deliveryQueue }, event);
};
