/**
 * The AWS quotas a deploy of the Levy stack runs into, measured on the synthesized templates: the root's and every
 * nested stack's (test/support/stack-templates.ts). Each quota names its documented limit and the AWS documentation
 * page that states it; `measureQuotas` gives every instance of each (per template, per role, per function, per API,
 * per method, per nested-stack parameter) and test/infra/stack-size.suite.ts holds each under 90 % of its limit.
 *
 * Sizes are of what AWS is sent, not of the template's text: a name CloudFormation generates (tables, functions, log
 * groups, queues, the nested stacks) is taken at the longest it can get (`deployedValue`), with the Region, partition
 * and account as long as they come. The quotas themselves (limits and sources) are in test/infra/quota-definitions.ts.
 */
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { Stage, type CfnResource } from 'aws-cdk-lib';
import type { StackTemplates, SynthesizedTemplate } from '../support/stack-templates';
import { PATH_PARAMETER_ALLOWANCE, QUOTAS, share, STACK_NAME_ALLOWANCE, type Instance, type Json, type Quota } from './quota-definitions';

export { QUOTAS, share, PATH_PARAMETER_ALLOWANCE, STACK_NAME_ALLOWANCE, type Instance, type Quota } from './quota-definitions';

/**
 * What AWS puts where a template has a reference, at its longest: the longest partition, a Region code as long as a
 * commercial one gets, the physical names CloudFormation generates (`<stack name>-<logical id>-<suffix>`, cut where
 * the service's name limit is), the ARNs built of them.
 */
const PARTITION = 'aws-us-gov';
const REGION = 'ap-southeast-7';
const ACCOUNT = '123456789012';
const URL_SUFFIX = 'amazonaws.com.cn';
/** CloudFormation's unique suffix of a generated name (`MyStack-MyBucket-abcdefghijk1`): one more, to be safe. */
const GENERATED_SUFFIX = 'ABCDEFGHIJKLM';
const API_GATEWAY_ID = 'abcdefghij';
const KMS_KEY_ID = '12345678-1234-1234-1234-123456789012';
/** The longest name each service allows, where CloudFormation cuts a generated one. */
const NAME_MAX: Record<string, number> = {
  'AWS::CloudFormation::Stack': 128,
  'AWS::DynamoDB::Table': 255,
  'AWS::Lambda::Function': 64,
  'AWS::Logs::LogGroup': 512,
  'AWS::SQS::Queue': 80,
  'AWS::S3::Bucket': 63,
  'AWS::IAM::Role': 64,
  'AWS::SNS::Topic': 256,
};
const NAME_PROPERTY: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::SNS::Topic': 'TopicName',
};
const arn = (service: string, resource: string, region = REGION, account = ACCOUNT) => `arn:${PARTITION}:${service}:${region}:${account}:${resource}`;

/**
 * Renders a value of the merged templates as AWS will see it deployed: every `Ref`, `Fn::GetAtt`, `Fn::Join`,
 * `Fn::Sub`, `Fn::Select` and `Fn::Split` resolved, with the longest names. Anything else throws, so a reference this
 * does not know is never counted short.
 */
