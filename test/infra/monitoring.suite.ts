/**
 * CDK assertion tests of lib/monitoring.ts on a small stack built here (a mock-integrated REST API, inline-code
 * functions, two tables), so no esbuild runs: the topic, every alarm kind with its metric, threshold and periods,
 * the dashboard, the optional e-mail subscription, and that the construct adds no cdk-nag AwsSolutions finding.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, Stack, Validations, type CfnResource } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { LevyMonitoring, type LevyMonitoringProps } from '../../lib/monitoring';
import { METRICS_NAMESPACE, SERVICE_NAME, metricNames } from '../../src/config/metrics';
import type { TableId } from '../../src/config/tables';

type Json = Record<string, any>;

const STACK = 'MonitoringTest';
const BILLABLE = ['POST /v1/tax/rate', 'POST /v1/tax/unify'];
const TABLE_IDS: TableId[] = ['ApiKeys', 'Transactions'];

interface Fixture {
  app: App;
  stack: Stack;
  monitoring: LevyMonitoring;
  template: Template;
  functions: lambda.Function[];
  tables: dynamodb.Table[];
  logicalId: (c: { node: { defaultChild?: unknown } }) => string;
}

const FIXTURE_FINDINGS = [
  'AwsSolutions-APIG1',
  'AwsSolutions-APIG2',
  'AwsSolutions-APIG3',
  'AwsSolutions-APIG4',
  'AwsSolutions-APIG6',
  'AwsSolutions-COG4',
  'AwsSolutions-L1',
  'AwsSolutions-DDB3',
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
];

/** The fixture's own cdk-nag findings (not the construct's): acknowledged so that the app can synthesize. */
function acknowledgeFixture(scope: Stack, monitoringPath: string): void {
  for (const child of scope.node.findAll()) {
    if (child.node.path.startsWith(`${monitoringPath}/`) || child.node.path === monitoringPath) continue;
    for (const id of FIXTURE_FINDINGS) {
      Validations.of(child).acknowledge({ id, reason: 'Test fixture standing in for the Levy stack; lib/levy-stack.ts is checked by stack.test.ts.' });
    }
  }
}

function build(options: { alarmEmail?: string; routeCount?: number; acknowledge?: boolean } = {}): Fixture {
  const app = new App({ outdir: mkdtempSync(path.join(tmpdir(), 'levy-monitoring-test-')) });
  const stack = new Stack(app, STACK);
  const api = new apigateway.RestApi(stack, 'Api', { deployOptions: { stageName: 'v1' } });
  api.root.addMethod('GET', new apigateway.MockIntegration());
  const fn = (id: string) =>
    new lambda.Function(stack, id, {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 200 });'),
    });
  const routeFunctions: Record<string, { function: lambda.Function }> = {};
  for (let i = 0; i < (options.routeCount ?? 2); i++) routeFunctions[`route-${i}`] = { function: fn(`Route${i}`) };
  const authorizer = fn('Authorizer');
  const tableMap: Partial<Record<TableId, dynamodb.Table>> = {};
  for (const id of TABLE_IDS) {
    tableMap[id] = new dynamodb.Table(stack, `${id}Table`, {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    });
  }
  const props: LevyMonitoringProps = {
    api,
    routeFunctions,
    authorizerFunction: { function: authorizer },
    tables: tableMap,
    billableEndpoints: BILLABLE,
    alarmEmail: options.alarmEmail,
  };
  const monitoring = new LevyMonitoring(stack, 'Monitoring', props);
  if (options.acknowledge) acknowledgeFixture(stack, monitoring.node.path);
  return {
    app,
    stack,
    monitoring,
    template: Template.fromStack(stack),
    functions: [...Object.values(routeFunctions).map((f) => f.function), authorizer],
    tables: TABLE_IDS.map((id) => tableMap[id]!),
    logicalId: (c) => stack.getLogicalId(c.node.defaultChild as CfnResource),
  };
}

const cleanUp = (f: Fixture): void => rmSync(f.app.outdir, { recursive: true, force: true });

const alarmNamed = (template: Template, name: string): Json => {
  const found = Object.values(template.findResources('AWS::CloudWatch::Alarm', { Properties: { AlarmName: name } }));
  expect(found).toHaveLength(1);
  return found[0].Properties;
};

/** FunctionName refs (or TableName/Operation pairs) of the metric stats inside a metric-math alarm. */
const statDimensions = (alarm: Json): Json[] =>
  (alarm.Metrics as Json[])
    .filter((m) => m.MetricStat)
    .map((m) => Object.fromEntries((m.MetricStat.Metric.Dimensions as Json[]).map((d) => [d.Name, d.Value.Ref ?? d.Value])));

