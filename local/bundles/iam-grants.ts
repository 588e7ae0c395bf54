/**
 * Local runtime (bundle mode, LEVY_ENFORCE_IAM=1): each function's grants as the synthesized template gives them to its
 * role (its inline policies and any policy resource attached to it), their resources resolved to the local tables',
 * bucket's and queues' ARNs (local-resources.ts: `<bucket ARN>/exemption-documents/*`, a queue's ARN), and IAM's
 * evaluation of one action on one resource against them: an explicit Deny wins, then an Allow whose action and
 * resource match (wildcards `*` and `?`; actions case-insensitively), else the implicit deny.
 */
import { arnMatches } from '../server/authorizer-emulation';
import type { SynthesizedApp } from './assembly';
import type { LocalResources } from './local-resources';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation templates and DynamoDB requests are read as untyped JSON
type Json = any;

export interface Grant {
  readonly effect: 'Allow' | 'Deny';
  readonly actions: readonly string[];
  /** Resolved ARNs; a resource with no local counterpart (a log group) is left out. */
  readonly resources: readonly string[];
}

export interface FunctionGrants {
  readonly functionId: string;
  readonly roleId: string;
  /** The routes it serves (or `authorizer`), to name it in a message. */
  readonly label: string;
  readonly grants: readonly Grant[];
}

/** Every statement of a role: its inline policies and the policy resources naming it. */
export function roleStatements(resources: Record<string, Json>, roleId: string): Json[] {
  const inline = (resources[roleId]?.Properties?.Policies ?? []).flatMap((p: Json) => [p.PolicyDocument.Statement].flat() as Json[]);
  const attached = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles ?? []).some((role: Json) => role.Ref === roleId))
    .flatMap((r) => [r.Properties.PolicyDocument.Statement].flat() as Json[]);
  return [...inline, ...attached];
}

function grantOf(statement: Json, local: LocalResources): Grant {
  return {
    effect: statement.Effect === 'Deny' ? 'Deny' : 'Allow',
    // NotAction / NotResource statements are not used by the stack; such a statement matches nothing here.
    actions: [statement.Action ?? []].flat() as string[],
    resources: ([statement.Resource ?? []].flat() as Json[]).map((r) => local.resolve(r)).filter((r): r is string => r !== undefined),
  };
}

/** The grants of every function of the app, by the access key id it calls with (its logical id). */
export function functionGrants(app: SynthesizedApp, local: LocalResources): Map<string, FunctionGrants> {
  const labels = new Map<string, string[]>();
  for (const [route, fn] of app.routeFunctions) labels.set(fn, [...(labels.get(fn) ?? []), route]);
  labels.set(app.authorizerFunction, ['authorizer']);
  const grants = new Map<string, FunctionGrants>();
  for (const fn of app.functions.values()) {
    grants.set(fn.logicalId, {
      functionId: fn.logicalId,
      roleId: fn.roleId,
      label: (labels.get(fn.logicalId) ?? [fn.logicalId]).join(', '),
      grants: roleStatements(app.resources, fn.roleId).map((s) => grantOf(s, local)),
    });
  }
  return grants;
}

const actionMatches = (pattern: string, action: string): boolean => arnMatches(pattern.toLowerCase(), action.toLowerCase());

/** IAM's answer for `action` (`dynamodb:GetItem`) on `resource` (an ARN). */
export function isAllowed(grants: readonly Grant[], action: string, resource: string): boolean {
  const applies = (g: Grant) => g.actions.some((a) => actionMatches(a, action)) && g.resources.some((r) => arnMatches(r, resource));
  if (grants.some((g) => g.effect === 'Deny' && applies(g))) return false;
  return grants.some((g) => g.effect === 'Allow' && applies(g));
}