export function deployedValue(templates: StackTemplates, rootStackName: string): (value: Json) => Json {
  const templateOf = new Map<string, SynthesizedTemplate>();
  for (const t of templates.templates) for (const id of Object.keys(t.template.Resources ?? {})) templateOf.set(id, t);
  const nestedStackName = new Map<SynthesizedTemplate, string>();
  const stackName = (t: SynthesizedTemplate): string => {
    const parentStack = t.stack.nestedStackParent;
    if (!parentStack) return rootStackName.padEnd(STACK_NAME_ALLOWANCE, 'x');
    if (!nestedStackName.has(t)) {
      const parent = templates.templates.find((x) => x.stack === parentStack)!;
      nestedStackName.set(t, generated(parent, parentStack.getLogicalId(t.stack.nestedStackResource as CfnResource), 'AWS::CloudFormation::Stack'));
    }
    return nestedStackName.get(t)!;
  };
  const generated = (t: SynthesizedTemplate, id: string, type: string) => `${stackName(t)}-${id}-${GENERATED_SUFFIX}`.slice(0, NAME_MAX[type] ?? 255);
  const resource = (id: string): Json => {
    const r = templates.resources[id];
    if (!r) throw new Error(`deployedValue: no resource ${id} in any template (an unresolved parameter?)`);
    return r;
  };
  const physicalName = (id: string): string => {
    const r = resource(id);
    const named = NAME_PROPERTY[r.Type] && r.Properties?.[NAME_PROPERTY[r.Type]];
    if (named !== undefined) return String(render(named));
    if (!NAME_MAX[r.Type]) throw new Error(`deployedValue: no name known for ${r.Type} (${id})`);
    const name = generated(templateOf.get(id)!, id, r.Type);
    return r.Type === 'AWS::S3::Bucket' ? name.toLowerCase() : name;
  };
  const ref = (id: string): string => {
    const pseudo: Record<string, string> = { 'AWS::Partition': PARTITION, 'AWS::Region': REGION, 'AWS::AccountId': ACCOUNT, 'AWS::URLSuffix': URL_SUFFIX };
    if (id in pseudo) return pseudo[id];
    const r = resource(id);
    switch (r.Type) {
      case 'AWS::SQS::Queue':
        return `https://sqs.${REGION}.${URL_SUFFIX}/${ACCOUNT}/${physicalName(id)}`;
      case 'AWS::SNS::Topic':
        return arn('sns', physicalName(id));
      case 'AWS::KMS::Key':
        return KMS_KEY_ID;
      case 'AWS::ApiGateway::Stage':
        return String(render(r.Properties.StageName));
      case 'AWS::ApiGateway::RestApi':
      case 'AWS::ApiGateway::Resource':
      case 'AWS::ApiGateway::Authorizer':
      case 'AWS::ApiGateway::Deployment':
      case 'AWS::ApiGateway::UsagePlan':
        return API_GATEWAY_ID;
      default:
        return physicalName(id);
    }
  };
  const getAtt = (id: string, attribute: string): string => {
    const r = resource(id);
    const key = `${r.Type}.${attribute}`;
    switch (key) {
      case 'AWS::DynamoDB::Table.Arn':
        return arn('dynamodb', `table/${physicalName(id)}`);
      case 'AWS::DynamoDB::Table.StreamArn':
        return arn('dynamodb', `table/${physicalName(id)}/stream/2025-01-01T00:00:00.000`);
      case 'AWS::Lambda::Function.Arn':
        return arn('lambda', `function:${physicalName(id)}`);
      case 'AWS::Logs::LogGroup.Arn':
        return arn('logs', `log-group:${physicalName(id)}:*`);
      case 'AWS::SQS::Queue.Arn':
        return arn('sqs', physicalName(id));
      case 'AWS::SQS::Queue.QueueName':
        return physicalName(id);
      case 'AWS::S3::Bucket.Arn':
        return arn('s3', physicalName(id), '', '');
      case 'AWS::SNS::Topic.TopicArn':
        return arn('sns', physicalName(id));
      case 'AWS::IAM::Role.Arn':
        return arn('iam', `role/${physicalName(id)}`, '');
      case 'AWS::KMS::Key.Arn':
        return arn('kms', `key/${KMS_KEY_ID}`);
      case 'AWS::ApiGateway::RestApi.RootResourceId':
        return API_GATEWAY_ID;
      default:
        throw new Error(`deployedValue: Fn::GetAtt ${key} (${id}) is not known`);
    }
  };
  const render = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(render);
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    if (keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::'))) {
      const [key] = keys;
      const arg = value[key];
      switch (key) {
        case 'Ref':
          return ref(arg);
        case 'Fn::GetAtt':
          return getAtt(arg[0], arg[1]);
        case 'Fn::Join':
          return (render(arg[1]) as Json[]).join(arg[0]);
        case 'Fn::Select':
          return render(arg[1])[Number(render(arg[0]))];
        case 'Fn::Split':
          return String(render(arg[1])).split(arg[0]);
        case 'Fn::Sub': {
          const [text, variables] = Array.isArray(arg) ? arg : [arg, {}];
          return (text as string).replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
            if (variables[name] !== undefined) return String(render(variables[name]));
            const dot = name.indexOf('.');
            return dot > 0 && !name.startsWith('AWS::') ? getAtt(name.slice(0, dot), name.slice(dot + 1)) : ref(name);
          });
        }
        default:
          throw new Error(`deployedValue: ${key} is not known`);
      }
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, render(v)]));
  };
  return render;
}