describe('LevyMonitoring', () => {
  let f: Fixture;
  let topicRef: Json;
  beforeAll(() => {
    f = build();
    topicRef = { Ref: f.logicalId(f.monitoring.topic) };
  });
  afterAll(() => cleanUp(f));

  test('alarm topic: encrypted with a rotated key of its own, TLS enforced, CloudWatch may publish and use the key', () => {
    const keyId = f.stack.getLogicalId(f.monitoring.topic.masterKey!.node.defaultChild as CfnResource);
    f.template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } });
    f.template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    f.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [topicRef],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } }, ArnLike: { 'aws:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  test('no e-mail subscription without alarmEmail; one with it', () => {
    f.template.resourceCountIs('AWS::SNS::Subscription', 0);
    const withEmail = build({ alarmEmail: 'oncall@example.com' });
    try {
      withEmail.template.resourceCountIs('AWS::SNS::Subscription', 1);
      withEmail.template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'oncall@example.com',
        TopicArn: { Ref: withEmail.logicalId(withEmail.monitoring.topic) },
      });
    } finally {
      cleanUp(withEmail);
    }
  });

  test('every alarm is named after the stack, says what to look at, and sends ALARM and OK to the topic', () => {
    const alarms = Object.values(f.template.findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties as Json);
    expect(alarms).toHaveLength(4 + TABLE_IDS.length);
    for (const a of alarms) {
      expect(a.AlarmName).toMatch(new RegExp(`^${STACK}-`));
      expect(a.AlarmDescription).toMatch(/Look first at/);
      expect(a.AlarmActions).toEqual([topicRef]);
      expect(a.OKActions).toEqual([topicRef]);
    }
  });

  test('API 5xx rate: average 5XXError > 1 % for 3 of 3 five-minute periods, missing data not breaching', () => {
    expect(alarmNamed(f.template, `${STACK}-api-5xx-rate`)).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5XXError',
      Statistic: 'Average',
      Period: 300,
      Threshold: 0.01,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
      TreatMissingData: 'notBreaching',
    });
    const dims = alarmNamed(f.template, `${STACK}-api-5xx-rate`).Dimensions as Json[];
    expect(dims.map((d) => d.Name).sort()).toEqual(['ApiName', 'Stage']);
  });

  test('API latency: p99 Latency > 3000 ms for 3 of 3 five-minute periods', () => {
    expect(alarmNamed(f.template, `${STACK}-api-latency-p99`)).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Period: 300,
      Threshold: 3000,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
    });
  });

  test('Lambda throttles: one math sum over every route function and the authorizer, > 0 in 5 minutes', () => {
    const a = alarmNamed(f.template, `${STACK}-lambda-throttles`);
    expect(a).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    const expression = (a.Metrics as Json[]).find((m) => m.Expression);
    expect(expression).toMatchObject({ ReturnData: true });
    expect(expression!.Expression).toMatch(/^FILL\(\w+, 0\)( \+ FILL\(\w+, 0\))*$/);
    for (const m of (a.Metrics as Json[]).filter((x) => x.MetricStat)) {
      expect(m.MetricStat).toMatchObject({ Metric: { Namespace: 'AWS/Lambda', MetricName: 'Throttles' }, Stat: 'Sum', Period: 300 });
    }
    expect(
      statDimensions(a)
        .map((d) => d.FunctionName)
        .sort(),
    ).toEqual(f.functions.map((fn) => f.logicalId(fn)).sort());
  });

  test('authorizer failures: the AuthorizerFailures sum > 0 for 2 of 2 five-minute periods (not Lambda Errors, which refusals raise)', () => {
    expect(alarmNamed(f.template, `${STACK}-authorizer-failures`)).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: metricNames.authorizerFailures,
      Statistic: 'Sum',
      Period: 300,
      Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
    });
    expect(() => alarmNamed(f.template, `${STACK}-authorizer-errors`)).toThrow();
  });

  test.each(TABLE_IDS.map((id, i) => [id, i] as const))('DynamoDB throttles of %s: ThrottledRequests over its operations > 0', (id, i) => {
    const a = alarmNamed(f.template, `${STACK}-dynamodb-throttles-${id}`);
    expect(a).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    const stats = (a.Metrics as Json[]).filter((m) => m.MetricStat);
    expect(stats.length).toBeLessThanOrEqual(10); // CloudWatch's limit for a metric-math alarm
    for (const m of stats) expect(m.MetricStat.Metric).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: 'ThrottledRequests' });
    const dims = statDimensions(a);
    expect(new Set(dims.map((d) => d.TableName))).toEqual(new Set([f.logicalId(f.tables[i])]));
    expect(dims.map((d) => d.Operation)).toEqual(
      expect.arrayContaining(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'TransactWriteItems', 'BatchWriteItem']),
    );
  });

  test('dashboard <stack>-overview: API, custom metrics (BillableCalls, IdempotentReplays, Errors via SEARCH), functions, tables, alarms', () => {
    const dashboards = Object.values(f.template.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0].Properties.DashboardName).toBe(`${STACK}-overview`);
    const body = JSON.stringify(dashboards[0].Properties.DashboardBody);
    for (const text of [
      metricNames.billableCalls,
      metricNames.idempotentReplays,
      metricNames.errors,
      ...BILLABLE,
      `SEARCH('{${METRICS_NAMESPACE},service,endpoint,code} MetricName=\\\\\\"Errors\\\\\\"`,
      '5XXError',
      '4XXError',
      'Latency',
      'p50',
      'p99',
      'Duration',
      'ThrottledRequests',
      '"type\\":\\"alarm\\"',
    ]) {
      expect(body).toContain(text);
    }
    for (const a of f.monitoring.alarms) expect(body).toContain(f.stack.getLogicalId(a.node.defaultChild as CfnResource));
  });
});

