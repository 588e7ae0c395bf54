/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): the deploy-time report of the US ZIP tables, in a nested stack of
 * its own. A CloudFormation custom resource (custom_resources.Provider) whose onEvent function
 * (functions/us-local-rates-report, a LevyFunction bundled like every other) reads the Rates table's manifest and
 * answers whether US local rates are loaded, in the words `npm start` prints; the root stack shows it as the output
 * `UsLocalRates`, which `cdk deploy` prints at its end (docs/deployment.md "US local rates").
 *
 * It runs when CloudFormation creates it and when one of its properties changes: the Rates table's name (a new table)
 * and the onEvent function's code (any change to the code it bundles, so every Levy upgrade reads again). A deploy
 * that changes neither keeps the last answer, which says the day it was read; GET /v1/tax/coverage and
 * `npx levy coverage --aws` answer at any time.
 *
 * Least privilege: the onEvent role may Query the Rates table only (src/config/us-local-rates.ts) and write its own log
 * group; the Provider framework's function gets a role of its own (not AWSLambdaBasicExecutionRole) that may write its
 * own log group and invoke, or read the configuration of, that one function.
 */
import { CfnOutput, CustomResource, Duration, NestedStack, RemovalPolicy, Stack, Validations, type CfnResource } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { US_LOCAL_RATES_REPORT } from '../../src/config/us-local-rates';
import { LevyFunction, type FunctionSettings } from '../levy-function';
import type { LevyTables } from './tables';

export interface UsLocalRatesReportProps {
  readonly tables: LevyTables;
  readonly settings: FunctionSettings;
}

/** What the output's description says, so a reader of `cdk deploy`'s outputs (or the console) knows how old it is. */
const OUTPUT_DESCRIPTION =
  'Whether US local (county, city, district) rate tables are loaded, read when this deploy created or changed the report: ' +
  'npx levy coverage --aws or GET /v1/tax/coverage answers at any time (docs/deployment.md, US local rates)';

export class UsLocalRatesReport extends Construct {
  /** The onEvent function (reads the Rates table's manifest). */
  readonly function: LevyFunction;
  /** The role of the Provider framework's function. */
  readonly frameworkRole: iam.Role;
  readonly provider: cr.Provider;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: UsLocalRatesReportProps) {
    super(scope, id);
    const def = US_LOCAL_RATES_REPORT;
    this.function = new LevyFunction(this, 'ReportFunction', {
      entry: def.entry,
      description: def.description,
      tableAccess: def.tables,
      tables: props.tables,
      memorySize: 256,
      timeout: Duration.seconds(60),
      ...props.settings,
    });

    const frameworkLogs = new logs.LogGroup(this, 'ProviderLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.frameworkRole = new iam.Role(this, 'ProviderRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Levy deploy report: the custom resource provider framework, its own log group and the report function',
      inlinePolicies: {
        logs: new iam.PolicyDocument({
          statements: [new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [frameworkLogs.logGroupArn] })],
        }),
      },
    });
    this.provider = new cr.Provider(this, 'Provider', {
      onEventHandler: this.function.function,
      frameworkOnEventRole: this.frameworkRole,
      logGroup: frameworkLogs,
    });
    Validations.of(this.frameworkRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.function.function.node.defaultChild as CfnResource)}.Arn>:*]`,
      reason:
        "The Provider framework's grant to invoke the report function (lambda:InvokeFunction) covers that one function's " +
        'versions and aliases (`<function arn>:*`, as grantInvoke writes it): no other function, no other action.',
    });

    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: this.provider.serviceToken,
      resourceType: 'Custom::UsLocalRates',
      // A change of either runs the report again (see the header).
      properties: { RatesTableName: props.tables.Rates.tableName, CodeVersion: codeVersionOf(this.function.function) },
    });
  }

  /** The summary text (its Data `Summary`). */
  get summary(): string {
    return this.resource.getAttString(US_LOCAL_RATES_REPORT.attributes.summary);
  }
}

/** The function's code asset (its S3 key names the bundle's hash): a new bundle is a new value. */
function codeVersionOf(fn: lambda.Function): string {
  const code = (fn.node.defaultChild as lambda.CfnFunction).code as lambda.CfnFunction.CodeProperty;
  return code.s3Key ?? code.zipFile ?? 'inline';
}

/** The report in its own nested stack, and its output `UsLocalRates` on the root (where `cdk deploy` prints outputs). */
export function addUsLocalRatesReport(root: Stack, props: UsLocalRatesReportProps): UsLocalRatesReport {
  const nested = new NestedStack(root, 'DeployReportStack', {
    description: 'Levy deploy-time report: whether US local rate tables are loaded (lib/stack/us-local-rates-report.ts)',
  });
  const report = new UsLocalRatesReport(nested, 'UsLocalRatesReport', props);
  new CfnOutput(root, US_LOCAL_RATES_REPORT.outputId, { value: report.summary, description: OUTPUT_DESCRIPTION });
  return report;
}