/** The size of a template file as `cdk synth` writes it and `cdk deploy` uploads it. */
function templateBytes(t: SynthesizedTemplate): number {
  const assembly = Stage.of(t.stack)!.synth();
  const bytes = statSync(path.join(assembly.directory, t.stack.templateFile)).size;
  // With bundling skipped (as the tests synthesize), a function's `aws:asset:path` metadata is its source folder;
  // bundled, it is `asset.<sha256 hex>`: count that.
  const staged = 'asset.'.length + 64;
  const unstaged = Object.values(t.template.Resources ?? {})
    .map((r: Json) => r.Metadata?.['aws:asset:path'])
    .filter((p): p is string => typeof p === 'string' && path.isAbsolute(p));
  return bytes + unstaged.reduce((sum, p) => sum + staged - (Buffer.byteLength(JSON.stringify(p)) - 2), 0);
}

/**
 * Every instance of every quota in `QUOTAS`. Synthesize with the context the CDK CLI gives an app (path metadata,
 * asset metadata, version reporting: `CLI_CONTEXT`) so the templates are the ones `cdk synth` writes.
 */
export function measureQuotas(templates: StackTemplates): Instance[] {
  const root = templates.templates[0];
  const render = deployedValue(templates, root.stack.stackName);
  const out: Instance[] = [];
  const add = (quota: Quota, subject: string, value: number, limit: number = quota.limit) => out.push({ quota, subject, value, limit });

  for (const t of templates.templates) {
    add(QUOTAS.resources, t.path, t.resourceCount);
    add(QUOTAS.outputs, t.path, t.outputCount);
    add(QUOTAS.parameters, t.path, t.parameterCount);
    add(QUOTAS.templateSize, t.path, templateBytes(t));
  }
  for (const [id, nested] of templates.ofType('AWS::CloudFormation::Stack')) {
    const child = templates.templates.find(
      (t) => t.stack.nestedStackParent && t.stack.nestedStackParent.getLogicalId(t.stack.nestedStackResource as CfnResource) === id,
    );
    for (const [name, value] of Object.entries(nested.Properties.Parameters ?? {})) {
      add(QUOTAS.parameterValue, `${child?.path ?? id}: ${name}`, Buffer.byteLength(String(render(value))));
    }
  }

  const policiesOf = new Map<string, Json[]>();
  for (const [id, role] of templates.ofType('AWS::IAM::Role')) {
    policiesOf.set(
      id,
      (role.Properties.Policies ?? []).map((p: Json) => p.PolicyDocument),
    );
  }
  for (const type of ['AWS::IAM::Policy', 'AWS::IAM::RolePolicy']) {
    for (const [id, policy] of templates.ofType(type)) {
      const roles = type === 'AWS::IAM::Policy' ? (policy.Properties.Roles ?? []) : [policy.Properties.RoleName];
      for (const role of roles) {
        const roleId = role?.Ref;
        if (!policiesOf.has(roleId)) throw new Error(`${id} is attached to ${JSON.stringify(role)}, not a role of these templates`);
        policiesOf.get(roleId)!.push(policy.Properties.PolicyDocument);
      }
    }
  }
  for (const [roleId, documents] of policiesOf) {
    add(
      QUOTAS.rolePolicies,
      roleId,
      documents.reduce((sum, d) => sum + JSON.stringify(render(d)).replace(/\s/g, '').length, 0),
    );
  }

  for (const [id, fn] of templates.ofType('AWS::Lambda::Function')) {
    add(QUOTAS.lambdaEnvironment, id, Buffer.byteLength(JSON.stringify(render(fn.Properties.Environment?.Variables ?? {}))));
  }

  const apiOf = (r: Json): string => r.Properties.RestApiId?.Ref;
  for (const [apiId] of templates.ofType('AWS::ApiGateway::RestApi')) {
    add(QUOTAS.apiResources, apiId, 1 + templates.ofType('AWS::ApiGateway::Resource').filter(([, r]) => apiOf(r) === apiId).length);
    add(QUOTAS.apiAuthorizers, apiId, templates.ofType('AWS::ApiGateway::Authorizer').filter(([, r]) => apiOf(r) === apiId).length);
  }
  const pathOf = (resourceRef: Json): string => {
    if (resourceRef?.['Fn::GetAtt']?.[1] === 'RootResourceId') return '';
    const r = templates.resources[resourceRef.Ref];
    return `${pathOf(r.Properties.ParentId)}/${r.Properties.PathPart}`;
  };
  const stageNames = templates.ofType('AWS::ApiGateway::Stage').map(([, s]) => String(render(s.Properties.StageName)));
  const longestStage = stageNames.reduce((a, b) => (b.length > a.length ? b : a), '');
  const functionOfUri = (uri: Json): string | undefined => {
    const parts: Json[] = uri?.['Fn::Join']?.[1] ?? [];
    return parts.find((p) => p?.['Fn::GetAtt']?.[1] === 'Arn')?.['Fn::GetAtt'][0];
  };
  for (const [, method] of templates.ofType('AWS::ApiGateway::Method')) {
    const { HttpMethod, AuthorizationType, ResourceId, Integration } = method.Properties;
    const route = `${HttpMethod} ${pathOf(ResourceId) || '/'}`;
    if (AuthorizationType && AuthorizationType !== 'NONE') {
      const resourcePath = (pathOf(ResourceId) || '/').replace(/\{[^}]+\}/g, 'x'.repeat(PATH_PARAMETER_ALLOWANCE));
      add(QUOTAS.methodArn, route, Buffer.byteLength(arn('execute-api', `${API_GATEWAY_ID}/${longestStage}/${HttpMethod}${resourcePath}`)));
    }
    const fnId = Integration?.Type?.startsWith('AWS') ? functionOfUri(Integration.Uri) : undefined;
    if (fnId) {
      // Lambda's default timeout is 3 s; the integration's is the quota's upper bound, never above it.
      const integrationTimeout = Math.min(Integration.TimeoutInMillis ?? QUOTAS.integrationTimeout.limit, QUOTAS.integrationTimeout.limit);
      add(QUOTAS.integrationTimeout, `${route} -> ${fnId}`, (templates.resources[fnId].Properties.Timeout ?? 3) * 1000, integrationTimeout);
    }
  }
  return out;
}

