/**
 * Infrastructure construct (CDK): Levy's monitoring as code, in the monitoring nested stack of lib/levy-stack.ts. One
 * SNS topic (own KMS key, TLS only) that every alarm notifies on ALARM and OK (lib/stack/monitoring/alarm-topic.ts),
 * the alarms an on-call person acts on (lib/stack/monitoring/alarms.ts: API 5xx rate and p99 latency, Lambda throttles,
 * authorizer errors, DynamoDB throttles per table), and one dashboard `<stack>-overview` with the API, the custom
 * metrics of src/config/metrics.ts, the functions, the tables and the alarms' states
 * (lib/stack/monitoring/dashboard.ts). The stack builds it last, from what it built.
 */
import { Stack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { TableId } from '../src/config/tables';
import { createAlarmTopic } from './stack/monitoring/alarm-topic';
import { AlarmSet } from './stack/monitoring/alarms';
import { createDashboard } from './stack/monitoring/dashboard';
import type { NamedFunction } from './stack/monitoring/metrics';

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

export class LevyMonitoring extends Construct {
  readonly topic: sns.Topic;
  /** The alarms that notify the topic (a composite one where a kind needs several metric alarms). */
  readonly alarms: cloudwatch.IAlarm[];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: LevyMonitoringProps) {
    super(scope, id);
    const stackName = props.name ?? Stack.of(this).stackName;
    const stage = props.api.deploymentStage;
    const functions: NamedFunction[] = [
      ...Object.entries(props.routeFunctions).map(([name, fn]): NamedFunction => [name, fn.function]),
      ['authorizer', props.authorizerFunction.function],
    ];

    this.topic = createAlarmTopic(this, stackName, props.alarmEmail);
    const alarms = new AlarmSet(this, stackName, this.topic);
    alarms.addApiAlarms(stage);
    alarms.addLambdaThrottleAlarms(functions);
    alarms.addAuthorizerFailureAlarm();
    const tableThrottles = alarms.addTableThrottleAlarms(props.tables);
    this.alarms = alarms.notifying;

    this.dashboard = createDashboard(this, {
      stackName,
      stage,
      alarms: this.alarms,
      billableEndpoints: props.billableEndpoints,
      functions,
      tableThrottles,
    });
  }
}
