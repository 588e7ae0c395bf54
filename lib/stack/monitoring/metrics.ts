/**
 * Infrastructure (CDK, part of lib/monitoring.ts): what the alarms and the dashboard share: the period every metric is
 * read over and the sum of several series into one.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';

export const PERIOD = Duration.minutes(5);

/** A function as monitoring names it (its route function's name, or `authorizer`) with the function. */
export type NamedFunction = [name: string, fn: lambda.IFunction];

/** `FILL(a, 0) + FILL(b, 0) ...`: a plain `a + b` has no value where any one series has none, which hides throttles. */
export const sumOf = (metrics: Record<string, cloudwatch.IMetric>, label: string): cloudwatch.MathExpression =>
  new cloudwatch.MathExpression({
    expression: Object.keys(metrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + '),
    usingMetrics: metrics,
    label,
    period: PERIOD,
  });
