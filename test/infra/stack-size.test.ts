/**
 * CDK assertion tests of the stack's layout (lib/levy-stack.ts, lib/stack-areas.ts): route functions in one nested
 * stack per area derived from the path, and every template far enough from CloudFormation's per-template limits
 * (500 resources, 200 parameters, 200 outputs) that issues 14-16's routes fit: the stack is synthesized again with
 * synthetic routes up to ROADMAP_ROUTES and every template is checked against the same ceilings. Bundling is skipped.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { createLevyApp } from '../../lib/levy-app';
import type { LevyStack } from '../../lib/levy-stack';
import { AREA_SEGMENTS, DEFAULT_AREA, areaOfFunction, areaOfPath, areaSegment, areaStackId } from '../../lib/stack-areas';
import { routeFunctions, routes, type RouteDefinition } from '../../src/config/routes';
import { once } from '../../src/shared/once';
import { stackTemplates, type StackTemplates } from '../support/stack-templates';

type Json = Record<string, any>;
const cdkJson = JSON.parse(readFileSync(path.join(__dirname, '../../cdk.json'), 'utf8')) as { context: Json };

/** CloudFormation's hard limits per template (AWS CloudFormation User Guide, "Understand CloudFormation quotas"). */
const CFN_MAX_RESOURCES = 500;
const CFN_MAX_PARAMETERS = 200;
const CFN_MAX_OUTPUTS = 200;
/** No template above 60 % of a limit: the headroom the next issues' routes and tables grow into. */
const CEILING = 0.6;
/** Routes the roadmap expects once issues 14-16 are in (about 40 more than the 62 of issue 13). */
const ROADMAP_ROUTES = 110;

const synthesize = (extraRoutes: readonly RouteDefinition[]): { stack: LevyStack; templates: StackTemplates } => {
  const context = { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] };
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

/** Each template's counts, and the largest each may have: 60 % of CloudFormation's limit. */
function expectWithinCeilings(templates: StackTemplates): void {
  const sizes = templates.templates.map((t) => ({ path: t.path, resources: t.resourceCount, parameters: t.parameterCount, outputs: t.outputCount }));
  const over = sizes.filter((t) =>
    t.resources > CFN_MAX_RESOURCES * CEILING || t.parameters > CFN_MAX_PARAMETERS * CEILING || t.outputs > CFN_MAX_OUTPUTS * CEILING);
  // `PRINT_SIZES=1 npx jest test/infra/stack-size.test.ts` prints them (the figures of docs/deployment.md).
  if (process.env.PRINT_SIZES) console.log(JSON.stringify(sizes));
  expect(over).toEqual([]);
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
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::ApiGateway::RestApi', 'AWS::ApiGateway::Method', 'AWS::ApiGateway::Resource',
      'AWS::ApiGateway::Authorizer', 'AWS::ApiGateway::UsagePlan', 'AWS::ApiGateway::GatewayResponse', 'AWS::ApiGateway::Stage']) {
      expect(rootTypes).toContain(type);
    }
    // Each route's invoke permission sits beside its function; the root keeps only the authorizer's.
    const apiPermissions = (resources: Record<string, Json>) =>
      Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Permission' && r.Properties.Principal === 'apigateway.amazonaws.com');
    expect(apiPermissions(templates.root.toJSON().Resources)).toHaveLength(1);
    expect(apiPermissions(templates.resources)).toHaveLength(routes.length + 1);
  });
});

describe('template sizes', () => {
  test(`today: no template above ${CEILING * 100} % of CloudFormation's resource, parameter and output limits`, () => {
    const { templates } = build();
    expectWithinCeilings(templates);
    expect(templates.templates.length).toBeGreaterThan(2);
  });

  test(`at ${ROADMAP_ROUTES} routes (synthetic ones added in every area and the default one), every template still fits`, () => {
    // Once the real routes pass the roadmap, they are the check (the first test), and this one adds none.
    const extra = syntheticRoutes(Math.max(ROADMAP_ROUTES - routes.length, 0));
    const { stack, templates } = build(extra);
    expect(Object.keys(stack.routeFunctions)).toHaveLength(routes.length + extra.length);
    expect(templates.ofType('AWS::ApiGateway::Method')).toHaveLength(Math.max(ROADMAP_ROUTES, routes.length));
    expectWithinCeilings(templates);
    // Monitoring gets the function names one list per area (lib/stack/monitored-functions.ts): its parameters grow by area, not by route.
    const monitoringParameters = (t: StackTemplates) => t.templates.find((x) => x.path.endsWith('/MonitoringStack'))!.parameterCount;
    const current = build().templates;
    expect(monitoringParameters(templates) - monitoringParameters(current)).toBe(templates.templates.length - current.templates.length);
  });
});
