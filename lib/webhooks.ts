/**
 * Infrastructure: webhook delivery and the daily time-driven events (docs/webhooks.md), from
 * src/config/background-functions.ts:
 *   Events table stream (NEW_IMAGE) -> webhook-fanout -> delivery queue (SQS, encrypted, TLS only, with a DLQ)
 *   -> webhook-delivery (batch 1) -> the endpoint; retries are sent back to the queue with a delay by the function,
 *   and a message whose 3 days ran out is sent to the DLQ by it (a function failure reaches the DLQ after
 *   DELIVERY_MAX_RECEIVES receives). A daily EventBridge rule invokes scheduled-events.
 * Each function gets exactly the DynamoDB actions its definition lists, and SendMessage on the two queues if it sends
 * (allowSending, also used by the stack for the routes marked `sendsDeliveries`).
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  backgroundFunctions,
  DELIVERY_MAX_RECEIVES,
  DELIVERY_QUEUE_VISIBILITY_SECONDS,
  SCHEDULED_EVENTS_CRON,
  type BackgroundFunction,
} from '../src/config/background-functions';
import type { TableId } from '../src/config/tables';
import { DEAD_LETTER_QUEUE_URL_ENV_VAR, DELIVERY_QUEUE_URL_ENV_VAR } from '../src/config/webhooks';
import { functionConstructId, LevyFunction } from './levy-function';

export interface LevyWebhooksProps {
  readonly tables: Readonly<Record<TableId, dynamodb.Table>>;
  readonly logLevel?: string;
  readonly tracing?: boolean;
  readonly sourceMaps?: boolean;
}

export class LevyWebhooks extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly functions: Readonly<Record<keyof typeof backgroundFunctions, LevyFunction>>;
  readonly schedule: events.Rule;

  constructor(scope: Construct, id: string, props: LevyWebhooksProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.queue = new sqs.Queue(this, 'DeliveryQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(DELIVERY_QUEUE_VISIBILITY_SECONDS),
      // Above the 3-day retry window: a message waiting for its next attempt is never dropped by retention.
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: DELIVERY_MAX_RECEIVES },
    });

    const make = (def: BackgroundFunction): LevyFunction => {
      const fn = new LevyFunction(this, functionConstructId(def.name), {
        entry: def.entry,
        description: def.description,
        tableAccess: def.tables,
        tables: props.tables,
        memorySize: 512,
        timeout: Duration.seconds(def.timeoutSeconds),
        logLevel: props.logLevel,
        tracing: props.tracing,
        sourceMaps: props.sourceMaps,
      });
      if (def.sendsDeliveries) this.allowSending(fn);
      return fn;
    };
    const fanout = make(backgroundFunctions.webhookFanout);
    const delivery = make(backgroundFunctions.webhookDelivery);
    const scheduled = make(backgroundFunctions.scheduledEvents);
    this.functions = { webhookFanout: fanout, webhookDelivery: delivery, scheduledEvents: scheduled };

    // New events only (INSERT): TTL deletions and nothing else reach the fan-out.
    fanout.function.addEventSource(
      new sources.DynamoEventSource(props.tables.Events, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        retryAttempts: 10,
        bisectBatchOnError: true,
        filters: [lambda.FilterCriteria.filter({ eventName: lambda.FilterRule.isEqual('INSERT') })],
      }),
    );
    Validations.of(fanout.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams, added by the DynamoDB event source, does not support resource-level permissions; the stream ' +
        "reads themselves (DescribeStream, GetRecords, GetShardIterator) are on the Events table's stream only.",
    });
    // Consuming needs ReceiveMessage, DeleteMessage and GetQueueAttributes on the queue (the event source grants them).
    delivery.function.addEventSource(new sources.SqsEventSource(this.queue, { batchSize: 1 }));

    this.schedule = new events.Rule(this, 'DailySchedule', {
      description: "Levy: the day's time-driven events (certificates expiring and expired, registrations activated and expired)",
      schedule: events.Schedule.cron({ minute: SCHEDULED_EVENTS_CRON.minute, hour: SCHEDULED_EVENTS_CRON.hour }),
      targets: [new targets.LambdaFunction(scheduled.function, { retryAttempts: 2 })],
    });
  }

  /**
   * A function that sends deliveries (a background one, or a route marked `sendsDeliveries`): the queues' URLs and
   * SendMessage on both. Without them the function would fall back to no queue at all (src/composition/ports.ts).
   */
  allowSending(fn: LevyFunction): void {
    fn.function.addEnvironment(DELIVERY_QUEUE_URL_ENV_VAR, this.queue.queueUrl);
    fn.function.addEnvironment(DEAD_LETTER_QUEUE_URL_ENV_VAR, this.deadLetterQueue.queueUrl);
    fn.policy.addStatements(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn, this.deadLetterQueue.queueArn] }));
  }
}
