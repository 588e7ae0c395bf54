/**
 * Infrastructure: the Levy stack. Everything here is derived from the single sources of truth in src/config
 * (tables, routes, gateway responses, plans, metrics):
 *   - one DynamoDB table per entry of tables.ts (on demand, PITR, retained, TTL and indexes where defined);
 *   - a REST API (stage v1: access logs, execution error logs, a stage-wide safety throttle, X-Ray) whose resource
 *     tree is built from the route paths, with the bearer REQUEST authorizer on every method but the public
 *     documentation routes (GET /openapi.json, /docs);
 *   - one usage plan per entry of plans.ts: each account's rate, burst and daily quota, keyed by the usage key
 *     the authorizer returns (API key source AUTHORIZER);
 *   - one Lambda function per route (the documentation routes share one) with exactly the DynamoDB actions listed;
 *   - one gateway response per entry of gateway-responses.ts, in the spec's error body with the request id;
 *   - monitoring (lib/monitoring.ts): alarms, their topic and one dashboard.
 * cdk-nag findings that are not fixed are acknowledged here, each with its reason
 * (see docs/deployment.md).
 */
import { Aws, CfnOutput, type CfnResource, Duration, RemovalPolicy, Size, Stack, Tags, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { API_STAGE_NAME, AUTHORIZER_CACHE_TTL_SECONDS, AUTHORIZER_TIMEOUT_SECONDS, GATEWAY_BINARY_MEDIA_TYPES } from '../src/config/api-settings';
import { DOCUMENTS_KEY_PREFIX, STAGED_UPLOADS_EXPIRE_DAYS, STAGED_UPLOADS_PREFIX } from '../src/config/documents';
import { API_URL_OUTPUT_ID, cliOutput, outputDescription, tableOutputId, usagePlanOutputId } from '../src/config/stack-outputs';
import { GATEWAY_REQUEST_ID, gatewayErrorBody, gatewayErrors, type GatewayErrorDefinition } from '../src/config/gateway-responses';
import { plans } from '../src/config/plans';
import { answersWithoutKey, authorizer as authorizerDefinition, documentsActions, documentsBucketActions, endpointLabel, routeFunctions as functionsOfRoutes, routes, type RouteFunction } from '../src/config/routes';
import { queriesIndexes, tableList, type KeyDefinition, type TableId } from '../src/config/tables';
import { functionConstructId, LevyFunction } from './levy-function';
import { LevyMonitoring } from './monitoring';
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
}

const attributeType = (key: KeyDefinition): dynamodb.AttributeType =>
  key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING;

/** Tax computations (they load rates) get more memory, which on Lambda also means more CPU. */
const memoryFor = (fn: RouteFunction): number => (fn.tables.Rates ? 1024 : 512);

/** A function's access to the documents bucket: the S3 actions of what its routes say (`documents`), together. */
function documentsAccessOf(fn: RouteFunction, bucket: s3.IBucket): { bucket: s3.IBucket; actions: readonly string[]; bucketActions: readonly string[] } | undefined {
  const actions = [...new Set(fn.routes.flatMap((r) => (r.documents ? documentsActions[r.documents] : [])))].sort();
  const bucketActions = [...new Set(fn.routes.flatMap((r) => (r.documents ? (documentsBucketActions[r.documents] ?? []) : [])))].sort();
  return actions.length === 0 ? undefined : { bucket, actions, bucketActions };
}

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

  constructor(scope: Construct, id: string, props: LevyStackProps = {}) {
    super(scope, id, props);
    Tags.of(this).add('project', 'levy');

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
    const routeFunctions: Record<string, LevyFunction> = {};
    const functionsByName: Record<string, LevyFunction> = {};
    for (const served of functionsOfRoutes()) {
      const fn = new LevyFunction(this, functionConstructId(served.name), {
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
    for (const route of routes) {
      const method = this.api.root.resourceForPath(route.path).addMethod(
        route.method,
        // Proxy integration; the invoke permission is scoped to this method and path only.
        new apigateway.LambdaIntegration(routeFunctions[route.name].function, { proxy: true, allowTestInvoke: false }),
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
    this.webhooks = new LevyWebhooks(this, 'Webhooks', { tables: tableMap, logLevel: props.logLevel, tracing: props.tracing, sourceMaps: props.sourceMaps });
    // Routes that queue deliveries themselves (a redelivery) get the same queues and grant as the background senders.
    for (const served of functionsOfRoutes()) {
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

    this.monitoring = new LevyMonitoring(this, 'Monitoring', {
      api: this.api,
      // Each function once (the documentation routes share one), by its name: a route's name where it has its own.
      routeFunctions: functionsByName,
      authorizerFunction: this.authorizerFunction,
      tables: tableMap,
      billableEndpoints: routes.filter((r) => r.billable).map(endpointLabel),
      alarmEmail: props.alarmEmail,
    });

    this.acknowledgeNagFindings([...Object.values(functionsByName), ...Object.values(this.webhooks.functions)], props.tracing ?? false);
  }

  /** cdk-nag AwsSolutions findings that are deliberate, each with the reason (docs/deployment.md). */
  private acknowledgeNagFindings(routeFunctions: LevyFunction[], tracing: boolean): void {
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
        const tableLogicalId = this.getLogicalId(this.tables[id].node.defaultChild as CfnResource);
        Validations.of(fn.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${tableLogicalId}.Arn>/index/*]`,
          reason:
            `The ${id} table has indexes (src/config/tables.ts) and the route queries it, so its Query grant also covers ` +
            '`<table arn>/index/*`: only the indexes of that one table, and only the actions src/config/routes.ts lists.',
        });
      }
    }
    // The document routes' one object action covers the documents' key prefix: keys name the account, customer and
    // certificate of each document, so no narrower resource exists before the request.
    const bucketLogicalId = this.getLogicalId(this.documentsBucket.node.defaultChild as CfnResource);
    for (const route of routes.filter((r) => r.documents !== undefined)) {
      Validations.of(this.routeFunctions[route.name].role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${DOCUMENTS_KEY_PREFIX}/*]`,
        reason:
          `${endpointLabel(route)} may ${documentsActions[route.documents!].join(', ')} objects under ${DOCUMENTS_KEY_PREFIX}/ only (its actions, ` +
          'one prefix): each document\'s key is made per request from the account, customer, certificate and content hash.',
      });
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
