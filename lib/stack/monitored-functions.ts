/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): how the monitoring nested stack (lib/monitoring.ts) sees the route
 * functions of the area nested stacks (lib/stack/route-functions.ts): by their names only. Referenced one by one, each
 * name would be a parameter of the monitoring stack, and CloudFormation allows 200: about 170 functions. So each
 * area's nested stack hands its functions' names over as one comma-separated output, and monitoring picks them out of
 * that list.
 */
import { CfnOutput, Fn, type NestedStack, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { functionConstructId, type LevyFunction } from '../levy-function';
import type { MonitoredFunction } from '../monitoring';

/** Each route function once, by its name, as a function of `monitoringStack` imported by name. */
export function monitoredRouteFunctions(
  monitoringStack: NestedStack,
  areaStacks: ReadonlyMap<string, NestedStack>,
  functionsByName: Readonly<Record<string, LevyFunction>>,
): Record<string, MonitoredFunction> {
  const monitored: Record<string, MonitoredFunction> = {};
  for (const nested of areaStacks.values()) {
    const inArea = Object.entries(functionsByName).filter(([, fn]) => Stack.of(fn) === nested);
    const output = new CfnOutput(nested, 'FunctionNames', {
      value: Fn.join(
        ',',
        inArea.map(([, fn]) => fn.function.functionName),
      ),
    });
    const names = Fn.split(',', nested.nestedStackResource!.getAtt(`Outputs.${nested.getLogicalId(output)}`).toString(), inArea.length);
    inArea.forEach(([name], i) => {
      monitored[name] = { function: lambda.Function.fromFunctionName(monitoringStack, `Monitored${functionConstructId(name)}`, names[i]) };
    });
  }
  return monitored;
}
