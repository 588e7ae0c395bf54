/**
 * Infrastructure: the Levy stack. Everything here is derived from the single sources of truth in src/config
 * (tables, routes, gateway responses, plans, metrics):
 *   - one DynamoDB table per entry of tables.ts (on demand, PITR, retained, TTL and indexes where defined);
 *   - a REST API (stage v1: access logs, execution error logs, a stage-wide safety throttle, X-Ray) whose resource
 *     tree is built from the route paths, with the bearer REQUEST authorizer on every method but the public
 *     documentation routes (GET /openapi.json, /docs);
 *   - one usage plan per entry of plans.ts: each account's rate, burst and daily quota, keyed by the usage key
 *     the authorizer returns (API key source AUTHORIZER);
 *   - one Lambda function per route (the documentation routes share one) with exactly the DynamoDB actions listed,
 *     in one nested stack per area of the API (lib/stack-areas.ts), so that no template nears CloudFormation's 500
 *     resources; the methods stay here with the rest of the REST API, each function's invoke permission beside it;
 *   - one gateway response per entry of gateway-responses.ts, in the spec's error body with the request id;
 *   - webhook delivery (lib/webhooks.ts) and monitoring (lib/monitoring.ts: alarms, their topic and one dashboard),
 *     each in a nested stack of its own.
 * cdk-nag findings that are not fixed are acknowledged here, each with its reason
 * (see docs/deployment.md).
 */
import { Aws, CfnOutput, type CfnResource, Duration, Fn, NestedStack, Names, RemovalPolicy, Size, Stack, Tags, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { API_STAGE_NAME, AUTHORIZER_CACHE_TTL_SECONDS, AUTHORIZER_TIMEOUT_SECONDS, GATEWAY_BINARY_MEDIA_TYPES } from '../src/config/api-settings';
import { DOCUMENTS_KEY_PREFIX, STAGED_UPLOADS_EXPIRE_DAYS, STAGED_UPLOADS_PREFIX } from '../src/config/documents';
import { API_URL_OUTPUT_ID, cliOutput, outputDescription, tableOutputId, usagePlanOutputId } from '../src/config/stack-outputs';
import { GATEWAY_REQUEST_ID, gatewayErrorBody, gatewayErrors, type GatewayErrorDefinition } from '../src/config/gateway-responses';
import { plans } from '../src/config/plans';
import { answersWithoutKey, authorizer as authorizerDefinition, documentsActions, documentsBucketActions, endpointLabel, routeFunctions as functionsOfRoutes, routes as configuredRoutes, type RouteDefinition, type RouteFunction } from '../src/config/routes';
import { queriesIndexes, tableList, type KeyDefinition, type TableId } from '../src/config/tables';
import { functionConstructId, LevyFunction } from './levy-function';
import { LevyMonitoring, type MonitoredFunction } from './monitoring';
import { areaOfFunction, areaStackId } from './stack-areas';
import { LevyWebhooks } from './webhooks';

/**
 * Stage-wide throttling (requests per second, steady state / burst) for all accounts together: a safety cap above
 * the per-account usage plans (src/config/plans.ts), which are what keep one account from starving the others.
 */
export const THROTTLING_RATE_LIMIT = 1_000;
export const THROTTLING_BURST_LIMIT = 2_000;

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
  /**
   * Source maps in every bundle and `--enable-source-maps`, so stack traces in the logs name Levy's files and lines.
   * Default true; they cost a cold start about 12 ms (docs/benchmarks.md), so `-c sourceMaps=false` leaves them out.
   */
  readonly sourceMaps?: boolean;
  /**
   * The routes to serve (default: src/config/routes.ts). Only test/infra/stack-size.test.ts passes others, to
   * synthesize the stack at the size the roadmap expects and check that every template still fits.
   */
  readonly routes?: readonly RouteDefinition[];
}

const attributeType = (key: KeyDefinition): dynamodb.AttributeType =>
  key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING;

/**
 * Tax computations (they load rates) and the builders of returns (they read a quarter's sales from the ledger and put
 * the return: +380 MB of heap at 100,000 sales, docs/benchmarks.md "Returns") get more memory, which on Lambda also
 * means more CPU. Adding an adjustment or marking a return filed puts the return without reading the ledger: 512 MB.
 */
const memoryFor = (fn: Pick<RouteFunction, 'tables'>): number => (fn.tables.Rates || (fn.tables.Returns?.includes('PutItem') && fn.tables.Transactions) ? 1024 : 512);

