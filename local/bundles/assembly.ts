/**
 * Local runtime (bundle mode): what `cdk synth` wrote, read as deployed. The root template and its nested stacks'
 * templates become one set of resources, each nested stack's parameters replaced by what its parent passes in and each
 * `Fn::GetAtt [<nested stack>, Outputs.X]` by that output's value (as CloudFormation resolves them). From it: every
 * Lambda function (its asset folder, handler, memory, timeout, environment and role), which function serves which
 * route (the method whose OperationName is the route's name integrates it, the authorizer's URI names its function)
 * and which function consumes which queue (an event source mapping whose source is the queue's ARN).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation templates and DynamoDB requests are read as untyped JSON
type Json = any;

export interface SynthesizedFunction {
  readonly logicalId: string;
  /** The asset folder `cdk deploy` zips and uploads. */
  readonly assetDir: string;
  /** `index.handler`: the module `index.mjs` of the asset, its export `handler`. */
  readonly handler: string;
  readonly runtime: string;
  readonly memorySize: number;
  readonly timeoutSeconds: number;
  /** As in the template, references across stacks resolved (a table's name is `{ Ref: <table logical id> }`). */
  readonly environment: Record<string, Json>;
  /** The logical id of its role. */
  readonly roleId: string;
}

export interface SynthesizedApp {
  readonly dir: string;
  /** Every resource of every template by logical id, references across templates resolved. */
  readonly resources: Record<string, Json>;
  readonly functions: ReadonlyMap<string, SynthesizedFunction>;
  /** A route's name -> the logical id of its function. */
  readonly routeFunctions: ReadonlyMap<string, string>;
  /** The logical id of the API's authorizer function. */
  readonly authorizerFunction: string;
  /** A queue's logical id -> the logical id of the function its event source mapping invokes. */
  readonly queueConsumers: ReadonlyMap<string, string>;
  /** The root stack's outputs, resolved like the resources. */
  readonly outputs: Record<string, Json>;
}

interface TemplateScope {
  readonly template: Json;
  /** The parent's scope and the logical id of this nested stack's resource in it; undefined for the root. */
  readonly parent?: { scope: TemplateScope; resourceId: string };
  readonly nested: Map<string, TemplateScope>;
}

function loadScope(dir: string, file: string, parent?: TemplateScope['parent']): TemplateScope {
  const template = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json;
  const scope: TemplateScope = { template, parent, nested: new Map() };
  for (const [id, resource] of Object.entries<Json>(template.Resources ?? {})) {
    const nestedFile = resource.Type === 'AWS::CloudFormation::Stack' ? resource.Metadata?.['aws:asset:path'] : undefined;
    if (typeof nestedFile === 'string') scope.nested.set(id, loadScope(dir, nestedFile, { scope, resourceId: id }));
  }
  return scope;
}

/** A value of `scope`'s template with its parameters and nested outputs replaced by what they stand for. */
function resolveAcross(value: Json, scope: TemplateScope): Json {
  if (Array.isArray(value)) return value.map((v) => resolveAcross(v, scope));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'Ref' && scope.parent && scope.template.Parameters?.[value.Ref]) {
    const { scope: parentScope, resourceId } = scope.parent;
    const passed = parentScope.template.Resources[resourceId].Properties?.Parameters?.[value.Ref];
    if (passed !== undefined) return resolveAcross(passed, parentScope);
  }
  if (keys.length === 1 && keys[0] === 'Fn::GetAtt' && Array.isArray(value['Fn::GetAtt'])) {
    const [id, attribute] = value['Fn::GetAtt'] as [string, string];
    const child = scope.nested.get(id);
    if (child && typeof attribute === 'string' && attribute.startsWith('Outputs.')) {
      const output = child.template.Outputs?.[attribute.slice('Outputs.'.length)];
      if (output) return resolveAcross(output.Value, child);
    }
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveAcross(v, scope)]));
}

