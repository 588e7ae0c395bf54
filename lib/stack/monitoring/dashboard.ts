/**
 * Infrastructure (CDK, part of lib/monitoring.ts): the one dashboard `<stack>-overview`: the alarms' states, the API,
 * the custom metrics of src/config/metrics.ts by endpoint, the functions and the tables.
 */
import { Duration } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME, metricNames } from '../../../src/config/metrics';
import { type NamedFunction, PERIOD } from './metrics';

export interface DashboardProps {
  readonly stackName: string;
  readonly stage: apigateway.Stage;
  /** The alarms whose states head the dashboard. */
  readonly alarms: readonly cloudwatch.IAlarm[];
  /** The `endpoint` dimension of the custom metrics, e.g. `POST /v1/tax/rate`. */
  readonly billableEndpoints: readonly string[];
  readonly functions: readonly NamedFunction[];
  /** Each table's summed throttled requests (the metrics its alarm watches). */
  readonly tableThrottles: readonly cloudwatch.IMetric[];
}

/** A Levy custom metric of one endpoint, summed per period. */
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
const graph = (title: string, left: cloudwatch.IMetric[], width = 12) => new cloudwatch.GraphWidget({ title, left, width, height: 6, period: PERIOD });

export function createDashboard(scope: Construct, props: DashboardProps): cloudwatch.Dashboard {
  const { stage } = props;
  const perFunction = (pick: (fn: lambda.IFunction, name: string) => cloudwatch.IMetric) => props.functions.map(([name, fn]) => pick(fn, name));
  const dashboard = new cloudwatch.Dashboard(scope, 'Dashboard', {
    dashboardName: `${props.stackName}-overview`,
    defaultInterval: Duration.hours(3),
  });
  dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24, height: 4 }));
  dashboard.addWidgets(
    graph('API requests / 4xx / 5xx', [
      apiSum(stage.metricCount(), 'Requests'),
      apiSum(stage.metricClientError(), '4xx'),
      apiSum(stage.metricServerError(), '5xx'),
    ]),
    graph('API latency p50 / p99 (ms)', [
      stage.metricLatency({ statistic: cloudwatch.Stats.p(50), period: PERIOD, label: 'p50' }),
      stage.metricLatency({ statistic: cloudwatch.Stats.p(99), period: PERIOD, label: 'p99' }),
    ]),
  );
  dashboard.addWidgets(
    graph(
      `${metricNames.billableCalls} by endpoint`,
      props.billableEndpoints.map((e) => custom(metricNames.billableCalls, e)),
      8,
    ),
    graph(
      `${metricNames.idempotentReplays} by endpoint`,
      props.billableEndpoints.map((e) => custom(metricNames.idempotentReplays, e)),
      8,
    ),
    // `code` values are open-ended (the error bodies' `error`), so SEARCH finds whichever exist.
    graph(
      `${metricNames.errors} answers by endpoint and code`,
      [
        new cloudwatch.SearchExpression({
          expression:
            `SEARCH('{${METRICS_NAMESPACE},service,endpoint,code} MetricName="${metricNames.errors}" service="${SERVICE_NAME}"', ` +
            `'Sum', ${PERIOD.toSeconds()})`,
          period: PERIOD,
        }),
      ],
      8,
    ),
  );
  dashboard.addWidgets(
    graph(
      'Lambda duration p99 (ms)',
      perFunction((fn, name) => fn.metricDuration({ statistic: cloudwatch.Stats.p(99), period: PERIOD, label: name })),
    ),
    graph(
      'Lambda errors',
      perFunction((fn, name) => fn.metricErrors({ statistic: cloudwatch.Stats.SUM, period: PERIOD, label: name })),
    ),
  );
  dashboard.addWidgets(graph('DynamoDB throttled requests by table', [...props.tableThrottles], 24));
  return dashboard;
}
