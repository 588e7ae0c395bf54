/** Unit: the local server's usage-plan enforcement (token bucket per usage key, daily quota), on a fake clock. */
import { UsagePlanEnforcer } from '../../../local/server/usage-plans';
import { plans } from '../../../src/config/plans';

const start = Date.UTC(2026, 2, 1, 23, 59, 0);

describe('UsagePlanEnforcer', () => {
  it('allows a burst, then the steady rate', () => {
    const plan = plans.starter;
    const enforcer = new UsagePlanEnforcer();
    for (let i = 0; i < plan.burstLimit; i++) expect(enforcer.take('k1', 'starter', start)).toEqual({ ok: true });
    expect(enforcer.take('k1', 'starter', start)).toEqual({ ok: false, type: 'THROTTLED' });
    // Another usage key (account) has its own bucket.
    expect(enforcer.take('k2', 'starter', start)).toEqual({ ok: true });
    // One second refills `rateLimit` tokens.
    for (let i = 0; i < plan.rateLimit; i++) expect(enforcer.take('k1', 'starter', start + 1_000).ok).toBe(true);
    expect(enforcer.take('k1', 'starter', start + 1_000).ok).toBe(false);
  });

  it('stops at the daily quota until 00:00 UTC', () => {
    const enforcer = new UsagePlanEnforcer();
    let now = Date.UTC(2026, 2, 1, 0, 0, 0);
    let served = 0;
    // Spread out so the rate never limits: the quota does.
    while (enforcer.take('k', 'starter', now).ok) {
      served++;
      now += 200;
      if (served > plans.starter.dailyQuota + 5) break;
    }
    expect(served).toBe(plans.starter.dailyQuota);
    const refused = enforcer.take('k', 'starter', now);
    expect(refused).toEqual({ ok: false, type: 'QUOTA_EXCEEDED' });
    // A new UTC day, a new quota.
    expect(enforcer.take('k', 'starter', Date.UTC(2026, 2, 2, 0, 0, 1)).ok).toBe(true);
  });

  it('refuses a key on no known plan as API Gateway does (INVALID_API_KEY, 403)', () => {
    expect(new UsagePlanEnforcer().take('k', 'platinum')).toEqual({ ok: false, type: 'INVALID_API_KEY' });
    expect(new UsagePlanEnforcer().take('k', '')).toEqual({ ok: false, type: 'INVALID_API_KEY' });
  });
});
