/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): one Lambda function per route of src/config/routes.ts (the
 * documentation routes share one), each with exactly the DynamoDB and S3 actions its routes list, in one nested stack
 * per area of the API (lib/stack-areas.ts: the first path segment decides), so that no template nears
 * CloudFormation's 500 resources. Their methods stay in the root with the rest of the REST API
 * (lib/stack/route-methods.ts).
 */
import { NestedStack, type Stack } from 'aws-cdk-lib';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import {
  documentsActions,
  documentsBucketActions,
  endpointLabel,
  routeFunctions as functionsOfRoutes,
  type RouteDefinition,
  type RouteFunction,
} from '../../src/config/routes';
import { functionConstructId, type FunctionSettings, LevyFunction } from '../levy-function';
import { areaOfFunction, areaStackId } from '../stack-areas';
import type { LevyTables } from './tables';

export interface RouteFunctions {
  /** The nested stacks of the route functions, by area. */
  readonly areaStacks: ReadonlyMap<string, NestedStack>;
  /** Each function once, by its name (a route's name where it has its own). */
  readonly byName: Readonly<Record<string, LevyFunction>>;
  /** The function serving each route, by route name. */
  readonly byRoute: Readonly<Record<string, LevyFunction>>;
}

/**
 * Tax computations (they load rates) and the builders of returns (they read a quarter's sales from the ledger and put
 * the return: +380 MB of heap at 100,000 sales, docs/benchmarks.md "Returns") get more memory, which on Lambda also
 * means more CPU. Adding an adjustment or marking a return filed puts the return without reading the ledger: 512 MB.
 */
const memoryFor = (fn: Pick<RouteFunction, 'tables'>): number =>
  fn.tables.Rates || (fn.tables.Returns?.includes('PutItem') && fn.tables.Transactions) ? 1024 : 512;

/** A function's access to the documents bucket: the S3 actions of what its routes say (`documents`), together. */
function documentsAccessOf(
  fn: RouteFunction,
  bucket: s3.IBucket,
): { bucket: s3.IBucket; actions: readonly string[]; bucketActions: readonly string[] } | undefined {
  const actions = [...new Set(fn.routes.flatMap((r) => (r.documents ? documentsActions[r.documents] : [])))].sort();
  const bucketActions = [...new Set(fn.routes.flatMap((r) => (r.documents ? (documentsBucketActions[r.documents] ?? []) : [])))].sort();
  return actions.length === 0 ? undefined : { bucket, actions, bucketActions };
}

export interface RouteFunctionsProps {
  readonly routes: readonly RouteDefinition[];
  readonly tables: LevyTables;
  readonly documentsBucket: s3.IBucket;
  readonly settings: FunctionSettings;
}

/** The route functions, each in its area's nested stack (made when its first function needs it). */
export function createRouteFunctions(stack: Stack, props: RouteFunctionsProps): RouteFunctions {
  const areaStacks = new Map<string, NestedStack>();
  const areaStack = (area: string): NestedStack => {
    const existing = areaStacks.get(area);
    if (existing) return existing;
    const created = new NestedStack(stack, areaStackId(area), { description: `Levy ${area} route functions (lib/stack-areas.ts)` });
    areaStacks.set(area, created);
    return created;
  };
  const byRoute: Record<string, LevyFunction> = {};
  const byName: Record<string, LevyFunction> = {};
  for (const served of functionsOfRoutes(props.routes)) {
    const fn = new LevyFunction(areaStack(areaOfFunction(served)), functionConstructId(served.name), {
      entry: served.entry,
      description: `Levy ${served.routes.map(endpointLabel).join(', ')}: ${served.routes.map((r) => r.summary).join('; ')}`.slice(0, 256),
      tableAccess: served.tables,
      tables: props.tables,
      memorySize: memoryFor(served),
      logLevel: props.settings.logLevel,
      dataPackages: served.dataPackages,
      tracing: props.settings.tracing,
      sourceMaps: props.settings.sourceMaps,
      usLocalRates: props.settings.usLocalRates,
      documents: documentsAccessOf(served, props.documentsBucket),
    });
    byName[served.name] = fn;
    for (const route of served.routes) byRoute[route.name] = fn;
  }
  return { areaStacks, byName, byRoute };
}
