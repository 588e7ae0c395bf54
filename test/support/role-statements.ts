/**
 * Test support: every IAM statement a role of the synthesised template is granted: its inline policies (LevyFunction
 * renders its statements inside the role, lib/levy-function.ts) and any policy resource attached to it (grants CDK adds
 * itself: event sources, X-Ray).
 */

type Json = any;

export function roleStatements(resources: Record<string, Json>, roleLogicalId: string): Json[] {
  const inline = (resources[roleLogicalId]?.Properties?.Policies ?? []).flatMap((p: Json) => p.PolicyDocument.Statement as Json[]);
  const attached = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((role: Json) => role.Ref === roleLogicalId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Json[]);
  return [...inline, ...attached];
}

/** The logical ids of the roles whose logical id contains `name` (a function's construct id). */
export const rolesNamed = (resources: Record<string, Json>, name: string): string[] =>
  Object.entries(resources)
    .filter(([id, r]) => r.Type === 'AWS::IAM::Role' && id.includes(name))
    .map(([id]) => id);
