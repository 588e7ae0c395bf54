/**
 * Infrastructure (CDK): the Levy stack, the one stack of the app (lib/levy-app.ts). Everything in it is derived from
 * the single sources of truth in src/config (tables, routes, gateway responses, plans, metrics); this file only puts
 * the parts together, in the order their resources appear in the templates:
 *   - one DynamoDB table per entry of tables.ts (lib/stack/tables.ts) and the documents bucket
 *     (lib/stack/documents-bucket.ts);
 *   - a REST API (lib/stack/api.ts: stage `live` with access logs, execution error logs, a stage-wide safety
 *     throttle, X-Ray) with the bearer REQUEST authorizer (lib/stack/authorizer.ts) on every method but the keyless
 *     ones, and optionally a custom domain mapped to it at the root (lib/stack/api-domain.ts): the stage URL or the
 *     domain is the spec's base URL, the route paths follow it as the spec writes them;
 *   - one Lambda function per route (lib/stack/route-functions.ts) in one nested stack per area of the API
 *     (lib/stack-areas.ts), so that no template nears CloudFormation's 500 resources; the methods stay in the root
 *     with the rest of the REST API (lib/stack/route-methods.ts), each function's invoke permission beside it;
 *   - one usage plan per entry of plans.ts, keyed by the usage key the authorizer returns, and one gateway response
 *     per entry of gateway-responses.ts (lib/stack/api.ts);
 *   - webhook delivery (lib/webhooks.ts) and monitoring (lib/monitoring.ts: alarms, their topic and one dashboard),
 *     each in a nested stack of its own;
 *   - the deploy-time report of the US ZIP tables (lib/stack/us-local-rates-report.ts: a custom resource in a nested
 *     stack of its own), shown as the output `UsLocalRates` that `cdk deploy` prints.
 * cdk-nag findings that are not fixed are acknowledged with their reasons (lib/stack/nag-acknowledgements.ts, or
 * beside the one construct they concern; see docs/deployment.md).
 */
