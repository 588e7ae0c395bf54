/**
 * CDK assertion tests: the spec's URLs, deployed. The spec writes its paths relative to `{base_url}`
 * (`POST /v1/tax/rate`, `POST /vendors`); deployed, `{base_url}` is the stage URL or a custom domain, and a route
 * answers at it followed by its path as written. So the stage must not be named like a first path segment (the stage
 * `v1` made `.../v1/v1/tax/rate` beside `.../v1/vendors`), a custom domain maps the stage at its root (empty base
 * path), and the `ApiUrl` output is that base. The outputs' URLs are rendered with a made-up API id and region.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createLevyApp } from '../../lib/levy-app';
import { firstPathSegments } from '../../lib/stack/api';
import { API_STAGE_NAME } from '../../src/config/api-settings';
import { routes } from '../../src/config/routes';
import { stackTemplates, type StackTemplates } from '../support/stack-templates';
import { cdkContext, configuredApp } from './configured-app';

type Json = any;

const build = (context: Record<string, string> = {}) => createLevyApp({ context: { ...cdkContext, ...context, 'aws:cdk:bundling-stacks': [] } });

const domain = { domainName: 'api.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-1234567890ab' };
const HOSTED_ZONE_ID = 'Z0123456789ABCDEFGHIJ';

/** The spec's endpoints as it writes them (`- Method and path: POST /v1/tax/rate`). */
const specEndpoints = [
  ...readFileSync(path.join(__dirname, '../../../shared/spec/service-spec.md'), 'utf8').matchAll(/Method and path: (GET|POST|PATCH|PUT|DELETE) (\S+)/g),
].map(([, method, p]) => ({ method: method!, path: p! }));

/** An output's value with the API's id, the region and the URL suffix filled in as a deployment would. */
function rendered(templates: StackTemplates, value: Json): string {
  const [[apiId]] = templates.ofType('AWS::ApiGateway::RestApi');
  const refs: Record<string, string> = { [apiId!]: 'abc123defg', 'AWS::Region': 'eu-west-1', 'AWS::URLSuffix': 'amazonaws.com' };
  const render = (v: Json): string => {
    if (typeof v === 'string') return v;
    if (v.Ref !== undefined && refs[v.Ref] !== undefined) return refs[v.Ref]!;
    if (v['Fn::Join']) return (v['Fn::Join'][1] as Json[]).map(render).join(v['Fn::Join'][0]);
    throw new Error(`cannot render ${JSON.stringify(v)}`);
  };
  return render(value);
}

/** Every API Gateway resource's path from the API's root (`/v1/tax/rate`), as stack.test.ts reads the tree. */
function resourcePaths(templates: StackTemplates): Set<string> {
  const byId = new Map(templates.ofType('AWS::ApiGateway::Resource'));
  const pathOf = (id: string): string => {
    const r = byId.get(id)!.Properties;
    return `${r.ParentId.Ref ? pathOf(r.ParentId.Ref) : ''}/${r.PathPart}`;
  };
  return new Set([...byId.keys()].map(pathOf));
}

let plain: StackTemplates;
let onDomain: StackTemplates;
let onDomainStack: ReturnType<typeof build>['stack'];

beforeAll(() => {
  plain = configuredApp().templates;
  onDomainStack = build({ ...domain, hostedZoneId: HOSTED_ZONE_ID }).stack;
  onDomain = stackTemplates(onDomainStack);
});

