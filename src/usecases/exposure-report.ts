/**
 * Use case: GET /v1/exposure/countries?from&to (YYYY-MM)&country&currency&include=sales, spec 2.4: from the precomputed counters, never
 * from the sales; `include=sales` adds the taxable and exempt (by reason) sales amounts.
 */
import { buildExposureReport, periodsFor, type ExposureQuery, type ExposureReport } from '../domain/exposure/report';
import type { Ports } from '../ports/ports';
import type { NexusReportDeps } from './nexus-report';

/** `include=nexus` needs the nexus report's ports too (loaded on demand: docs/nexus.md). */
export type ExposureReportDeps = Pick<Ports, 'exposure'> & { nexus?: () => Promise<NexusReportDeps> };

export async function exposureReport(deps: ExposureReportDeps, accountId: string, query: ExposureQuery): Promise<ExposureReport> {
  const selection = periodsFor(query);
  const include = new Set(query.include ?? []);
  const totals = (await deps.exposure.totals(accountId, selection)).filter(
    (t) => (query.country === undefined || t.country === query.country) && (query.currency === undefined || t.currency === query.currency),
  );
  const report = buildExposureReport(totals, selection, { sales: include.has('sales') });
  if (!include.has('nexus')) return report;
  if (!deps.nexus) throw new Error('include=nexus needs the nexus report ports');
  // Each US state's status today, for the primary entity: the same rows as GET /v1/nexus?country=US.
  const { nexusReport } = await import('./nexus-report');
  const nexus = await nexusReport(await deps.nexus(), accountId, { country: 'US' });
  const statusOf = new Map(nexus.data.map((row) => [row.state, row.status]));
  return {
    exposure: report.exposure.map((country) =>
      country.country_code !== 'US' || !country.jurisdictions
        ? country
        : {
            ...country,
            jurisdictions: country.jurisdictions.map((j) =>
              statusOf.has(j.jurisdiction_code) ? { ...j, nexus_status: statusOf.get(j.jurisdiction_code)! } : j,
            ),
          },
    ),
  };
}
