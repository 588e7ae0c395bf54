/** Secondary adapter (DynamoDB Streams): the events a stream batch inserted (the outbox's new items), unmarshalled. */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { LevyEvent } from '../../domain/events/event';
import { toEvent } from './event-store';

export function insertedEvents(batch: DynamoDBStreamEvent): LevyEvent[] {
  return batch.Records.filter((r) => r.eventName === 'INSERT' && r.dynamodb?.NewImage).map((r) => toEvent(unmarshall(r.dynamodb!.NewImage as never)));
}
