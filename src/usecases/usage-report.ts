/** Use case: GET /v1/usage?from&to: billable calls per UTC day and endpoint, as metered. Default: the current UTC month. */
import { usagePeriod, type UsageQuery, type UsageReport } from '../domain/usage/usage-period';
import type { Ports } from '../ports/ports';

export async function usageReport(deps: Pick<Ports, 'usage'>, accountId: string, query: UsageQuery, now = new Date()): Promise<UsageReport> {
  const { from, to } = usagePeriod(query, now);
  return { data: await deps.usage.list(accountId, from, to) };
}
