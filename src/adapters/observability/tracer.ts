/**
 * Secondary adapter (observability): X-Ray tracing (Powertools Tracer). The DynamoDB client is instrumented, so every
 * call to a table is a subsegment of the function's trace; the pipeline opens the handler's segment. Tracing is on
 * only in Lambda with active tracing (the stack turns it on); Powertools turns itself off elsewhere, and
 * POWERTOOLS_TRACE_ENABLED=false keeps `npm start` and the tests quiet.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

// Made on first use: Powertools reads its settings from the environment when it is made.
let tracer: Tracer | undefined;

export function levyTracer(): Tracer {
  tracer ??= new Tracer();
  return tracer;
}
