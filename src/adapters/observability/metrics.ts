/**
 * Secondary adapter (observability): custom CloudWatch metrics in the embedded metric format (Powertools Metrics),
 * with the names and namespace of src/config/metrics.ts that the stack's dashboard and alarms read. Each is published
 * at once as a single metric, so every data point carries exactly its own dimensions. Off when
 * POWERTOOLS_METRICS_DISABLED is true (`npm start` and the tests), as Powertools documents.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, metricNames } from '../../config/metrics';

// Made on first use: Powertools reads its settings from the environment when it is made.
let metrics: Metrics | undefined;

function count(name: string, dimensions: Readonly<Record<string, string>>): void {
  metrics ??= new Metrics({ namespace: METRICS_NAMESPACE });
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