import { NestedStack, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { endpointLabel, routeFunctions as functionsOfRoutes, routes as configuredRoutes, type RouteDefinition } from '../src/config/routes';
import type { FunctionSettings, LevyFunction } from './levy-function';
import { LevyMonitoring } from './monitoring';
import { API_STAGE_NAME } from '../src/config/api-settings';
import { addApiOutputs, addGatewayResponses, addUsagePlans, createRestApi, stageNameProblem } from './stack/api';
import { addApiDomain, type ApiDomainSettings } from './stack/api-domain';
import { createBearerAuthorizer } from './stack/authorizer';
import { createDocumentsBucket } from './stack/documents-bucket';
import { monitoredRouteFunctions } from './stack/monitored-functions';
import { acknowledgeNagFindings } from './stack/nag-acknowledgements';
import { createRouteFunctions, type RouteFunctions } from './stack/route-functions';
import { addRouteMethods } from './stack/route-methods';
import { createTables, type LevyTables } from './stack/tables';
import { addUsLocalRatesReport, type UsLocalRatesReport } from './stack/us-local-rates-report';
import { LevyWebhooks } from './webhooks';

export interface LevyStackProps extends StackProps {
  /** POWERTOOLS_LOG_LEVEL of every function (default INFO). */
  readonly logLevel?: string;
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
  /**
   * Whether every method requires the account's usage key (so its plan applies). Default true; false only for the one
   * upgrade deploy from a Levy without usage plans, until `levy migrate --aws` has given every account one
   * (docs/deployment.md, "Upgrading").
   */
  readonly requireUsageKeys?: boolean;
  /**
   * X-Ray: active tracing on every function (Powertools Tracer built into each bundle) and on the API stage. Default
   * false: the tracer and the X-Ray SDK are about 115 KB of every bundle and cost cold-start time (docs/deployment.md).
   */
  readonly tracing?: boolean;
  /** `required`: a US sale without an imported ZIP table in force is refused (`-c usLocalRates=required`; LevyFunctionProps). */
  readonly usLocalRates?: 'required' | 'optional';
  /**
   * The REST API's stage name (default API_STAGE_NAME, `live`; `-c stageName=...`). The stage URL is the spec's base
   * URL, so it may not be the first segment of any route's path (`v1`, `vendors` ...): the synth stops on one.
   */
  readonly apiStageName?: string;
  /** A custom domain mapped to the stage at the root (`-c domainName=... -c certificateArn=... [-c hostedZoneId=...]`). */
  readonly apiDomain?: ApiDomainSettings;
  /**
   * Source maps in every bundle and `--enable-source-maps`, so stack traces in the logs name Levy's files and lines.
   * Default true; they cost a cold start about 12 ms (docs/benchmarks.md), so `-c sourceMaps=false` leaves them out.
   */
  readonly sourceMaps?: boolean;
  /**
   * The routes to serve (default: src/config/routes.ts). Only test/infra/stack-size.suite.ts passes others, to
   * synthesize the stack at the size the roadmap expects and check that every template still fits.
   */
  readonly routes?: readonly RouteDefinition[];
}

export class LevyStack extends Stack {
  readonly tables: LevyTables;
  readonly api: apigateway.RestApi;
  readonly authorizerFunction: LevyFunction;
  /** The function serving each route, by route name (the documentation routes share one). */
  readonly routeFunctions: Readonly<Record<string, LevyFunction>>;
  readonly monitoring: LevyMonitoring;
  /** Exemption certificate documents: private, encrypted, versioned, TLS only, retained. */
  readonly documentsBucket: s3.Bucket;
  /** Webhook delivery and the daily time-driven events. */
  readonly webhooks: LevyWebhooks;
  /** Whether US local rate tables are loaded, read at deploy (the output `UsLocalRates`). */
  readonly usLocalRatesReport: UsLocalRatesReport;
  /** The nested stacks of the route functions, by area (lib/stack-areas.ts). */
  readonly areaStacks: ReadonlyMap<string, NestedStack>;

  constructor(scope: Construct, id: string, props: LevyStackProps = {}) {
    super(scope, id, props);
    Tags.of(this).add('project', 'levy');
    const routes = props.routes ?? configuredRoutes;
    const settings: FunctionSettings = { logLevel: props.logLevel, tracing: props.tracing, sourceMaps: props.sourceMaps, usLocalRates: props.usLocalRates };

    this.tables = createTables(this);
    this.documentsBucket = createDocumentsBucket(this);
    const stageName = props.apiStageName ?? API_STAGE_NAME;
    const stageProblem = stageNameProblem(stageName, routes);
    if (stageProblem) throw new Error(`${stageProblem} (context stageName)`);
    this.api = createRestApi(this, { stageName, tracing: props.tracing });
    const customDomainUrl = props.apiDomain && addApiDomain(this, this.api, props.apiDomain);
    const bearer = createBearerAuthorizer(this, this.tables, settings);
    this.authorizerFunction = bearer.function;

    const functions = createRouteFunctions(this, { routes, tables: this.tables, documentsBucket: this.documentsBucket, settings });
    this.areaStacks = functions.areaStacks;
    this.routeFunctions = functions.byRoute;
    addRouteMethods({
      api: this.api,
      stageName,
      routes,
      functions: functions.byRoute,
      authorizer: bearer.authorizer,
      requireUsageKeys: props.requireUsageKeys ?? true,
    });

    this.webhooks = this.addWebhooks(routes, functions, settings);
    addUsagePlans(this, this.api);
    addGatewayResponses(this.api);
    addApiOutputs(this, this.api, { stageName, customDomainUrl });
    this.monitoring = this.addMonitoring(routes, functions, props.alarmEmail);
    this.usLocalRatesReport = addUsLocalRatesReport(this, { tables: this.tables, settings });

    acknowledgeNagFindings({
      api: this.api,
      routes,
      functionsByRoute: this.routeFunctions,
      tables: this.tables,
      documentsBucket: this.documentsBucket,
      functions: [this.authorizerFunction, ...Object.values(functions.byName), ...Object.values(this.webhooks.functions), this.usLocalRatesReport.function],
      tracing: props.tracing ?? false,
    });
  }

  /** Webhook delivery and the daily time-driven events, in a nested stack of their own: stream, queue, DLQ, functions. */
  private addWebhooks(routes: readonly RouteDefinition[], functions: RouteFunctions, settings: FunctionSettings): LevyWebhooks {
    const nested = new NestedStack(this, 'WebhooksStack', { description: 'Levy webhook delivery and time-driven events (lib/webhooks.ts)' });
    const webhooks = new LevyWebhooks(nested, 'Webhooks', { tables: this.tables, ...settings });
    // Routes that queue deliveries themselves (a redelivery) get the same queues and grant as the background senders.
    for (const served of functionsOfRoutes(routes)) {
      if (served.routes.some((r) => r.sendsDeliveries)) webhooks.allowSending(functions.byName[served.name]);
    }
    return webhooks;
  }

  /** Its own nested stack: an alarm per table and per ten functions, and the dashboard, grow with the API. */
  private addMonitoring(routes: readonly RouteDefinition[], functions: RouteFunctions, alarmEmail: string | undefined): LevyMonitoring {
    const monitoringStack = new NestedStack(this, 'MonitoringStack', { description: 'Levy alarms, their topic and the dashboard (lib/monitoring.ts)' });
    // Each function once (the documentation routes share one), by its name: a route's name where it has its own.
    const routeFunctions = monitoredRouteFunctions(monitoringStack, functions.areaStacks, functions.byName);
    return new LevyMonitoring(monitoringStack, 'Monitoring', {
      // The nested stack's own name is generated: alarms and the dashboard are named after this stack.
      name: this.stackName,
      api: this.api,
      routeFunctions,
      authorizerFunction: this.authorizerFunction,
      tables: this.tables,
      billableEndpoints: routes.filter((r) => r.billable).map(endpointLabel),
      alarmEmail,
    });
  }
}