describe('the stage', () => {
  test(`named ${API_STAGE_NAME}: neither v1 nor the first segment of any route's path`, () => {
    const stages = plain.ofType('AWS::ApiGateway::Stage');
    expect(stages).toHaveLength(1);
    const stageName = stages[0]![1].Properties.StageName as string;
    expect(stageName).toBe(API_STAGE_NAME);
    expect(stageName).not.toBe('v1');
    const firstSegments = new Set(routes.map((r) => r.path.split('/').filter(Boolean)[0]));
    expect(firstSegments).toEqual(firstPathSegments(routes));
    expect([...firstSegments]).toEqual(expect.arrayContaining(['v1', 'vendors', 'entities']));
    expect(firstSegments.has(stageName)).toBe(false);
  });

  test("every route is a resource from the API's root at its path as written, so it answers at the stage URL + that path", () => {
    const paths = resourcePaths(plain);
    for (const route of routes) expect(paths).toContain(route.path);
    // The spec's endpoints are routes, at the same paths.
    expect(specEndpoints.length).toBeGreaterThanOrEqual(5);
    for (const e of specEndpoints) expect(routes.some((r) => r.method === e.method && r.path === e.path)).toBe(true);
  });

  test('each invoke permission is scoped to the stage, the method and the path as written', () => {
    const permissions = plain.ofType('AWS::Lambda::Permission').map(([, p]) => JSON.stringify(p.Properties.SourceArn));
    for (const route of routes.filter((r) => r.name === 'tax-rate' || r.name === 'vendors-create')) {
      expect(permissions.filter((arn) => arn.includes(`/${API_STAGE_NAME}/${route.method}${route.path}"`))).toHaveLength(1);
    }
    expect(permissions.filter((arn) => arn.includes('/v1/POST/v1/'))).toEqual([]);
  });

  test('-c stageName names it; a name that is a first path segment (v1, vendors, docs) or not a stage name stops the synth', () => {
    const staging = stackTemplates(build({ stageName: 'staging' }).stack);
    expect(staging.ofType('AWS::ApiGateway::Stage').map(([, s]) => s.Properties.StageName)).toEqual(['staging']);
    expect(rendered(staging, staging.root.toJSON().Outputs.ApiUrl.Value)).toBe('https://abc123defg.execute-api.eu-west-1.amazonaws.com/staging');
    // `levy keys revoke --aws` flushes the authorizer cache of this stage, the one the output names (LEVY_API_STAGE_NAME).
    expect(staging.root.toJSON().Outputs.ApiStageName.Value).toBe('staging');
    expect(plain.root.toJSON().Outputs.ApiStageName.Value).toBe(API_STAGE_NAME);
    expect(
      staging.ofType('AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties.SourceArn).includes('/staging/POST/v1/tax/rate"')),
    ).toHaveLength(1);
    for (const bad of ['v1', 'vendors', 'docs', 'certificate_requests']) {
      expect(() => build({ stageName: bad })).toThrow(`stage name '${bad}' is the first segment of a route's path`);
    }
    expect(() => build({ stageName: 'live/v1' })).toThrow('is not one API Gateway takes');
    expect(() => build({ stageName: 'openapi.json' })).toThrow('is not one API Gateway takes');
  });
});

describe('without a custom domain', () => {
  test("ApiUrl is the stage URL, and the spec's paths follow it as written; no domain, mapping or record", () => {
    const outputs = plain.root.toJSON().Outputs as Json;
    const base = rendered(plain, outputs.ApiUrl.Value);
    expect(base).toBe(`https://abc123defg.execute-api.eu-west-1.amazonaws.com/${API_STAGE_NAME}`);
    expect(`${base}/v1/tax/rate`).toBe(`https://abc123defg.execute-api.eu-west-1.amazonaws.com/${API_STAGE_NAME}/v1/tax/rate`);
    expect(`${base}/vendors`).toBe(`https://abc123defg.execute-api.eu-west-1.amazonaws.com/${API_STAGE_NAME}/vendors`);
    expect(outputs.ApiUrl.Description).toContain(`the stage URL, stage ${API_STAGE_NAME}`);
    expect(outputs.ApiUrl.Description).toContain('<ApiUrl>/v1/tax/rate and <ApiUrl>/vendors');
    expect(outputs.StageUrl).toBeUndefined();
    expect(outputs.ApiDomainTarget).toBeUndefined();
    for (const type of ['AWS::ApiGateway::DomainName', 'AWS::ApiGateway::BasePathMapping', 'AWS::Route53::RecordSet']) expect(plain.ofType(type)).toEqual([]);
  });
});

describe('docs/openapi.json', () => {
  test('its servers are the bases the paths follow as written: none adds a /v1 the paths already carry', () => {
    const document = JSON.parse(readFileSync(path.join(__dirname, '../../docs/openapi.json'), 'utf8')) as Json;
    const servers = (document.servers as { url: string; variables?: Record<string, { default: string }> }[]).map((s) =>
      s.url.replace(/\{(\w+)\}/g, (_, name: string) => s.variables![name]!.default),
    );
    expect(servers).toEqual(['http://localhost:3000', `https://abcdef1234.execute-api.us-east-1.amazonaws.com/${API_STAGE_NAME}`, 'https://api.example.com']);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/tax/rate', '/vendors']));
    for (const server of servers) {
      expect(new URL(`${server}/v1/tax/rate`).pathname.match(/\/v1\//g)).toHaveLength(1);
      expect(new URL(`${server}/vendors`).pathname).toMatch(/^(\/[\w-]+)?\/vendors$/);
    }
  });
});

describe('on a custom domain (-c domainName, certificateArn, hostedZoneId)', () => {
  test('a regional domain name with the certificate, TLS 1.2', () => {
    expect(onDomain.ofType('AWS::ApiGateway::DomainName').map(([, d]) => d.Properties)).toEqual([
      expect.objectContaining({
        DomainName: domain.domainName,
        RegionalCertificateArn: domain.certificateArn,
        EndpointConfiguration: { Types: ['REGIONAL'] },
        SecurityPolicy: 'TLS_1_2',
      }),
    ]);
  });

  test('the stage mapped at the root: an empty base path', () => {
    const [[domainId]] = onDomain.ofType('AWS::ApiGateway::DomainName');
    const [[apiId]] = onDomain.ofType('AWS::ApiGateway::RestApi');
    const [[stageId]] = onDomain.ofType('AWS::ApiGateway::Stage');
    const mappings = onDomain.ofType('AWS::ApiGateway::BasePathMapping').map(([, m]) => m.Properties);
    expect(mappings).toEqual([{ DomainName: { Ref: domainId }, RestApiId: { Ref: apiId }, Stage: { Ref: stageId } }]);
    // No BasePath at all is the empty one ('(none)' in the console); '' or '/' would be refused or mean the same.
    expect(mappings[0].BasePath ?? '').toBe('');
  });

  test('the alias A record in the hosted zone', () => {
    const [[domainId]] = onDomain.ofType('AWS::ApiGateway::DomainName');
    expect(onDomain.ofType('AWS::Route53::RecordSet').map(([, r]) => r.Properties)).toEqual([
      {
        HostedZoneId: HOSTED_ZONE_ID,
        Name: `${domain.domainName}.`,
        Type: 'A',
        AliasTarget: { DNSName: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] }, HostedZoneId: { 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] } },
      },
    ]);
  });

  test("ApiUrl is the domain, so the URLs are exactly the spec's; StageUrl is the stage URL, which answers too", () => {
    const outputs = onDomain.root.toJSON().Outputs as Json;
    expect(outputs.ApiUrl.Value).toBe('https://api.example.com');
    for (const e of specEndpoints) expect(`${outputs.ApiUrl.Value}${e.path}`).toBe(`https://api.example.com${e.path}`);
    expect(`${outputs.ApiUrl.Value}/v1/tax/rate`).toBe('https://api.example.com/v1/tax/rate');
    expect(`${outputs.ApiUrl.Value}/vendors`).toBe('https://api.example.com/vendors');
    expect(outputs.ApiUrl.Description).toContain('the custom domain');
    expect(rendered(onDomain, outputs.StageUrl.Value)).toBe(`https://abc123defg.execute-api.eu-west-1.amazonaws.com/${API_STAGE_NAME}`);
    // With the record made by the stack there is nothing to point by hand.
    expect(outputs.ApiDomainTarget).toBeUndefined();
  });

  test('without hostedZoneId: no record, and ApiDomainTarget names what to point the domain at', () => {
    const noZone = stackTemplates(build(domain).stack);
    expect(noZone.ofType('AWS::ApiGateway::BasePathMapping')).toHaveLength(1);
    expect(noZone.ofType('AWS::Route53::RecordSet')).toEqual([]);
    const outputs = noZone.root.toJSON().Outputs as Json;
    expect(outputs.ApiUrl.Value).toBe('https://api.example.com');
    const [[domainId]] = noZone.ofType('AWS::ApiGateway::DomainName');
    expect(outputs.ApiDomainTarget.Value).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalDomainName'] });
  });

  test('a domain without its certificate, or a certificate or zone without the domain, stops the synth', () => {
    expect(() => build({ domainName: domain.domainName })).toThrow('needs certificateArn');
    expect(() => build({ certificateArn: domain.certificateArn })).toThrow('need domainName');
    expect(() => build({ hostedZoneId: HOSTED_ZONE_ID })).toThrow('need domainName');
    expect(() => build({ ...domain, domainName: 'https://api.example.com/v1' })).toThrow('is not a host name');
  });

  test('no cdk-nag finding', () => {
    expect(
      new AwsSolutionsChecks()
        .validateScope(onDomainStack)
        .violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
  });
});