describe('LevyMonitoring with more than 10 functions', () => {
  test('Lambda throttles: alarms of at most 10 metrics together cover every function, one composite alarm notifies', () => {
    const f = build({ routeCount: 12 });
    try {
      const parts = Object.values(
        f.template.findResources('AWS::CloudWatch::Alarm', {
          Properties: { AlarmName: Match.stringLikeRegexp(`^${STACK}-lambda-throttles-part-`) },
        }),
      ).map((r) => r.Properties as Json);
      expect(parts).toHaveLength(2);
      const covered = parts.flatMap((p) => {
        expect(p.AlarmActions).toBeUndefined(); // the composite notifies, once
        const dims = statDimensions(p);
        expect(dims.length).toBeLessThanOrEqual(10);
        return dims.map((d) => d.FunctionName);
      });
      expect(covered.sort()).toEqual(f.functions.map((fn) => f.logicalId(fn)).sort());
      const topicRef = { Ref: f.logicalId(f.monitoring.topic) };
      f.template.hasResourceProperties('AWS::CloudWatch::CompositeAlarm', {
        AlarmName: `${STACK}-lambda-throttles`,
        AlarmActions: [topicRef],
        OKActions: [topicRef],
        AlarmDescription: Match.stringLikeRegexp('Look first at'),
      });
      const rule = JSON.stringify(Object.values(f.template.findResources('AWS::CloudWatch::CompositeAlarm'))[0].Properties.AlarmRule);
      const partIds = Object.keys(
        f.template.findResources('AWS::CloudWatch::Alarm', {
          Properties: { AlarmName: Match.stringLikeRegexp(`^${STACK}-lambda-throttles-part-`) },
        }),
      );
      for (const id of partIds) expect(rule).toContain(`"${id}","Arn"`);
      expect(rule).toMatch(/\) OR ALARM\(/);
    } finally {
      cleanUp(f);
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  test('the construct adds no finding, and the app synthesizes with the plugin registered', () => {
    const f = build({ alarmEmail: 'oncall@example.com', routeCount: 12, acknowledge: true });
    try {
      const report = new AwsSolutionsChecks().validateScope(f.stack);
      const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
      expect(findings).toEqual([]);
      expect(report.success).toBe(true);
      Validations.of(f.app).addPlugins(new AwsSolutionsChecks(f.app));
      expect(() => f.app.synth()).not.toThrow();
    } finally {
      cleanUp(f);
    }
  });

  test('the acknowledgements above cover only the fixture: unacknowledged, every finding is outside the construct', () => {
    const f = build({ alarmEmail: 'oncall@example.com' });
    try {
      const report = new AwsSolutionsChecks().validateScope(f.stack);
      const inConstruct = report.violations.flatMap((v) =>
        v.violatingResources.filter((r) => r.constructPath?.startsWith(`${f.monitoring.node.path}/`)).map((r) => `${v.ruleName}: ${r.constructPath}`),
      );
      expect(inConstruct).toEqual([]);
      expect(report.violations.length).toBeGreaterThan(0); // the check does run here
    } finally {
      cleanUp(f);
    }
  });
});
