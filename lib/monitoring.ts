/**
 * Infrastructure construct: Levy's monitoring as code. One SNS topic (own KMS key, TLS only) that every alarm notifies
 * on ALARM and OK, the alarms an on-call person acts on (API 5xx rate and p99 latency, Lambda throttles, authorizer
 * errors, DynamoDB throttles per table), and one dashboard `<stack>-overview` with the API, the custom metrics of
 * src/config/metrics.ts, the functions, the tables and the alarms' states. The stack builds it last, from what it built.
 */
import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME, metricNames } from '../src/config/metrics';
import type { TableId } from '../src/config/tables';

/** What monitoring needs of a function: a LevyFunction fits, and so does any `{ function }` (tests). */
export interface MonitoredFunction {
  readonly function: lambda.IFunction;
}

export interface LevyMonitoringProps {
  /**
   * What alarm and dashboard names start with (default: the stack's name). The Levy stack passes its own name: the
   * nested stack monitoring lives in has a generated one.
   */
  readonly name?: string;
  /** The REST API; its `deploymentStage` is the stage whose metrics are watched. */
  readonly api: apigateway.RestApi;
  /** Route functions keyed by route name (src/config/routes.ts). */
  readonly routeFunctions: Readonly<Record<string, MonitoredFunction>>;
  readonly authorizerFunction: MonitoredFunction;
  /** The stack's tables by id (Partial so that a test may pass a few). */
  readonly tables: Readonly<Partial<Record<TableId, dynamodb.ITable>>>;
  /** Labels of the billable endpoints, e.g. `POST /v1/tax/rate`: the `endpoint` dimension of the custom metrics. */
  readonly billableEndpoints: readonly string[];
  /** Subscribed to the alarm topic when given (the address must confirm the subscription). */
  readonly alarmEmail?: string;
}

const PERIOD = Duration.minutes(5);
/** CloudWatch's hard limit of metrics in one metric-math alarm. */
const MAX_ALARM_METRICS = 10;
/**
 * ThrottledRequests exists per table and operation; summing all 14 CDK operations would break that limit. These are
 * the operations Levy's stores and Powertools' idempotency layer call (plus the other common read calls);
 * GetRecords (no streams) and the PartiQL calls are never made.
 */
const THROTTLE_OPERATIONS = [
  'GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems',
  'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems',
] as const;

