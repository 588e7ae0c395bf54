/**
 * CDK assertion tests of the stack's layout (lib/levy-stack.ts, lib/stack-areas.ts) and of the AWS quotas it deploys
 * into: route functions in one nested stack per area derived from the path, and every quota of test/infra/quotas.ts
 * (each with its documented limit and the AWS page that states it: CloudFormation's resources, outputs, parameters,
 * template size and parameter values per template; a role's inline policies; a function's environment; the REST API's
 * resources, authorizers, method ARNs and integration timeouts) under 90 % of its limit in every template, the root's
 * and each nested stack's. The stack is also synthesized with synthetic routes up to ROADMAP_ROUTES and held to the
 * same; on both, the three per-template counts stay under 60 %, the headroom the layout keeps for growth. The test
 * prints the quotas, tightest first (docs/deployment.md, "AWS quotas"). Bundling is skipped.
 */
import { Stack } from 'aws-cdk-lib';
import { createLevyApp } from '../../lib/levy-app';
import type { LevyStack } from '../../lib/levy-stack';
import { AREA_SEGMENTS, DEFAULT_AREA, areaOfFunction, areaOfPath, areaSegment, areaStackId } from '../../lib/stack-areas';
import { routeFunctions, routes, type RouteDefinition } from '../../src/config/routes';
import { once } from '../../src/shared/once';
import { stackTemplates, type StackTemplates } from '../support/stack-templates';
import { QUOTAS, measureQuotas, overCeiling, quotaTable, share, templatesDeployedFromS3, worstPerQuota, type Instance } from './quotas';
import { cdkContext } from './configured-app';

type Json = Record<string, any>;

/** Every quota below this share of its limit. */
const QUOTA_CEILING = 0.9;
/**
 * The three per-template counts (resources, parameters, outputs) below this share of CloudFormation's limits: the
 * headroom the next issues' routes and tables grow into before the layout has to change (docs/deployment.md).
 */
const LAYOUT_CEILING = 0.6;
const LAYOUT_QUOTAS: readonly string[] = [QUOTAS.resources.id, QUOTAS.parameters.id, QUOTAS.outputs.id];
/** Routes the quotas must leave room for: more than the API has today, so the next routes fit too. */
const ROADMAP_ROUTES = 110;
/**
 * What the CDK CLI adds to an app's context (aws-cdk's contextFromSettings: path and asset metadata, version
 * reporting), so the templates measured are the ones `cdk synth` writes and `cdk deploy` uploads.
 */
const CLI_CONTEXT = { 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true, 'aws:cdk:version-reporting': true };

const synthesize = (extraRoutes: readonly RouteDefinition[]): { stack: LevyStack; templates: StackTemplates } => {
  const context = { ...cdkContext, ...CLI_CONTEXT, 'aws:cdk:bundling-stacks': [] };
  const { stack } = createLevyApp({ context }, extraRoutes.length ? { routes: [...routes, ...extraRoutes] } : {});
  return { stack, templates: stackTemplates(stack) };
};
/** The stack of today's routes, synthesized once for the tests that read it. */
const today = once(() => synthesize([]));
const build = (extraRoutes: readonly RouteDefinition[] = []) => (extraRoutes.length ? synthesize(extraRoutes) : today());

/**
 * Routes up to ROADMAP_ROUTES, spread over every area's segments and one segment no area names (the default area),
 * each on a path of its own (a new API resource each: more than real routes, which share resources) with a function of
 * its own reading one table.
 */
function syntheticRoutes(count: number): RouteDefinition[] {
  const base = routes.find((r) => r.name === 'vendors-get')! as RouteDefinition;
  const segments = [...Object.values(AREA_SEGMENTS).flat(), 'not_an_area_segment'];
  return Array.from({ length: count }, (_, i) => {
    const name = `synthetic-${i}`;
    return { ...base, name, function: name, method: 'POST', path: `/v1/${segments[i % segments.length]}/synthetic_${i}` } as RouteDefinition;
  });
}

/** The tightest quota, as one line: how much of its limit it uses and how far it is from the limit and the ceiling. */
function tightest(instances: readonly Instance[]): string {
  const [worst] = worstPerQuota(instances);
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return (
    `tightest quota: ${worst.quota.name}, ${worst.subject}: ${n(worst.value)} of ${n(worst.limit)} ${worst.quota.unit} ` +
    `(${(share(worst) * 100).toFixed(1)} %); headroom ${n(worst.limit - worst.value)} ${worst.quota.unit} to the limit, ` +
    `${n(worst.limit * QUOTA_CEILING - worst.value)} to the ${QUOTA_CEILING * 100} % ceiling`
  );
}

/** Every quota under 90 % of its limit, every quota measured, and the per-template counts under the layout's 60 %. */
function expectWithinQuotas(templates: StackTemplates): Instance[] {
  const instances = measureQuotas(templates);
  expect(new Set(instances.map((i) => i.quota.id))).toEqual(new Set(Object.values(QUOTAS).map((q) => q.id)));
  expect(overCeiling(instances, QUOTA_CEILING)).toEqual([]);
  expect(
    overCeiling(
      instances.filter((i) => LAYOUT_QUOTAS.includes(i.quota.id)),
      LAYOUT_CEILING,
    ),
  ).toEqual([]);
  // `PRINT_SIZES=1 npx jest test/infra/stack.test.ts -t 'AWS quotas'` prints each template's counts too, and the table at 110 routes.
  if (process.env.PRINT_SIZES) {
    console.log(
      JSON.stringify(templates.templates.map((t) => ({ path: t.path, resources: t.resourceCount, parameters: t.parameterCount, outputs: t.outputCount }))),
    );
  }
  return instances;
}

