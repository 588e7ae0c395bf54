/**
 * Local runtime (API Gateway emulation): the usage plans of src/config/plans.ts, enforced per usage key (one per
 * account) as API Gateway does: a token bucket for rate and burst, and a quota per UTC day. Only with
 * LEVY_ENFORCE_PLANS=1, so tests and load runs are not throttled by default. A refusal is the gateway response API
 * Gateway answers, with its static headers (API Gateway cannot compute a Retry-After), so both answer alike.
 */
import { plans, type PlanDefinition } from '../../src/config/plans';

export type PlanVerdict = { ok: true } | { ok: false; type: 'THROTTLED' | 'QUOTA_EXCEEDED' | 'INVALID_API_KEY' };

interface Bucket {
  tokens: number;
  refilledAt: number;
  day: string;
  usedToday: number;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class UsagePlanEnforcer {
  private readonly buckets = new Map<string, Bucket>();

  /** Takes one request from `usageKey`'s allowance under `planId`; a key on no known plan is refused as in AWS (403). */
  take(usageKey: string, planId: string, now = Date.now()): PlanVerdict {
    const plan: PlanDefinition | undefined = (plans as Record<string, PlanDefinition>)[planId];
    if (!plan) return { ok: false, type: 'INVALID_API_KEY' };
    const bucket = this.buckets.get(usageKey) ?? { tokens: plan.burstLimit, refilledAt: now, day: utcDay(now), usedToday: 0 };
    if (bucket.day !== utcDay(now)) Object.assign(bucket, { day: utcDay(now), usedToday: 0 });
    bucket.tokens = Math.min(plan.burstLimit, bucket.tokens + ((now - bucket.refilledAt) / 1000) * plan.rateLimit);
    bucket.refilledAt = now;
    this.buckets.set(usageKey, bucket);
    if (bucket.usedToday >= plan.dailyQuota) return { ok: false, type: 'QUOTA_EXCEEDED' };
    if (bucket.tokens < 1) return { ok: false, type: 'THROTTLED' };
    bucket.tokens -= 1;
    bucket.usedToday += 1;
    return { ok: true };
  }
}
