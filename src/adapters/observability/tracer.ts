/**
 * Secondary adapter (observability): X-Ray tracing (Powertools Tracer), opt-in per stack (`-c tracing=true`,
 * docs/deployment.md). When on, every call of the DynamoDB client is a subsegment of the function's trace (awsCallTracer),
 * and the pipeline opens the handler's segment.
 *
 * Whether the tracer is part of a function at all is decided when it is bundled: lib/bundling.ts replaces
 * `process.env.LEVY_TRACING` with the stack's choice, and with "off" esbuild drops the `require` branches below, so
 * Powertools Tracer and the X-Ray SDK (about 115 KB minified, bench/bundle-size.ts) are not in the bundle. Run
 * unbundled (`npm start`, the tests) it is read from the environment and defaults to on; Powertools then turns itself
 * off outside Lambda, and POWERTOOLS_TRACE_ENABLED=false keeps `npm start` and the tests quiet.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type middy from '@middy/core';

// Made on first use: Powertools reads its settings from the environment when it is made.
let tracer: Tracer | undefined;

/** The container's tracer, or undefined when tracing is not built in. */
export function levyTracer(): Tracer | undefined {
  // The condition must stay literal (not a variable) so esbuild can fold it and leave the package out.
  if (process.env.LEVY_TRACING !== 'off') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    tracer ??= new (require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer')).Tracer();
  }
  return tracer;
}

/** Powertools' X-Ray middleware around a handler, or undefined when tracing is not built in. */
export function tracingMiddleware<E, R>(): middy.MiddlewareObj<E, R> | undefined {
  if (process.env.LEVY_TRACING !== 'off') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { captureLambdaHandler } = require('@aws-lambda-powertools/tracer/middleware') as typeof import('@aws-lambda-powertools/tracer/middleware');
    // Answers are not put in the trace: they hold tax IDs and addresses, and a large cart would overflow the segment.
    return captureLambdaHandler(levyTracer()!, { captureResponse: false }) as middy.MiddlewareObj<E, R>;
  }
  return undefined;
}

/** What an AWS call's output or error carries about its HTTP exchange (the SDK's `$metadata`). */
interface CallMetadata {
  httpStatusCode?: number;
  requestId?: string;
  attempts?: number;
}

type TracedOutcome = { $metadata?: CallMetadata };

/**
 * A wrapper of one AWS call (all its attempts) in an X-Ray subsegment, as the X-Ray SDK's captureAWSv3Client makes
 * them (aws-xray-sdk-core, patchers/aws3_p): named by the service (`DynamoDB`), namespace `aws`, `aws` = operation,
 * region, request_id, retries (the attempts), table_name or table_names; `http.response.status`; throttle, error
 * (4xx) and fault (5xx) flags; the X-Amzn-Trace-Id header to send. Or undefined when tracing is not built in.
 */
export function awsCallTracer(service: string) {
  const tracer = levyTracer();
  if (!tracer) return undefined;
  return async <T>(operation: string, input: Record<string, unknown>, region: string, send: (traceHeader?: string) => Promise<T>): Promise<T> => {
    const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
    if (!parent) return send();
    const subsegment = parent.addNewSubsegment(service);
    subsegment.addAttribute('namespace', 'aws');
    const root = 'segment' in parent && parent.segment ? parent.segment : parent;
    const traceHeader = `Root=${(root as { trace_id?: string }).trace_id};Parent=${subsegment.id};Sampled=${subsegment.notTraced ? 0 : 1}`;
    const describe = (metadata: CallMetadata | undefined, error?: { name?: string }) => {
      const tables = input.RequestItems ? { table_names: Object.keys(input.RequestItems as object) } : input.TableName ? { table_name: input.TableName } : {};
      subsegment.addAttribute('aws', { operation, region, ...(metadata?.requestId ? { request_id: metadata.requestId } : {}), retries: metadata?.attempts ?? 0, ...tables });
      const status = metadata?.httpStatusCode;
      subsegment.addAttribute('http', status ? { response: { status } } : {});
      if (status === 429 || /Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded|LimitExceeded/.test(error?.name ?? '')) subsegment.addThrottleFlag();
      if (status && status >= 500) subsegment.addFaultFlag();
      else if (status && status >= 400) subsegment.addErrorFlag();
    };
    try {
      const output = await send(traceHeader);
      describe((output as TracedOutcome).$metadata);
      subsegment.close();
      return output;
    } catch (error) {
      const failed = error as Error & TracedOutcome;
      if (failed.$metadata) describe(failed.$metadata, failed);
      subsegment.close({ message: failed.message, name: failed.name, stack: failed.stack ?? '' } as Error, true);
      throw error;
    }
  };
}
