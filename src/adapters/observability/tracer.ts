/**
 * Secondary adapter (observability): X-Ray tracing (Powertools Tracer), opt-in per stack (`-c tracing=true`,
 * docs/deployment.md). When on, every call of the DynamoDB client is a subsegment of the function's trace (Powertools'
 * captureAWSv3Client, src/adapters/dynamodb/client.ts),
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