/** A function's access to the documents bucket: the S3 actions of what its routes say (`documents`), together. */
function documentsAccessOf(fn: RouteFunction, bucket: s3.IBucket): { bucket: s3.IBucket; actions: readonly string[]; bucketActions: readonly string[] } | undefined {
  const actions = [...new Set(fn.routes.flatMap((r) => (r.documents ? documentsActions[r.documents] : [])))].sort();
  const bucketActions = [...new Set(fn.routes.flatMap((r) => (r.documents ? (documentsBucketActions[r.documents] ?? []) : [])))].sort();
  return actions.length === 0 ? undefined : { bucket, actions, bucketActions };
}

/**
 * The names cdk-nag's finding ids give an attribute of a root resource used in a nested stack: `<logical id>.<attr>`
 * while the reference is still the root's (cdk-nag run before synthesis, as the tests may), and the parameter CDK
 * passes it in once synthesis has made one (`reference-to-<unique id><attribute>`, alphanumerics only; what
 * `cdk synth`'s validation sees). Both are acknowledged, so the finding's id is covered whichever way it is checked.
 */
const rootResourceNames = (resource: CfnResource, attribute: string): string[] => [
  `${Stack.of(resource).getLogicalId(resource)}.${attribute}`,
  `referenceto${Names.nodeUniqueId(resource.node)}${attribute}`.replace(/[^A-Za-z0-9]/g, ''),
];

export class LevyStack extends Stack {
  readonly tables: Readonly<Record<TableId, dynamodb.Table>>;
  readonly api: apigateway.RestApi;
  readonly authorizerFunction: LevyFunction;
  readonly routeFunctions: Readonly<Record<string, LevyFunction>>;
  readonly monitoring: LevyMonitoring;
  /** Exemption certificate documents (issue 12): private, encrypted, versioned, TLS only, retained. */
  readonly documentsBucket: s3.Bucket;
  /** Webhook delivery and the daily time-driven events (issue 14). */
  readonly webhooks: LevyWebhooks;
  /** The nested stacks of the route functions, by area (lib/stack-areas.ts). */
  readonly areaStacks: ReadonlyMap<string, NestedStack>;

