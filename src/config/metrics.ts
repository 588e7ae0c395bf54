/**
 * Config (single source of truth): the custom CloudWatch metrics Levy's functions emit (Powertools Metrics, embedded
 * metric format) and the stack's dashboard and alarms read. Pure data: no AWS import.
 */

/** CloudWatch namespace of every custom metric; Powertools adds the dimension `service` = SERVICE_NAME. */
export const METRICS_NAMESPACE = 'Levy';
export const SERVICE_NAME = 'levy';

export const metricNames = {
  /** A billable call that executed and whose answer was kept: dimension `endpoint` (`POST /v1/tax/rate`). */
  billableCalls: 'BillableCalls',
  /** A billable call answered from its idempotency record (not billed): dimension `endpoint`. */
  idempotentReplays: 'IdempotentReplays',
  /** An error answer: dimensions `endpoint` and `code` (the error body's `error`, e.g. `validation_error`). */
  errors: 'Errors',
  /** The authorizer could not decide (the key table unreachable, ...): no dimension besides `service`. Refusals are not counted. */
  authorizerFailures: 'AuthorizerFailures',
} as const;
