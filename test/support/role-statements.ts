/**
 * Test support: every IAM statement a role of the synthesised template is granted: its inline policies (LevyFunction
 * renders its statements inside the role, lib/levy-function.ts) and any policy resource attached to it (grants CDK adds
 * itself: event sources, X-Ray). The same reading the local runtime enforces (local/bundles/iam-grants.ts).
 */
export { roleStatements } from '../../local/bundles/iam-grants';

type Json = any;

/** The logical ids of the roles whose logical id contains `name` (a function's construct id). */
export const rolesNamed = (resources: Record<string, Json>, name: string): string[] =>
  Object.entries(resources)
    .filter(([id, r]) => r.Type === 'AWS::IAM::Role' && id.includes(name))
    .map(([id]) => id);
