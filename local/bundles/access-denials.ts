/**
 * Local runtime (bundle mode, LEVY_ENFORCE_IAM=1): the calls a function's grants refused, whichever local endpoint
 * refused them (the DynamoDB proxy, the S3 and SQS endpoint), kept in one list the tests fail on (test/setup/after-env.ts),
 * logged in one line that names the function, the action and what it was on, and answered with AWS's own message.
 */
import { LOCAL_ACCOUNT_ID } from './local-resources';
import type { FunctionGrants } from './iam-grants';

export interface AccessDenial {
  /** The routes of the function (or `authorizer`, or its logical id) and its logical id. */
  readonly function: string;
  readonly functionId: string;
  /** `dynamodb:PutItem`, `s3:GetObject`, `sqs:SendMessage`. */
  readonly action: string;
  /** What the resource is: a table (an index of one), a bucket or a queue. */
  readonly kind: 'table' | 'bucket' | 'queue';
  /** Its local name (`test_vendors (index byName)`, the bucket's, the queue's). */
  readonly name: string;
  /** The ARN IAM evaluated. */
  readonly resource: string;
}

const denials: AccessDenial[] = [];
const listeners: ((denial: AccessDenial) => void)[] = [];

/** Records a refusal: one of this process's endpoints, or one a server process reported (server-process.ts). */
export function recordAccessDenial(denial: AccessDenial): void {
  denials.push(denial);
  for (const listener of listeners) listener(denial);
}

/** Calls `listener` on every refusal from now on (a server process passes them to the test process that started it). */
export function onAccessDenial(listener: (denial: AccessDenial) => void): void {
  listeners.push(listener);
}

/** The calls refused since the last take, oldest first (the test harness fails the test that caused one). */
export function takeAccessDenials(): AccessDenial[] {
  return denials.splice(0, denials.length);
}

export const describeDenial = (d: AccessDenial): string =>
  `AccessDenied: function ${d.function} (${d.functionId}) may not ${d.action} on ${d.kind} ${d.name} (${d.resource}): its role's grants in the synthesized template do not allow it`;

/** Records and logs a refusal; answers the message AWS gives the caller. */
export function refuse(fn: FunctionGrants, denial: Omit<AccessDenial, 'function' | 'functionId'>, log: (line: string) => void): string {
  const full: AccessDenial = { function: fn.label, functionId: fn.functionId, ...denial };
  recordAccessDenial(full);
  log(`[levy iam] ${describeDenial(full)}`);
  return `User: arn:aws:sts::${LOCAL_ACCOUNT_ID}:assumed-role/${fn.roleId}/${fn.functionId} is not authorized to perform: ${denial.action} on resource: ${denial.resource} because no identity-based policy allows the ${denial.action} action`;
}

/** The access key id of a SigV4 Authorization header (`... Credential=<key id>/<date>/...`) or pre-signed query (`X-Amz-Credential`). */
export const accessKeyIdOf = (credential: string | undefined): string | undefined => /(?:^|Credential=)([^/,\s=]+)\//.exec(credential ?? '')?.[1];
