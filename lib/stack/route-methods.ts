/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): one REST API method per route of src/config/routes.ts, in the root
 * stack with the rest of the API, so that a changed method still redeploys the stage (the deployment's logical id
 * hashes the methods it sees). Each method proxies to its route's function (lib/stack/route-functions.ts), whose
 * invoke permission is made beside the function in its area's nested stack.
 */
import { Aws, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import { answersWithoutKey, endpointLabel, type RouteDefinition } from '../../src/config/routes';
import { functionConstructId, type LevyFunction } from '../levy-function';

export interface RouteMethodsProps {
  readonly api: apigateway.RestApi;
  /** The stage's name (LevyStackProps.apiStageName), which each invoke permission is scoped to. */
  readonly stageName: string;
  readonly routes: readonly RouteDefinition[];
  /** The function serving each route, by route name. */
  readonly functions: Readonly<Record<string, LevyFunction>>;
  readonly authorizer: apigateway.IAuthorizer;
  /** Whether keyed methods require the account's usage key (LevyStackProps.requireUsageKeys). */
  readonly requireUsageKeys: boolean;
}

/** The keyless routes' cdk-nag findings, acknowledged on their methods with the reason they need no key. */
function acknowledgeKeyless(method: apigateway.Method, route: RouteDefinition): void {
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

function addRouteMethod(props: RouteMethodsProps, route: RouteDefinition): void {
  const { api } = props;
  const fn = props.functions[route.name].function;
  // The invoke permission beside the function (CDK's LambdaIntegration would put it here, beside the method: one
  // resource per route in the root), scoped to this stage, method and path only.
  fn.addPermission(`Invoke${functionConstructId(route.name)}`, {
    principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
    sourceArn: api.arnForExecuteApi(route.method, route.path.replace(/\{[^}]*\}/g, '*'), props.stageName),
  });
  const method = api.root.resourceForPath(route.path).addMethod(
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
          authorizer: props.authorizer,
          authorizationType: apigateway.AuthorizationType.CUSTOM,
          operationName: route.name,
          // The usage key comes from the authorizer (apiKeySourceType AUTHORIZER); this applies the account's plan.
          apiKeyRequired: props.requireUsageKeys,
        },
  );
  acknowledgeKeyless(method, route);
}

/** Every route's method, with the permission that lets exactly that method invoke its function. */
export function addRouteMethods(props: RouteMethodsProps): void {
  for (const route of props.routes) addRouteMethod(props, route);
}
