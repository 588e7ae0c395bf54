/**
 * Config (single source of truth): the stack outputs the `levy` CLI needs against a deployment, each with the
 * environment variable it fills. The stack names these outputs and starts each description with its variable
 * (`LEVY_REST_API_ID: ...`); `levy env` turns a `cdk deploy --outputs-file` into export lines; the CLI reads the
 * variables. docs/deployment.md shows both ways to fill them. Pure data.
 */
import { planIds, type PlanId } from './plans';
import { tableList, type TableId } from './tables';

export interface StackOutput {
  /** The CloudFormation output's logical id. */
  readonly id: string;
  readonly envVar: string;
  readonly purpose: string;
}

export const REST_API_ID_ENV_VAR = 'LEVY_REST_API_ID';
/** The deployed stage's name (`live`, or what `-c stageName=...` made it): its authorizer cache is the one to flush. */
export const API_STAGE_NAME_ENV_VAR = 'LEVY_API_STAGE_NAME';
export const usagePlanEnvVar = (plan: PlanId): string => `LEVY_USAGE_PLAN_${plan.toUpperCase()}`;

export const tableOutputId = (table: TableId): string => `${table}TableName`;
export const usagePlanOutputId = (plan: PlanId): string => `UsagePlan${plan.charAt(0).toUpperCase()}${plan.slice(1)}Id`;
export const API_URL_OUTPUT_ID = 'ApiUrl';

export const cliOutputs: readonly StackOutput[] = [
  ...tableList.map((t) => ({ id: tableOutputId(t.id), envVar: t.envVar, purpose: `the name of the ${t.id} table` })),
  { id: 'Region', envVar: 'AWS_REGION', purpose: 'the region of the stack' },
  { id: 'ApiId', envVar: REST_API_ID_ENV_VAR, purpose: 'the REST API whose authorizer cache the CLI flushes when a key is revoked' },
  { id: 'ApiStageName', envVar: API_STAGE_NAME_ENV_VAR, purpose: 'the stage of that API whose authorizer cache the CLI flushes' },
  ...planIds.map((p) => ({ id: usagePlanOutputId(p), envVar: usagePlanEnvVar(p), purpose: `the usage plan of '${p}' accounts` })),
];

/** `VENDORS_TABLE: the name of the Vendors table`: the variable first, so a shell can pick it out. */
export const outputDescription = (output: StackOutput): string => `${output.envVar}: ${output.purpose}`;

export function cliOutput(id: string): StackOutput {
  const found = cliOutputs.find((o) => o.id === id);
  if (!found) throw new Error(`No CLI output '${id}' in src/config/stack-outputs.ts`);
  return found;
}
