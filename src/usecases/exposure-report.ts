/**
 * Use case: GET /v1/exposure/countries?from&to (YYYY-MM)&include=sales, spec 2.4: from the precomputed counters, never
 * from the sales; `include=sales` adds the taxable and exempt (by reason) sales amounts (issue 12).
 */
import { buildExposureReport, periodsFor, type ExposureQuery, type ExposureReport } from '../domain/exposure/report';
import type { Ports } from '../ports/ports';

export async function exposureReport(deps: Pick<Ports, 'exposure'>, accountId: string, query: ExposureQuery): Promise<ExposureReport> {
  const selection = periodsFor(query);
  return buildExposureReport(await deps.exposure.totals(accountId, selection), selection, { sales: query.include === 'sales' });
}