  constructor(scope: Construct, id: string, props: LevyStackProps = {}) {
    super(scope, id, props);
    Tags.of(this).add('project', 'levy');
    const routes = props.routes ?? configuredRoutes;

    // ---- Tables -------------------------------------------------------------------------------
    const tableMap = {} as Record<TableId, dynamodb.Table>;
    for (const def of tableList) {
      const table = new dynamodb.Table(this, `${def.id}Table`, {
        partitionKey: { name: def.partitionKey.name, type: attributeType(def.partitionKey) },
        sortKey: def.sortKey ? { name: def.sortKey.name, type: attributeType(def.sortKey) } : undefined,
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        timeToLiveAttribute: def.ttlAttribute,
        removalPolicy: RemovalPolicy.RETAIN,
        // The events outbox's stream feeds webhook delivery (lib/webhooks.ts).
        stream: def.stream === 'NEW_IMAGE' ? dynamodb.StreamViewType.NEW_IMAGE : undefined,
      });
      // LSIs exist only from the table's creation on: adding one to a deployed table replaces the table.
      for (const index of def.localIndexes ?? []) {
        table.addLocalSecondaryIndex({
          indexName: index.name,
          sortKey: { name: index.sortKey.name, type: attributeType(index.sortKey) },
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      for (const index of def.globalIndexes ?? []) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: { name: index.partitionKey.name, type: attributeType(index.partitionKey) },
          sortKey: index.sortKey ? { name: index.sortKey.name, type: attributeType(index.sortKey) } : undefined,
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      tableMap[def.id] = table;
      // Described by the environment variable the functions and the CLI read the name from.
      new CfnOutput(this, tableOutputId(def.id), { value: table.tableName, description: outputDescription(cliOutput(tableOutputId(def.id))) });
    }
    this.tables = tableMap;

    // ---- Documents bucket (exemption certificates) ---------------------------------------------------
    this.documentsBucket = new s3.Bucket(this, 'DocumentsBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // A deleted or replaced document's last version is kept 90 days (an accidental delete can be undone), then gone.
      lifecycleRules: [
        { id: 'ExpireDeletedDocuments', noncurrentVersionExpiration: Duration.days(90), expiredObjectDeleteMarker: true },
        // An upload to a pre-signed URL that is never completed is not a document: gone after a day, its versions too.
        { id: 'ExpireStagedUploads', prefix: `${STAGED_UPLOADS_PREFIX}/`, expiration: Duration.days(STAGED_UPLOADS_EXPIRE_DAYS), noncurrentVersionExpiration: Duration.days(1) },
      ],
    });
    Validations.of(this.documentsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'No S3 server access logs: the bucket is reached only by the document routes\' functions (one object action each, ' +
        'on one key prefix), whose every call is in the API access log with the account and request id; a log bucket ' +
        'would hold a second copy of that trail. CloudTrail data events are the step if object-level audit is required.',
    });

    // ---- REST API -----------------------------------------------------------------------------
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const accessLogFormat = apigateway.AccessLogFormat.custom(
      JSON.stringify({
        requestId: apigateway.AccessLogField.contextRequestId(),
        extendedRequestId: apigateway.AccessLogField.contextExtendedRequestId(),
        requestTime: apigateway.AccessLogField.contextRequestTime(),
        ip: apigateway.AccessLogField.contextIdentitySourceIp(),
        userAgent: apigateway.AccessLogField.contextIdentityUserAgent(),
        caller: apigateway.AccessLogField.contextIdentityCaller(),
        // The account id the authorizer resolved the bearer key to (its principalId).
        accountId: apigateway.AccessLogField.contextAuthorizerPrincipalId(),
        method: apigateway.AccessLogField.contextHttpMethod(),
        path: apigateway.AccessLogField.contextPath(),
        resourcePath: apigateway.AccessLogField.contextResourcePath(),
        protocol: apigateway.AccessLogField.contextProtocol(),
        status: apigateway.AccessLogField.contextStatus(),
        responseLength: apigateway.AccessLogField.contextResponseLength(),
        latency: apigateway.AccessLogField.contextResponseLatency(),
        integrationLatency: apigateway.AccessLogField.contextIntegrationLatency(),
        errorType: apigateway.AccessLogField.contextErrorResponseType(),
        errorMessage: apigateway.AccessLogField.contextErrorMessage(),
        authorizerError: apigateway.AccessLogField.contextAuthorizerError(),
      }),
    );

    this.api = new apigateway.RestApi(this, 'Api', {
      restApiName: this.stackName,
      description: 'Levy tax-compliance API',
      endpointTypes: [apigateway.EndpointType.REGIONAL],
      // Certificate documents travel as bytes (base64 to and from the function); JSON stays text. Responses of 1 KiB
      // or more are gzip-compressed when the client sends Accept-Encoding.
      binaryMediaTypes: [...GATEWAY_BINARY_MEDIA_TYPES],
      minCompressionSize: Size.kibibytes(1),
      // Execution logs (level ERROR below) need API Gateway's account-level CloudWatch role.
      cloudWatchRole: true,
      // Usage plans key on the usage key the authorizer returns for the caller's account, not on an x-api-key header.
      apiKeySourceType: apigateway.ApiKeySourceType.AUTHORIZER,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: API_STAGE_NAME,
        accessLogDestination: new apigateway.LogGroupLogDestination(accessLogs),
        accessLogFormat,
        loggingLevel: apigateway.MethodLoggingLevel.ERROR,
        // Never log request/response bodies: they carry tax ids and e-mail addresses.
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: props.tracing ?? false,
        throttlingRateLimit: THROTTLING_RATE_LIMIT,
        throttlingBurstLimit: THROTTLING_BURST_LIMIT,
      },
    });

    // ---- Authorizer ---------------------------------------------------------------------------
    this.authorizerFunction = new LevyFunction(this, 'Authorizer', {
      entry: authorizerDefinition.entry,
      description: 'Levy bearer-key authorizer: Authorization header -> sha256 -> ApiKeys -> account id and usage key',
      tableAccess: authorizerDefinition.tables,
      tables: tableMap,
      memorySize: 512,
      timeout: Duration.seconds(AUTHORIZER_TIMEOUT_SECONDS),
      logLevel: props.logLevel,
      tracing: props.tracing,
      sourceMaps: props.sourceMaps,
    });
    // A REQUEST authorizer (cached per Authorization header, like a TOKEN one) so that it receives the request id
    // and logs with it; a missing header is a 401 without calling it.
    const authorizer = new apigateway.RequestAuthorizer(this, 'BearerAuthorizer', {
      authorizerName: 'levy-bearer-key',
      handler: this.authorizerFunction.function,
      identitySources: [apigateway.IdentitySource.header('Authorization')],
      resultsCacheTtl: Duration.seconds(AUTHORIZER_CACHE_TTL_SECONDS),
    });

    // ---- Routes ----------------------------------------------------------------------------------
    // Functions live in one nested stack per area (lib/stack-areas.ts: the first path segment decides), each with the
    // permission that lets this stage's one method and path invoke it; methods, resources and the stage stay here, so
    // that a changed method still redeploys the stage (the deployment's logical id hashes the methods it sees).
    const areaStacks = new Map<string, NestedStack>();
    const areaStack = (area: string): NestedStack => {
      const existing = areaStacks.get(area);
      if (existing) return existing;
      const created = new NestedStack(this, areaStackId(area), { description: `Levy ${area} route functions (lib/stack-areas.ts)` });
      areaStacks.set(area, created);
      return created;
    };
    const routeFunctions: Record<string, LevyFunction> = {};
    const functionsByName: Record<string, LevyFunction> = {};
    for (const served of functionsOfRoutes(routes)) {
      const fn = new LevyFunction(areaStack(areaOfFunction(served)), functionConstructId(served.name), {
        entry: served.entry,
        description: `Levy ${served.routes.map(endpointLabel).join(', ')}: ${served.routes.map((r) => r.summary).join('; ')}`.slice(0, 256),
        tableAccess: served.tables,
        tables: tableMap,
        memorySize: memoryFor(served),
        logLevel: props.logLevel,
        dataPackages: served.dataPackages,
        tracing: props.tracing,
        sourceMaps: props.sourceMaps,
        documents: documentsAccessOf(served, this.documentsBucket),
      });
      functionsByName[served.name] = fn;
      for (const route of served.routes) routeFunctions[route.name] = fn;
    }
    this.areaStacks = areaStacks;
    for (const route of routes) {
      const fn = routeFunctions[route.name].function;
      // The invoke permission beside the function (CDK's LambdaIntegration would put it here, beside the method: one
      // resource per route in the root), scoped to this stage, method and path only.
      fn.addPermission(`Invoke${functionConstructId(route.name)}`, {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: this.api.arnForExecuteApi(route.method, route.path.replace(/\{[^}]*\}/g, '*'), API_STAGE_NAME),
      });
      const method = this.api.root.resourceForPath(route.path).addMethod(
        route.method,
        // Lambda proxy integration, as LambdaIntegration renders it (which would also add the permission here).
        new apigateway.Integration({
          type: apigateway.IntegrationType.AWS_PROXY,
          integrationHttpMethod: 'POST',
          uri: `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
        }),
        answersWithoutKey(route)
          ? // The documentation and URL-token routes answer without a key: no authorizer, no usage plan (the stage's throttle still applies).
            { authorizationType: apigateway.AuthorizationType.NONE, apiKeyRequired: false, operationName: route.name }
          : {
              authorizer,
              authorizationType: apigateway.AuthorizationType.CUSTOM,
              operationName: route.name,
              // The usage key comes from the authorizer (apiKeySourceType AUTHORIZER); this applies the account's plan.
              apiKeyRequired: props.requireUsageKeys ?? true,
            },
      );
      if (route.public) {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason:
              `${endpointLabel(route)} is the API's public documentation (the OpenAPI document and its reference page): it reads ` +
              'no account data and no table, so it needs no key; the stage throttle caps it like every method.',
          },
          {
            id: 'AwsSolutions-COG4',
            reason: `${endpointLabel(route)} is public documentation: no user and no key to authenticate.`,
          },
        );
      }
      if (route.urlToken) {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason:
              `${endpointLabel(route)} is opened from a link Levy issued: its function checks the HMAC token in the URL (expiry, ` +
              'single use) and touches only the record the token names; a bearer key cannot be asked of the person who follows the link.',
          },
          {
            id: 'AwsSolutions-COG4',
            reason: `${endpointLabel(route)} is authenticated by the signed token in its URL, not by a user pool.`,
          },
        );
      }
    }
    this.routeFunctions = routeFunctions;

    // ---- Webhooks and time-driven events (issue 14): stream, queue, DLQ, delivery, daily schedule -------------
    this.webhooks = new LevyWebhooks(new NestedStack(this, 'WebhooksStack', { description: 'Levy webhook delivery and time-driven events (lib/webhooks.ts)' }), 'Webhooks', { tables: tableMap, logLevel: props.logLevel, tracing: props.tracing, sourceMaps: props.sourceMaps });
    // Routes that queue deliveries themselves (a redelivery) get the same queues and grant as the background senders.
    for (const served of functionsOfRoutes(routes)) {
      if (served.routes.some((r) => r.sendsDeliveries)) this.webhooks.allowSending(functionsByName[served.name]);
    }

    // ---- Usage plans: one per tier, every account's usage key on its tier's plan (levy accounts create --plan) --
    for (const plan of Object.values(plans)) {
      const usagePlan = this.api.addUsagePlan(`UsagePlan${plan.id.charAt(0).toUpperCase()}${plan.id.slice(1)}`, {
        name: `${this.stackName}-${plan.id}`,
        description: `Levy plan '${plan.id}': ${plan.description}`,
        throttle: { rateLimit: plan.rateLimit, burstLimit: plan.burstLimit },
        quota: { limit: plan.dailyQuota, period: apigateway.Period.DAY },
        apiStages: [{ api: this.api, stage: this.api.deploymentStage }],
      });
      new CfnOutput(this, usagePlanOutputId(plan.id), { value: usagePlan.usagePlanId, description: outputDescription(cliOutput(usagePlanOutputId(plan.id))) });
    }

    // ---- Gateway responses: API Gateway's own errors in the spec's body -------------------------
    for (const g of gatewayErrors as readonly GatewayErrorDefinition[]) {
      this.api.addGatewayResponse(`GatewayResponse${g.type}`, {
        type: apigateway.ResponseType.of(g.type),
        statusCode: String(g.status),
        // The template is VTL: API Gateway puts this request's id where the body names $context.requestId.
        templates: { 'application/json': gatewayErrorBody(g, GATEWAY_REQUEST_ID) },
        // Header values are API Gateway mapping expressions, here literals (quoted). API Gateway itself adds the request
        // id as x-amzn-RequestId: a gateway response can map only request parameters and literals to headers.
        ...(g.headers && { responseHeaders: Object.fromEntries(Object.entries(g.headers).map(([name, value]) => [name, `'${value}'`])) }),
      });
    }

    // ---- Outputs ------------------------------------------------------------------------------
    // One URL output with a stable name instead of RestApi's generated `ApiEndpoint<hash>`.
    this.api.node.tryRemoveChild('Endpoint');
    new CfnOutput(this, API_URL_OUTPUT_ID, {
      value: this.api.url,
      description: 'Base URL of the API (stage v1); route paths are appended to it',
    });
    new CfnOutput(this, 'Region', { value: Aws.REGION, description: outputDescription(cliOutput('Region')) });
    new CfnOutput(this, 'ApiId', { value: this.api.restApiId, description: outputDescription(cliOutput('ApiId')) });

    // Its own nested stack: an alarm per table and per ten functions, and the dashboard, grow with the API.
    const monitoringStack = new NestedStack(this, 'MonitoringStack', { description: 'Levy alarms, their topic and the dashboard (lib/monitoring.ts)' });
    this.monitoring = new LevyMonitoring(monitoringStack, 'Monitoring', {
      // The nested stack's own name is generated: alarms and the dashboard are named after this stack.
      name: this.stackName,
      api: this.api,
      // Each function once (the documentation routes share one), by its name: a route's name where it has its own.
      routeFunctions: this.namesPerArea(monitoringStack, functionsByName),
      authorizerFunction: this.authorizerFunction,
      tables: tableMap,
      billableEndpoints: routes.filter((r) => r.billable).map(endpointLabel),
      alarmEmail: props.alarmEmail,
    });

    this.acknowledgeNagFindings(routes, [...Object.values(functionsByName), ...Object.values(this.webhooks.functions)], props.tracing ?? false);
  }

  /**
   * The route functions as monitoring sees them, by their names only. Referenced one by one, each name would be a
   * parameter of the monitoring stack, and CloudFormation allows 200: about 170 functions. So each area's nested
   * stack hands its functions' names over as one comma-separated output, and monitoring picks them out of that list.
   */
  private namesPerArea(monitoringStack: NestedStack, functionsByName: Readonly<Record<string, LevyFunction>>): Record<string, MonitoredFunction> {
    const monitored: Record<string, MonitoredFunction> = {};
    for (const nested of this.areaStacks.values()) {
      const inArea = Object.entries(functionsByName).filter(([, fn]) => Stack.of(fn) === nested);
      const output = new CfnOutput(nested, 'FunctionNames', { value: Fn.join(',', inArea.map(([, fn]) => fn.function.functionName)) });
      const names = Fn.split(',', nested.nestedStackResource!.getAtt(`Outputs.${nested.getLogicalId(output)}`).toString(), inArea.length);
      inArea.forEach(([name], i) => {
        monitored[name] = { function: lambda.Function.fromFunctionName(monitoringStack, `Monitored${functionConstructId(name)}`, names[i]) };
      });
    }
    return monitored;
  }

  /** cdk-nag AwsSolutions findings that are deliberate, each with the reason (docs/deployment.md). */
  private acknowledgeNagFindings(routes: readonly RouteDefinition[], routeFunctions: LevyFunction[], tracing: boolean): void {
    const stage = this.api.deploymentStage;
    Validations.of(stage).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'No WAF web ACL yet: every method requires a bearer API key checked by the Lambda authorizer, the stage is throttled ' +
        `(${THROTTLING_RATE_LIMIT} rps, burst ${THROTTLING_BURST_LIMIT}), and request bodies are validated in the functions. ` +
        'A WAFv2 ACL (rate-based rule per IP, AWS managed common rule set) is the next step before public launch.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason:
        'Request validation happens in each Lambda with zod schemas (the single source of truth for the OpenAPI document), ' +
        'which answers the spec error body {error, message, status} naming the offending field; an API Gateway validator ' +
        'would duplicate the schemas and answer a different body.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-COG4',
      reason:
        'Levy authenticates machine clients with bearer API keys (spec: "Authorization: Bearer <key>"), checked by a ' +
        'custom REQUEST Lambda authorizer against SHA-256 hashes in the ApiKeys table; there are no Cognito users.',
    });
    // The CloudWatch role API Gateway needs for execution logs uses the AWS managed policy.
    const cloudWatchRole = this.api.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      Validations.of(cloudWatchRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for the account-level role API Gateway uses to ' +
          'write execution logs; it is scoped to CloudWatch Logs only and assumed only by apigateway.amazonaws.com.',
      });
    }
    // A Query of a table with indexes (src/config/tables.ts) is granted on `<table arn>/index/*` too: the route lists
    // from an index (transactions by date).
    for (const route of routes) {
      const fn = this.routeFunctions[route.name];
      for (const [id, actions] of Object.entries(route.tables) as [TableId, readonly string[]][]) {
        if (!queriesIndexes(id, actions)) continue;
        const reason =
          `The ${id} table has indexes (src/config/tables.ts) and the route queries it, so its Query grant also covers ` +
          '`<table arn>/index/*`: only the indexes of that one table, and only the actions src/config/routes.ts lists.';
        Validations.of(fn.role).acknowledge(
          ...rootResourceNames(this.tables[id].node.defaultChild as CfnResource, 'Arn').map((arn) => ({ id: `AwsSolutions-IAM5[Resource::<${arn}>/index/*]`, reason })),
        );
      }
    }
    // The document routes' one object action covers the documents' key prefix: keys name the account, customer and
    // certificate of each document, so no narrower resource exists before the request.
    const bucketArns = rootResourceNames(this.documentsBucket.node.defaultChild as CfnResource, 'Arn');
    for (const route of routes.filter((r) => r.documents !== undefined)) {
      const reason =
        `${endpointLabel(route)} may ${documentsActions[route.documents!].join(', ')} objects under ${DOCUMENTS_KEY_PREFIX}/ only (its actions, ` +
        'one prefix): each document\'s key is made per request from the account, customer, certificate and content hash.';
      Validations.of(this.routeFunctions[route.name].role).acknowledge(
        ...bucketArns.map((arn) => ({ id: `AwsSolutions-IAM5[Resource::<${arn}>/${DOCUMENTS_KEY_PREFIX}/*]`, reason })),
      );
    }
    for (const fn of [this.authorizerFunction, ...routeFunctions]) {
      Validations.of(fn).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime Levy targets and tests on (a project requirement); moving to a newer Node.js runtime ' +
          'is a deliberate upgrade, not something a synth should do.',
      });
      if (tracing) Validations.of(fn.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level ' +
          'permissions, so the statement lib/levy-function.ts adds for active tracing must use "*".',
      });
    }
  }
}
