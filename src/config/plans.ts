/**
 * Config (single source of truth): the usage plans an account can be on. The stack makes one API Gateway usage plan
 * per entry (rate, burst and daily quota per account, keyed by the account's usage key that the authorizer returns);
 * the local server enforces the same numbers with a token bucket per account when LEVY_ENFORCE_PLANS=1.
 * docs/deployment.md explains them. Pure data.
 */

export interface PlanDefinition {
  readonly id: string;
  readonly description: string;
  /** Steady requests per second, per account. */
  readonly rateLimit: number;
  /** Requests that may arrive at once above the steady rate (the bucket's size). */
  readonly burstLimit: number;
  /** Requests per UTC day, per account. */
  readonly dailyQuota: number;
}

export const plans = {
  starter: { id: 'starter', description: 'Trials and small shops', rateLimit: 10, burstLimit: 20, dailyQuota: 10_000 },
  growth: { id: 'growth', description: 'Growing businesses', rateLimit: 50, burstLimit: 100, dailyQuota: 250_000 },
  scale: { id: 'scale', description: 'High-volume platforms', rateLimit: 200, burstLimit: 400, dailyQuota: 2_500_000 },
} as const satisfies Readonly<Record<string, PlanDefinition>>;

export type PlanId = keyof typeof plans;

export const planIds = Object.keys(plans) as PlanId[];

/** The plan of an account created without one. */
export const DEFAULT_PLAN: PlanId = 'starter';

export const isPlanId = (value: string): value is PlanId => Object.hasOwn(plans, value);
