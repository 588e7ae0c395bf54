/**
 * Primary adapter (CloudFormation custom resource; the onEvent handler of the Provider in
 * lib/stack/us-local-rates-report.ts, not an HTTP route): on Create and Update, whether US local rates are loaded
 * (src/usecases/us-local-rates.ts, the summary `npm start` prints) as the resource's Data, which the stack shows as its
 * `UsLocalRates` output at the end of `cdk deploy`. Read only; a Delete reads nothing. A failed read is reported in
 * the output, never failed: a deploy is not rolled back for want of a summary.
 */
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { logger } from '../../src/adapters/observability/logger';
import { rateTablesManifest } from '../../src/composition/coverage';
import { usLocalRatesRequired } from '../../src/config/environment';
import { US_LOCAL_RATES_REPORT } from '../../src/config/us-local-rates';
import { ASK_COVERAGE, summaryText } from '../../src/domain/installation/us-local-rates-summary';
import { usLocalRatesReport } from '../../src/usecases/us-local-rates';

type Attribute = (typeof US_LOCAL_RATES_REPORT.attributes)[keyof typeof US_LOCAL_RATES_REPORT.attributes];

export const handler = async (event: CloudFormationCustomResourceEvent): Promise<{ PhysicalResourceId: string; Data?: Record<Attribute, string> }> => {
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const { summary, loaded, months } = US_LOCAL_RATES_REPORT.attributes;
  try {
    const report = await usLocalRatesReport({ rateTables: rateTablesManifest });
    const text = `as of ${report.as_of}: ${summaryText(report, usLocalRatesRequired())}`;
    (report.loaded ? logger.info : logger.warn).call(logger, `US local rates: ${text}`);
    return {
      PhysicalResourceId: US_LOCAL_RATES_REPORT.physicalResourceId,
      Data: { [summary]: text, [loaded]: String(report.loaded), [months]: report.months.map((m) => m.month).join(',') },
    };
  } catch (error) {
    logger.error('US local rates: the Rates table could not be read', error as Error);
    // Cut: a custom resource's whole response must stay under CloudFormation's 4,096 bytes, or the deploy fails.
    const text = `unknown: the Rates table could not be read at deploy (${(error as Error).name}: ${(error as Error).message.slice(0, 500)}); ${ASK_COVERAGE}`;
    return { PhysicalResourceId: US_LOCAL_RATES_REPORT.physicalResourceId, Data: { [summary]: text, [loaded]: 'unknown', [months]: '' } };
  }
};
