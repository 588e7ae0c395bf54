/**
 * Infrastructure (CDK, part of lib/monitoring.ts): the alarms an on-call person acts on, each notifying the alarm topic
 * on ALARM and OK and each telling where to look first: API 5xx rate and p99 latency, Lambda throttles, authorizer
 * failures, and DynamoDB throttles per table.
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME, metricNames } from '../../../src/config/metrics';
import type { TableId } from '../../../src/config/tables';
import { type NamedFunction, PERIOD, sumOf } from './metrics';

/** CloudWatch's hard limit of metrics in one metric-math alarm. */
const MAX_ALARM_METRICS = 10;
/**
 * ThrottledRequests exists per table and operation; summing all 14 CDK operations would break that limit. These are
 * the operations Levy's stores and Powertools' idempotency layer call (plus the other common read calls);
 * GetRecords (no streams) and the PartiQL calls are never made.
 */
const THROTTLE_OPERATIONS = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'Scan',
  'TransactGetItems',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
] as const;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Makes the alarms of one monitoring construct, named `<stackName>-<name>`, and keeps the ones that notify. */
export class AlarmSet {
  /** The alarms that notify the topic (a composite one where a kind needs several metric alarms). */
  readonly notifying: cloudwatch.IAlarm[] = [];

  constructor(
    private readonly scope: Construct,
    private readonly stackName: string,
    private readonly topic: sns.ITopic,
  ) {}

  notify(alarm: cloudwatch.AlarmBase): void {
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.notifying.push(alarm);
  }

  /** A metric alarm above `threshold` in `periods` periods in a row; it notifies only once passed to notify. */
  alarm(alarmId: string, name: string, description: string, metric: cloudwatch.IMetric, periods: number, threshold = 0): cloudwatch.Alarm {
    return new cloudwatch.Alarm(this.scope, alarmId, {
      alarmName: `${this.stackName}-${name}`,
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: periods,
      datapointsToAlarm: periods,
      // No traffic is not an incident.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }

  addApiAlarms(stage: apigateway.Stage): void {
    // The average of 5XXError (0 or 1 per request) is the fraction of requests that failed.
    this.notify(
      this.alarm(
        'Api5xxRate',
        'api-5xx-rate',
        'More than 1 % of API requests answered 5xx for 15 minutes. Look first at the "Errors answers by endpoint and code" ' +
          `graph of the ${this.stackName}-overview dashboard (code internal_error: which route), then at that function's log ` +
          "group (level ERROR, 'Unhandled error'). Levy's functions answer their own failures as 500s, so Lambda's Errors " +
          'metric stays at 0; a 502/504 with no internal_error is API Gateway (integration failure or timeout).',
        stage.metricServerError({ statistic: cloudwatch.Stats.AVERAGE, period: PERIOD }),
        3,
        0.01,
      ),
    );
    this.notify(
      this.alarm(
        'ApiLatencyP99',
        'api-latency-p99',
        'API p99 latency above 3 s for 15 minutes. Look first at "Lambda duration p99" (which route) and ' +
          '"DynamoDB throttles" on the overview dashboard, then at X-Ray traces of the slow route.',
        stage.metricLatency({ statistic: cloudwatch.Stats.p(99), period: PERIOD }),
        3,
        3000,
      ),
    );
  }

  /** One sum over all functions, split into alarms of at most 10 metrics under one composite alarm when it must be. */
  addLambdaThrottleAlarms(functions: readonly NamedFunction[]): void {
    const throttleDescription =
      "A Lambda function was throttled (the caller got 429/500). Look first at the account's concurrent executions " +
      'and any reserved concurrency, then at which function throttled (its Throttles metric).';
    const throttleParts = chunks(functions, MAX_ALARM_METRICS).map((part, p) =>
      sumOf(
        Object.fromEntries(
          part.map(([name, fn], i) => [`f${p * MAX_ALARM_METRICS + i}`, fn.metricThrottles({ statistic: cloudwatch.Stats.SUM, period: PERIOD, label: name })]),
        ),
        'Lambda throttles',
      ),
    );
    if (throttleParts.length === 1) {
      this.notify(this.alarm('LambdaThrottles', 'lambda-throttles', throttleDescription, throttleParts[0], 1));
      return;
    }
    const parts = throttleParts.map((metric, p) =>
      this.alarm(
        `LambdaThrottlesPart${p + 1}`,
        `lambda-throttles-part-${p + 1}`,
        `Part ${p + 1} of ${this.stackName}-lambda-throttles (which notifies). ${throttleDescription}`,
        metric,
        1,
      ),
    );
    this.notify(
      new cloudwatch.CompositeAlarm(this.scope, 'LambdaThrottles', {
        compositeAlarmName: `${this.stackName}-lambda-throttles`,
        alarmDescription: throttleDescription,
        alarmRule: cloudwatch.AlarmRule.anyOf(...parts),
      }),
    );
  }

  /** Not the function's Errors metric: every refused key is a thrown 'Unauthorized' and would count there. */
  addAuthorizerFailureAlarm(): void {
    this.notify(
      this.alarm(
        'AuthorizerFailures',
        'authorizer-failures',
        'The bearer-key authorizer could not decide (clients get 500 on every route) in 2 five-minute periods in a row. ' +
          "Look first at the authorizer function's log group (level ERROR, 'Authorizer failed'), then at the ApiKeys table " +
          '(throttles, permissions).',
        new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: metricNames.authorizerFailures,
          dimensionsMap: { service: SERVICE_NAME },
          statistic: cloudwatch.Stats.SUM,
          period: PERIOD,
        }),
        2,
      ),
    );
  }

  /** One alarm per table (10 operation metrics each); answers each table's summed metric, for the dashboard. */
  addTableThrottleAlarms(tables: Readonly<Partial<Record<TableId, dynamodb.ITable>>>): cloudwatch.MathExpression[] {
    return (Object.entries(tables) as [TableId, dynamodb.ITable | undefined][])
      .filter((entry): entry is [TableId, dynamodb.ITable] => entry[1] !== undefined)
      .map(([tableId, table], t) => {
        const metric = sumOf(
          Object.fromEntries(
            THROTTLE_OPERATIONS.map((op, o) => [
              `t${t}o${o}`,
              table.metric('ThrottledRequests', {
                dimensionsMap: { TableName: table.tableName, Operation: op },
                statistic: cloudwatch.Stats.SUM,
                period: PERIOD,
              }),
            ]),
          ),
          tableId,
        );
        this.notify(
          this.alarm(
            `DynamoDbThrottles${tableId}`,
            `dynamodb-throttles-${tableId}`,
            `Requests to the ${tableId} table were throttled. Look first at its ThrottledRequests by operation and at ` +
              "hot partition keys (CloudWatch Contributor Insights), then at the account's on-demand table quotas.",
            metric,
            1,
          ),
        );
        return metric;
      });
  }
}
