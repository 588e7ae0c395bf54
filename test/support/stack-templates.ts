/**
 * Test support: the Levy stack's templates, the root's and every nested stack's (lib/levy-stack.ts puts the route
 * functions, webhooks and monitoring in nested stacks), read as if they were one: `resources` holds every template's
 * resources by logical id, with each nested stack's parameters replaced by what the parent passes in and each
 * `Fn::GetAtt [<nested stack>, Outputs.X]` by the value of that output. So `{ Ref: <table logical id> }` is what a
 * nested function's environment shows for a root table, and a method's integration names the function's own logical
 * id, as when everything was one template. `templates` keeps each raw template for size checks.
 */
import { Stack, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';

type Json = any;

export interface SynthesizedTemplate {
  readonly stack: Stack;
  /** The stack's construct path (`Levy`, `Levy/TaxRoutes` ...). */
  readonly path: string;
  /** The template as synthesized (nested: parameters unresolved). */
  readonly template: Json;
  readonly resourceCount: number;
  readonly parameterCount: number;
  readonly outputCount: number;
}

export interface StackTemplates {
  /** The root template, for the assertions API (its outputs, the API, the tables). */
  readonly root: Template;
  /** The root first, then every nested stack (depth first). */
  readonly templates: readonly SynthesizedTemplate[];
  /** Every template's resources by logical id, references across templates resolved (see above). */
  readonly resources: Record<string, Json>;
  readonly ofType: (type: string) => [string, Json][];
  /** The logical id of a construct's default child in its own template (the key in `resources`). */
  readonly logicalId: (construct: IConstruct) => string;
}

const isNested = (stack: Stack): boolean => stack.nestedStackParent !== undefined;

export function stackTemplates(stack: Stack): StackTemplates {
  const stacks = [stack, ...stack.node.findAll().filter((c): c is Stack => Stack.isStack(c) && c !== stack)];
  const raw = new Map<Stack, Json>(stacks.map((s) => [s, Template.fromStack(s).toJSON()]));
  const root = Template.fromStack(stack);
  /** Logical id of a nested stack's resource in its parent -> the nested stack. */
  const nestedByLogicalId = new Map<string, Stack>();
  for (const s of stacks.filter(isNested)) {
    const parent = s.nestedStackParent!;
    nestedByLogicalId.set(`${parent.node.path}|${parent.getLogicalId(s.nestedStackResource as CfnResource)}`, s);
  }
  const resolve = (value: Json, ctx: Stack): Json => {
    if (Array.isArray(value)) return value.map((v) => resolve(v, ctx));
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === 'Ref' && typeof value.Ref === 'string' && isNested(ctx)) {
      const parent = ctx.nestedStackParent!;
      const passed = raw.get(parent).Resources[parent.getLogicalId(ctx.nestedStackResource as CfnResource)].Properties.Parameters?.[value.Ref];
      if (raw.get(ctx).Parameters?.[value.Ref] && passed !== undefined) return resolve(passed, parent);
    }
    if (keys.length === 1 && keys[0] === 'Fn::GetAtt' && Array.isArray(value['Fn::GetAtt'])) {
      const [id, attribute] = value['Fn::GetAtt'] as [string, string];
      const child = nestedByLogicalId.get(`${ctx.node.path}|${id}`);
      if (child && typeof attribute === 'string' && attribute.startsWith('Outputs.')) {
        const output = raw.get(child).Outputs?.[attribute.slice('Outputs.'.length)];
        if (output) return resolve(output.Value, child);
      }
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, ctx)]));
  };
  const resources: Record<string, Json> = {};
  for (const s of stacks) {
    for (const [id, resource] of Object.entries(raw.get(s).Resources as Record<string, Json>)) {
      // CDK's version-reporting resource, in every template when the CLI's context asks for it (the quota test does).
      if (id === 'CDKMetadata') continue;
      if (id in resources) throw new Error(`logical id ${id} is in two templates (${s.node.path}): the merged view would hide one`);
      resources[id] = resolve(resource, s);
    }
  }
  const count = (section: Json): number => Object.keys(section ?? {}).length;
  return {
    root,
    templates: stacks.map((s) => {
      const template = raw.get(s);
      return {
        stack: s,
        path: s.node.path,
        template,
        resourceCount: count(template.Resources),
        parameterCount: count(template.Parameters),
        outputCount: count(template.Outputs),
      };
    }),
    resources,
    ofType: (type) => Object.entries(resources).filter(([, r]) => r.Type === type),
    logicalId: (construct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnResource),
  };
}
