/**
 * CDK assertion tests of the deploy-time report of the US ZIP tables (lib/stack/us-local-rates-report.ts): a custom
 * resource in a nested stack of its own whose onEvent function (functions/us-local-rates-report) reads the Rates table's
 * manifest, the root's output `UsLocalRates` that `cdk deploy` prints, and least privilege on both roles it brings.
 * Its handler runs on DynamoDB Local in test/integration/us-local-rates-report.test.ts. Bundling is skipped.
 */
import type { LevyStack } from '../../lib/levy-stack';
import { US_LOCAL_RATES_REPORT } from '../../src/config/us-local-rates';
import { tableEnvVar } from '../../src/config/tables';
import { roleStatements } from '../support/role-statements';
import type { StackTemplates } from '../support/stack-templates';
import { configuredApp } from './configured-app';

type Json = Record<string, any>;

let stack: LevyStack;
let templates: StackTemplates;
let resources: Record<string, Json>;
const getAtt = (id: string, attribute: string) => ({ 'Fn::GetAtt': [id, attribute] });

beforeAll(() => {
  ({ templates } = configuredApp());
  stack = configuredApp().levy.stack;
  resources = templates.resources;
});

describe('UsLocalRates deploy report', () => {
  test('one custom resource, served by the Provider framework, re-run when the Rates table or the report code changes', () => {
    const custom = templates.ofType('Custom::UsLocalRates');
    expect(custom).toHaveLength(1);
    const [[customId, resource]] = custom;
    expect(customId).toBe(templates.logicalId(stack.usLocalRatesReport.resource));
    const report = stack.usLocalRatesReport;
    const onEvent = resources[templates.logicalId(report.function.function)];
    expect(resource.Properties).toEqual({
      ServiceToken: getAtt(templates.logicalId(report.provider.node.findChild('framework-onEvent')), 'Arn'),
      // The Rates table's name (passed into the nested stack from the root): a new table is a property change.
      RatesTableName: { Ref: templates.logicalId(stack.tables.Rates) },
      // The onEvent function's bundle: a new bundle (any change to the code it is built from) is a property change.
      CodeVersion: onEvent.Properties.Code.S3Key,
    });
    expect(onEvent.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
    expect(onEvent.Properties.Environment.Variables[tableEnvVar('Rates')]).toBeDefined();
    expect(resource.DeletionPolicy).toBe('Delete');
  });

  test('the root outputs its summary as UsLocalRates (cdk deploy prints it), saying where to ask at any time', () => {
    const output = (templates.root.toJSON().Outputs as Json)[US_LOCAL_RATES_REPORT.outputId];
    expect(output.Description).toContain('npx levy coverage --aws or GET /v1/tax/coverage answers at any time');
    // Not picked up as a CLI variable by docs/deployment.md's awk line (a description starting `NAME:`).
    expect(output.Description).not.toMatch(/^[A-Z][A-Z0-9_]*:/);
    const [nestedId, nestedOutput] = output.Value['Fn::GetAtt'] as [string, string];
    expect(resources[nestedId].Type).toBe('AWS::CloudFormation::Stack');
    const nested = templates.templates.find((t) => t.stack === stack.usLocalRatesReport.resource.stack)!;
    expect(nested.template.Outputs[nestedOutput.replace(/^Outputs\./, '')].Value).toEqual(
      getAtt(templates.logicalId(stack.usLocalRatesReport.resource), US_LOCAL_RATES_REPORT.attributes.summary),
    );
  });

  test('the onEvent role may Query the Rates table (no index) and write its own log group, nothing else', () => {
    const fn = stack.usLocalRatesReport.function;
    const roleId = templates.logicalId(fn.role);
    expect(resources[roleId].Properties.ManagedPolicyArns).toBeUndefined();
    expect(roleStatements(resources, roleId)).toEqual([
      { Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Effect: 'Allow', Resource: getAtt(templates.logicalId(fn.logGroup), 'Arn') },
      { Action: 'dynamodb:Query', Effect: 'Allow', Resource: getAtt(templates.logicalId(stack.tables.Rates), 'Arn') },
    ]);
  });

  test("the Provider framework's role: its own log group, and invoking and reading the one onEvent function; no managed policy", () => {
    const report = stack.usLocalRatesReport;
    const roleId = templates.logicalId(report.frameworkRole);
    expect(resources[roleId].Properties.ManagedPolicyArns).toBeUndefined();
    const framework = resources[templates.logicalId(report.provider.node.findChild('framework-onEvent'))];
    expect(framework.Properties.Role).toEqual(getAtt(roleId, 'Arn'));
    const onEventArn = getAtt(templates.logicalId(report.function.function), 'Arn');
    const frameworkLogs = framework.Properties.LoggingConfig.LogGroup;
    expect(roleStatements(resources, roleId)).toEqual([
      { Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Effect: 'Allow', Resource: getAtt(frameworkLogs.Ref, 'Arn') },
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: [onEventArn, { 'Fn::Join': ['', [onEventArn, ':*']] }] },
      { Action: 'lambda:GetFunction', Effect: 'Allow', Resource: onEventArn },
    ]);
    expect(resources[frameworkLogs.Ref].Properties.RetentionInDays).toBe(30);
  });
});