describe('areas', () => {
  test('the area of a path is its first segment after /v1, without extension; a segment no area names is the default area', () => {
    expect(areaSegment('/v1/tax_calendar.ics')).toBe('tax_calendar');
    expect(areaSegment('/vendors/{id}')).toBe('vendors');
    expect(areaSegment('/openapi.json')).toBe('openapi');
    expect(areaOfPath('/v1/tax/rate')).toBe('Tax');
    expect(areaOfPath('/v1/customers/{id}/certificate_requests')).toBe('Customers');
    expect(areaOfPath('/v1/returns/{id}.csv')).toBe('Filing');
    expect(areaOfPath('/docs/{asset}')).toBe(DEFAULT_AREA);
    expect(areaOfPath('/v1/something_new')).toBe(DEFAULT_AREA);
    // A segment belongs to one area only.
    const all = Object.values(AREA_SEGMENTS).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  test('every route function is in the nested stack of its area; the root keeps the authorizer and the whole REST API', () => {
    const { stack, templates } = build();
    for (const served of routeFunctions()) {
      const fnStack = Stack.of(stack.routeFunctions[served.routes[0].name]);
      expect(fnStack.nestedStackParent).toBe(stack);
      expect(fnStack.node.id).toBe(areaStackId(areaOfFunction(served)));
    }
    expect(Stack.of(stack.authorizerFunction)).toBe(stack);
    const rootTypes = new Set(Object.values(templates.root.toJSON().Resources as Record<string, Json>).map((r) => r.Type));
    for (const type of [
      'AWS::DynamoDB::Table',
      'AWS::S3::Bucket',
      'AWS::ApiGateway::RestApi',
      'AWS::ApiGateway::Method',
      'AWS::ApiGateway::Resource',
      'AWS::ApiGateway::Authorizer',
      'AWS::ApiGateway::UsagePlan',
      'AWS::ApiGateway::GatewayResponse',
      'AWS::ApiGateway::Stage',
    ]) {
      expect(rootTypes).toContain(type);
    }
    // Each route's invoke permission sits beside its function; the root keeps only the authorizer's.
    const apiPermissions = (resources: Record<string, Json>) =>
      Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Permission' && r.Properties.Principal === 'apigateway.amazonaws.com');
    expect(apiPermissions(templates.root.toJSON().Resources)).toHaveLength(1);
    expect(apiPermissions(templates.resources)).toHaveLength(routes.length + 1);
  });
});

describe('AWS quotas', () => {
  test(`today: every quota under ${QUOTA_CEILING * 100} % of its limit in every template (printed, tightest first)`, () => {
    const { templates } = build();
    expect(templates.templates.length).toBeGreaterThan(2);
    const instances = expectWithinQuotas(templates);
    console.table(quotaTable(instances));
    console.log(tightest(instances));
  });

  test("the template size limit is the S3 object's (1 MB): the root is deployed from its asset, each nested stack by TemplateURL", () => {
    expect(templatesDeployedFromS3(build().templates)).toEqual([]);
  });

  test('a quota crossed fails the check, naming the quota, where and how far', () => {
    const instances = measureQuotas(build().templates);
    const [worst] = worstPerQuota(instances);
    // The tightest quota's limit lowered to just under its figure / 0.9: its worst instance crosses the ceiling.
    const lowered = instances.map((i) => (i.quota.id === worst.quota.id ? { ...i, limit: Math.floor(worst.value / QUOTA_CEILING) - 1 } : i));
    const over = overCeiling(lowered, QUOTA_CEILING);
    expect(over.length).toBeGreaterThanOrEqual(1);
    expect(over.join('\n')).toContain(`${worst.quota.name}: ${worst.subject} at ${worst.value} of`);
  });

  test(`at ${ROADMAP_ROUTES} routes (synthetic ones added in every area and the default one), every quota still fits`, () => {
    // Once the real routes pass the roadmap, they are the check (the first test), and this one adds none.
    const extra = syntheticRoutes(Math.max(ROADMAP_ROUTES - routes.length, 0));
    const { stack, templates } = build(extra);
    expect(Object.keys(stack.routeFunctions)).toHaveLength(routes.length + extra.length);
    expect(templates.ofType('AWS::ApiGateway::Method')).toHaveLength(Math.max(ROADMAP_ROUTES, routes.length));
    const instances = expectWithinQuotas(templates);
    if (process.env.PRINT_SIZES) console.table(quotaTable(instances));
    console.log(`at ${ROADMAP_ROUTES} routes, ${tightest(instances)}`);
    // Monitoring gets the function names one list per area (lib/stack/monitored-functions.ts): its parameters grow by area, not by route.
    const monitoringParameters = (t: StackTemplates) => t.templates.find((x) => x.path.endsWith('/MonitoringStack'))!.parameterCount;
    const current = build().templates;
    expect(monitoringParameters(templates) - monitoringParameters(current)).toBe(templates.templates.length - current.templates.length);
  });
});
