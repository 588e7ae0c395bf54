/**
 * Secondary adapter (observability): custom CloudWatch metrics in the embedded metric format (Powertools Metrics),
 * with the names and namespace of src/config/metrics.ts that the stack's dashboard and alarms read. Each is published
 * at once as a single metric, so every data point carries exactly its own dimensions. Off when
 * POWERTOOLS_METRICS_DISABLED is true (`npm start` and the tests), as Powertools documents.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, metricNames } from '../../config/metrics';

/** Powertools' Metrics with its (protected) disabled state readable: POWERTOOLS_METRICS_DISABLED, else POWERTOOLS_DEV. */
class LevyMetrics extends Metrics {
  get off(): boolean {
    return this.isDisabled();
  }
}

// Made on first use: Powertools reads its settings from the environment when it is made.
let metrics: LevyMetrics | undefined;

function count(name: string, dimensions: Readonly<Record<string, string>>): void {
  metrics ??= new LevyMetrics({ namespace: METRICS_NAMESPACE });
  // Disabled (the local server, the tests): nothing would be published, and each single metric costs a Metrics and
  // a Console (about 5 % of the local server's CPU under the fuzz test).
  if (metrics.off) return;
  const single = metrics.singleMetric();
  for (const [dimension, value] of Object.entries(dimensions)) single.addDimension(dimension, value);
  single.addMetric(name, MetricUnit.Count, 1);
}

/** An executed billable call whose answer was kept (and billed). */
export const countBillableCall = (endpoint: string) => count(metricNames.billableCalls, { endpoint });

/** A billable call answered from its idempotency record (free). */
export const countIdempotentReplay = (endpoint: string) => count(metricNames.idempotentReplays, { endpoint });

/** An error answer, by the error body's code. */
export const countError = (endpoint: string, code: string) => count(metricNames.errors, { endpoint, code });

/** The authorizer failed to decide (not a refused key). */
export const countAuthorizerFailure = () => count(metricNames.authorizerFailures, {});