/** `FILL(a, 0) + FILL(b, 0) ...`: a plain `a + b` has no value where any one series has none, which hides throttles. */
const sumOf = (metrics: Record<string, cloudwatch.IMetric>, label: string): cloudwatch.MathExpression =>
  new cloudwatch.MathExpression({
    expression: Object.keys(metrics).map((id) => `FILL(${id}, 0)`).join(' + '),
    usingMetrics: metrics,
    label,
    period: PERIOD,
  });

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export class LevyMonitoring extends Construct {
  readonly topic: sns.Topic;
  /** The alarms that notify the topic (a composite one where a kind needs several metric alarms). */
  readonly alarms: cloudwatch.IAlarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: LevyMonitoringProps) {
    super(scope, id);
    const stackName = props.name ?? Stack.of(this).stackName;
    const stage = props.api.deploymentStage;
    const alarmArns = `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:${stackName}-*`;

    // ---- Topic: the AWS managed SNS key cannot be used by CloudWatch, so the topic has its own key.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `${stackName}: encrypts the alarm notification topic`,
      enableKeyRotation: true,
      // It protects only notifications in flight: nothing outlives the topic that would need it.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    // As AWS documents for alarms on encrypted topics; the key serves this one topic only.
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `${stackName} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // enforceSSL writes a topic policy, which replaces the default one: let this stack's alarms publish, only them.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID }, ArnLike: { 'aws:SourceArn': alarmArns } },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const notify = (alarm: cloudwatch.AlarmBase): void => {
      alarm.addAlarmAction(new SnsAction(this.topic));
      alarm.addOkAction(new SnsAction(this.topic));
      this.alarms.push(alarm);
    };
    const alarm = (alarmId: string, name: string, description: string, metric: cloudwatch.IMetric, periods: number, threshold = 0) =>
      new cloudwatch.Alarm(this, alarmId, {
        alarmName: `${stackName}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: periods,
        datapointsToAlarm: periods,
        // No traffic is not an incident.
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });

    // ---- API ------------------------------------------------------------------------------------
    // The average of 5XXError (0 or 1 per request) is the fraction of requests that failed.
    notify(alarm('Api5xxRate', 'api-5xx-rate',
      'More than 1 % of API requests answered 5xx for 15 minutes. Look first at the "Errors answers by endpoint and code" ' +
        `graph of the ${stackName}-overview dashboard (code internal_error: which route), then at that function's log ` +
        "group (level ERROR, 'Unhandled error'). Levy's functions answer their own failures as 500s, so Lambda's Errors " +
        'metric stays at 0; a 502/504 with no internal_error is API Gateway (integration failure or timeout).',
      stage.metricServerError({ statistic: cloudwatch.Stats.AVERAGE, period: PERIOD }), 3, 0.01));
    notify(alarm('ApiLatencyP99', 'api-latency-p99',
      'API p99 latency above 3 s for 15 minutes. Look first at "Lambda duration p99" (which route) and ' +
        '"DynamoDB throttles" on the overview dashboard, then at X-Ray traces of the slow route.',
      stage.metricLatency({ statistic: cloudwatch.Stats.p(99), period: PERIOD }), 3, 3000));

    // ---- Lambda throttles: one sum over all functions, split into alarms of at most 10 metrics ----
    const functions: [string, lambda.IFunction][] = [
      ...Object.entries(props.routeFunctions).map(([name, fn]): [string, lambda.IFunction] => [name, fn.function]),
      ['authorizer', props.authorizerFunction.function],
    ];
    const throttleDescription =
      'A Lambda function was throttled (the caller got 429/500). Look first at the account\'s concurrent executions ' +
      'and any reserved concurrency, then at which function throttled (its Throttles metric).';
    const throttleParts = chunks(functions, MAX_ALARM_METRICS).map((part, p) =>
      sumOf(Object.fromEntries(part.map(([name, fn], i) =>
        [`f${p * MAX_ALARM_METRICS + i}`, fn.metricThrottles({ statistic: cloudwatch.Stats.SUM, period: PERIOD, label: name })])),
      'Lambda throttles'));
    if (throttleParts.length === 1) {
      notify(alarm('LambdaThrottles', 'lambda-throttles', throttleDescription, throttleParts[0], 1));
    } else {
      const parts = throttleParts.map((metric, p) =>
        alarm(`LambdaThrottlesPart${p + 1}`, `lambda-throttles-part-${p + 1}`,
          `Part ${p + 1} of ${stackName}-lambda-throttles (which notifies). ${throttleDescription}`, metric, 1));
      notify(new cloudwatch.CompositeAlarm(this, 'LambdaThrottles', {
        compositeAlarmName: `${stackName}-lambda-throttles`,
        alarmDescription: throttleDescription,
        alarmRule: cloudwatch.AlarmRule.anyOf(...parts),
      }));
    }

    // Not the function's Errors metric: every refused key is a thrown 'Unauthorized' and would count there.
    notify(alarm('AuthorizerFailures', 'authorizer-failures',
      'The bearer-key authorizer could not decide (clients get 500 on every route) in 2 five-minute periods in a row. ' +
        "Look first at the authorizer function's log group (level ERROR, 'Authorizer failed'), then at the ApiKeys table " +
        '(throttles, permissions).',
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: metricNames.authorizerFailures,
        dimensionsMap: { service: SERVICE_NAME },
        statistic: cloudwatch.Stats.SUM,
        period: PERIOD,
      }), 2));

    // ---- DynamoDB throttles, one alarm per table (10 operation metrics each) ----------------------
    const tableThrottles = (Object.entries(props.tables) as [TableId, dynamodb.ITable | undefined][])
      .filter((entry): entry is [TableId, dynamodb.ITable] => entry[1] !== undefined)
      .map(([tableId, table], t) => {
        const metric = sumOf(Object.fromEntries(THROTTLE_OPERATIONS.map((op, o) =>
          [`t${t}o${o}`, table.metric('ThrottledRequests', {
            dimensionsMap: { TableName: table.tableName, Operation: op }, statistic: cloudwatch.Stats.SUM, period: PERIOD,
          })])),
        tableId);
        notify(alarm(`DynamoDbThrottles${tableId}`, `dynamodb-throttles-${tableId}`,
          `Requests to the ${tableId} table were throttled. Look first at its ThrottledRequests by operation and at ` +
            'hot partition keys (CloudWatch Contributor Insights), then at the account\'s on-demand table quotas.',
          metric, 1));
        return metric;
      });

    // ---- Dashboard ------------------------------------------------------------------------------
    const custom = (metricName: string, endpoint: string): cloudwatch.Metric =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: SERVICE_NAME, endpoint },
        statistic: cloudwatch.Stats.SUM,
        period: PERIOD,
        label: endpoint,
      });
    const apiSum = (metric: cloudwatch.Metric, label: string) => metric.with({ statistic: cloudwatch.Stats.SUM, period: PERIOD, label });
    const perFunction = (pick: (fn: lambda.IFunction, name: string) => cloudwatch.IMetric) =>
      functions.map(([name, fn]) => pick(fn, name));
    const graph = (title: string, left: cloudwatch.IMetric[], width = 12) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6, period: PERIOD });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${stackName}-overview`,
      defaultInterval: Duration.hours(3),
    });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    );
    this.dashboard.addWidgets(
      graph('API requests / 4xx / 5xx', [
        apiSum(stage.metricCount(), 'Requests'), apiSum(stage.metricClientError(), '4xx'), apiSum(stage.metricServerError(), '5xx'),
      ]),
      graph('API latency p50 / p99 (ms)', [
        stage.metricLatency({ statistic: cloudwatch.Stats.p(50), period: PERIOD, label: 'p50' }),
        stage.metricLatency({ statistic: cloudwatch.Stats.p(99), period: PERIOD, label: 'p99' }),
      ]),
    );
    this.dashboard.addWidgets(
      graph(`${metricNames.billableCalls} by endpoint`, props.billableEndpoints.map((e) => custom(metricNames.billableCalls, e)), 8),
      graph(`${metricNames.idempotentReplays} by endpoint`, props.billableEndpoints.map((e) => custom(metricNames.idempotentReplays, e)), 8),
      // `code` values are open-ended (the error bodies' `error`), so SEARCH finds whichever exist.
      graph(`${metricNames.errors} answers by endpoint and code`, [
        new cloudwatch.SearchExpression({
          expression:
            `SEARCH('{${METRICS_NAMESPACE},service,endpoint,code} MetricName="${metricNames.errors}" service="${SERVICE_NAME}"', ` +
            `'Sum', ${PERIOD.toSeconds()})`,
          period: PERIOD,
        }),
      ], 8),
    );
    this.dashboard.addWidgets(
      graph('Lambda duration p99 (ms)', perFunction((fn, name) => fn.metricDuration({ statistic: cloudwatch.Stats.p(99), period: PERIOD, label: name }))),
      graph('Lambda errors', perFunction((fn, name) => fn.metricErrors({ statistic: cloudwatch.Stats.SUM, period: PERIOD, label: name }))),
    );
    this.dashboard.addWidgets(graph('DynamoDB throttled requests by table', tableThrottles, 24));
  }
}