function collectResources(scope: TemplateScope, into: Record<string, Json>): void {
  for (const [id, resource] of Object.entries<Json>(scope.template.Resources ?? {})) {
    if (resource.Type === 'AWS::CDK::Metadata') continue;
    if (id in into) throw new Error(`logical id ${id} is in two templates: the merged view would hide one`);
    into[id] = resolveAcross(resource, scope);
  }
  for (const child of scope.nested.values()) collectResources(child, into);
}

/** The logical ids of the functions a value names with `Fn::GetAtt [<id>, Arn]` (an integration's URI). */
function functionsNamedIn(value: Json, resources: Record<string, Json>): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => functionsNamedIn(v, resources));
  if (value === null || typeof value !== 'object') return [];
  const getAtt = value['Fn::GetAtt'];
  if (Array.isArray(getAtt) && getAtt[1] === 'Arn' && resources[getAtt[0]]?.Type === 'AWS::Lambda::Function') return [getAtt[0] as string];
  return Object.values(value).flatMap((v) => functionsNamedIn(v, resources));
}

function functionOf(dir: string, logicalId: string, resource: Json): SynthesizedFunction {
  const props = resource.Properties;
  const asset = resource.Metadata?.['aws:asset:path'];
  const role = props.Role?.['Fn::GetAtt']?.[0];
  if (typeof asset !== 'string') throw new Error(`function ${logicalId} has no asset path in its metadata (was it synthesized with --no-asset-metadata?)`);
  if (typeof role !== 'string') throw new Error(`function ${logicalId}: its role is not a role of the stack`);
  return {
    logicalId,
    assetDir: join(dir, asset),
    handler: props.Handler,
    runtime: props.Runtime,
    memorySize: props.MemorySize ?? 128,
    timeoutSeconds: props.Timeout ?? 3,
    environment: props.Environment?.Variables ?? {},
    roleId: role,
  };
}

/** Each queue an event source mapping reads, with the function it invokes. */
function queueConsumersOf(resources: Record<string, Json>): Map<string, string> {
  const consumers = new Map<string, string>();
  for (const mapping of Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping')) {
    const [source, attribute] = mapping.Properties.EventSourceArn?.['Fn::GetAtt'] ?? [];
    const fn = mapping.Properties.FunctionName?.Ref;
    if (attribute === 'Arn' && resources[source]?.Type === 'AWS::SQS::Queue' && typeof fn === 'string') consumers.set(source, fn);
  }
  return consumers;
}

/** Reads the cloud assembly in `dir` (cdk.out): its one stack, nested stacks included. */
export function readSynthesizedApp(dir: string): SynthesizedApp {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Json;
  const stacks = Object.values<Json>(manifest.artifacts ?? {}).filter((a) => a.type === 'aws:cloudformation:stack');
  if (stacks.length !== 1) throw new Error(`${dir} holds ${stacks.length} stacks, not Levy's one`);
  const root = loadScope(dir, stacks[0].properties.templateFile);
  const resources: Record<string, Json> = {};
  collectResources(root, resources);
  const functions = new Map<string, SynthesizedFunction>();
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type === 'AWS::Lambda::Function' && resource.Metadata?.['aws:asset:path']) functions.set(id, functionOf(dir, id, resource));
  }
  const routeFunctions = new Map<string, string>();
  for (const resource of Object.values(resources).filter((r) => r.Type === 'AWS::ApiGateway::Method' && r.Properties.OperationName)) {
    const [fn] = functionsNamedIn(resource.Properties.Integration?.Uri, resources);
    if (fn) routeFunctions.set(resource.Properties.OperationName, fn);
  }
  const authorizers = Object.values(resources).filter((r) => r.Type === 'AWS::ApiGateway::Authorizer');
  const [authorizerFunction] = authorizers.flatMap((r) => functionsNamedIn(r.Properties.AuthorizerUri, resources));
  if (!authorizerFunction) throw new Error(`${dir}: no API Gateway authorizer with a function`);
  const outputs = resolveAcross(root.template.Outputs ?? {}, root) as Record<string, Json>;
  return { dir, resources, functions, routeFunctions, authorizerFunction, queueConsumers: queueConsumersOf(resources), outputs };
}
