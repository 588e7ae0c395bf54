/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): the REST API in the root stack, everything but its methods
 * (lib/stack/route-methods.ts), its authorizer (lib/stack/authorizer.ts) and its optional custom domain
 * (lib/stack/api-domain.ts): the stage (`live` unless `-c stageName=...`; never a first segment of a route's path)
 * with access logs, execution error logs, a stage-wide safety throttle and optional X-Ray; one usage plan per entry of
 * src/config/plans.ts; one gateway response per entry of src/config/gateway-responses.ts; and the outputs (the base
 * URL the spec's paths follow, region, API id).
 */
import { Aws, CfnOutput, RemovalPolicy, Size, type Stack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import { GATEWAY_BINARY_MEDIA_TYPES } from '../../src/config/api-settings';
import type { RouteDefinition } from '../../src/config/routes';
import { GATEWAY_REQUEST_ID, gatewayErrorBody, gatewayErrors, type GatewayErrorDefinition } from '../../src/config/gateway-responses';
import { plans } from '../../src/config/plans';
import { API_URL_OUTPUT_ID, cliOutput, outputDescription, usagePlanOutputId } from '../../src/config/stack-outputs';

/**
 * Stage-wide throttling (requests per second, steady state / burst) for all accounts together: a safety cap above
 * the per-account usage plans (src/config/plans.ts), which are what keep one account from starving the others.
 */
export const THROTTLING_RATE_LIMIT = 1_000;
export const THROTTLING_BURST_LIMIT = 2_000;

/** One JSON line per request; the fields an on-call person filters by. */
const accessLogFormat = (): apigateway.AccessLogFormat =>
  apigateway.AccessLogFormat.custom(
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

/** API Gateway's rule for a stage name: letters, digits, hyphens and underscores, at most 128. */
const STAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The first segment of every route's path (`v1`, `vendors`, `docs` ...): names a stage must not take. */
export const firstPathSegments = (routes: readonly Pick<RouteDefinition, 'path'>[]): ReadonlySet<string> => new Set(routes.map((r) => r.path.split('/')[1]!));

/**
 * Why a stage name cannot serve the spec's URLs, or undefined. The stage URL is the spec's `{base_url}`, so a stage
 * named like a first path segment would read as part of a route: `v1` made the tax-rate URL `.../v1/v1/tax/rate`
 * beside `.../v1/vendors`, and `vendors` would make it `.../vendors/vendors`.
 */
export function stageNameProblem(stageName: string, routes: readonly Pick<RouteDefinition, 'path'>[]): string | undefined {
  if (!STAGE_NAME_PATTERN.test(stageName)) return `stage name '${stageName}' is not one API Gateway takes (letters, digits, - and _, at most 128)`;
  if (firstPathSegments(routes).has(stageName)) {
    return `stage name '${stageName}' is the first segment of a route's path: the stage URL followed by the spec's paths would read '/${stageName}/${stageName}/...'; choose another (e.g. live)`;
  }
  return undefined;
}

/** The REST API and its stage, with no methods yet. */
export function createRestApi(stack: Stack, options: { readonly stageName: string; readonly tracing?: boolean }): apigateway.RestApi {
  const accessLogs = new logs.LogGroup(stack, 'ApiAccessLogs', {
    retention: logs.RetentionDays.THREE_MONTHS,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  return new apigateway.RestApi(stack, 'Api', {
    restApiName: stack.stackName,
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
      stageName: options.stageName,
      accessLogDestination: new apigateway.LogGroupLogDestination(accessLogs),
      accessLogFormat: accessLogFormat(),
      loggingLevel: apigateway.MethodLoggingLevel.ERROR,
      // Never log request/response bodies: they carry tax ids and e-mail addresses.
      dataTraceEnabled: false,
      metricsEnabled: true,
      tracingEnabled: options.tracing ?? false,
      throttlingRateLimit: THROTTLING_RATE_LIMIT,
      throttlingBurstLimit: THROTTLING_BURST_LIMIT,
    },
  });
}

/** One usage plan per tier, every account's usage key on its tier's plan (levy accounts create --plan). */
export function addUsagePlans(stack: Stack, api: apigateway.RestApi): void {
  for (const plan of Object.values(plans)) {
    const usagePlan = api.addUsagePlan(`UsagePlan${plan.id.charAt(0).toUpperCase()}${plan.id.slice(1)}`, {
      name: `${stack.stackName}-${plan.id}`,
      description: `Levy plan '${plan.id}': ${plan.description}`,
      throttle: { rateLimit: plan.rateLimit, burstLimit: plan.burstLimit },
      quota: { limit: plan.dailyQuota, period: apigateway.Period.DAY },
      apiStages: [{ api, stage: api.deploymentStage }],
    });
    new CfnOutput(stack, usagePlanOutputId(plan.id), { value: usagePlan.usagePlanId, description: outputDescription(cliOutput(usagePlanOutputId(plan.id))) });
  }
}

/** API Gateway's own errors (no key, throttled, ...) answered in the spec's error body, like the functions' errors. */
export function addGatewayResponses(api: apigateway.RestApi): void {
  for (const g of gatewayErrors as readonly GatewayErrorDefinition[]) {
    api.addGatewayResponse(`GatewayResponse${g.type}`, {
      type: apigateway.ResponseType.of(g.type),
      statusCode: String(g.status),
      // The template is VTL: API Gateway puts this request's id where the body names $context.requestId.
      templates: { 'application/json': gatewayErrorBody(g, GATEWAY_REQUEST_ID) },
      // Header values are API Gateway mapping expressions, here literals (quoted). API Gateway itself adds the request
      // id as x-amzn-RequestId: a gateway response can map only request parameters and literals to headers.
      ...(g.headers && { responseHeaders: Object.fromEntries(Object.entries(g.headers).map(([name, value]) => [name, `'${value}'`])) }),
    });
  }
}

/**
 * The stage URL, without a trailing slash: `https://<api-id>.execute-api.<region>.amazonaws.com/<stage>` (RestApi's
 * `url` ends in a slash and references the stage; this names it, so the template reads it).
 */
export const stageUrlOf = (api: apigateway.RestApi, stageName: string): string =>
  `https://${api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}/${stageName}`;

/**
 * The outputs: the base URL (the custom domain's when there is one, `customDomainUrl` from lib/stack/api-domain.ts,
 * else the stage URL) and what the CLI reads.
 */
export function addApiOutputs(stack: Stack, api: apigateway.RestApi, urls: { readonly stageName: string; readonly customDomainUrl?: string }): void {
  // One URL output with a stable name instead of RestApi's generated `ApiEndpoint<hash>`.
  api.node.tryRemoveChild('Endpoint');
  new CfnOutput(stack, API_URL_OUTPUT_ID, {
    value: urls.customDomainUrl ?? stageUrlOf(api, urls.stageName),
    description:
      `Base URL of the API (${urls.customDomainUrl ? 'the custom domain' : `the stage URL, stage ${urls.stageName}`}): ` +
      "each route's path follows it exactly as the spec writes it, e.g. <ApiUrl>/v1/tax/rate and <ApiUrl>/vendors",
  });
  if (urls.customDomainUrl) {
    new CfnOutput(stack, 'StageUrl', {
      value: stageUrlOf(api, urls.stageName),
      description: `The stage URL (stage ${urls.stageName}), which answers too: the same paths follow it, e.g. <StageUrl>/v1/tax/rate`,
    });
  }
  new CfnOutput(stack, 'Region', { value: Aws.REGION, description: outputDescription(cliOutput('Region')) });
  new CfnOutput(stack, 'ApiId', { value: api.restApiId, description: outputDescription(cliOutput('ApiId')) });
  new CfnOutput(stack, 'ApiStageName', { value: urls.stageName, description: outputDescription(cliOutput('ApiStageName')) });
}