/** For each quota, its instance nearest its limit, tightest first. */
export function worstPerQuota(instances: readonly Instance[]): Instance[] {
  const worst = new Map<string, Instance>();
  for (const i of instances) if (!worst.has(i.quota.id) || share(i) > share(worst.get(i.quota.id)!)) worst.set(i.quota.id, i);
  return [...worst.values()].sort((a, b) => share(b) - share(a));
}

/** The instances at or over `ceiling` (a share of the limit), as readable lines for a failing expectation. */
export const overCeiling = (instances: readonly Instance[], ceiling: number): string[] =>
  instances
    .filter((i) => i.value >= i.limit * ceiling)
    .map((i) => `${i.quota.name}: ${i.subject} at ${i.value} of ${i.limit} ${i.quota.unit} (${(share(i) * 100).toFixed(1)} %, ceiling ${ceiling * 100} %)`);

/** One row per quota, tightest first: the figures docs/deployment.md quotes. */
export const quotaTable = (instances: readonly Instance[]) =>
  worstPerQuota(instances).map((i) => ({
    quota: i.quota.name,
    limit: `${i.limit.toLocaleString('en-US')} ${i.quota.unit}`,
    worst: i.subject,
    figure: i.value,
    used: `${(share(i) * 100).toFixed(1)} %`,
    headroom: `${(i.limit - i.value).toLocaleString('en-US')} ${i.quota.unit}`,
  }));

/**
 * Why the 1 MB S3-object limit is the one that applies (QUOTAS.templateSize): the root's cloud-assembly artifact has
 * the S3 URL of its template asset (`stackTemplateAssetObjectUrl`, which `cdk deploy` passes as TemplateURL instead of
 * a TemplateBody), and every nested stack names its template by TemplateURL. The problems, if any.
 */
export function templatesDeployedFromS3(templates: StackTemplates): string[] {
  const problems: string[] = [];
  const root = templates.templates[0].stack;
  if (!Stage.of(root)!.synth().getStackArtifact(root.artifactId).stackTemplateAssetObjectUrl) {
    problems.push(`${root.node.path} has no template asset URL: cdk deploy would send its template as a body (51,200 bytes at most)`);
  }
  for (const [id, nested] of templates.ofType('AWS::CloudFormation::Stack')) {
    if (!nested.Properties.TemplateURL || nested.Properties.TemplateBody) problems.push(`${id} does not name its template by TemplateURL`);
  }
  return problems;
}
