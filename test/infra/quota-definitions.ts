/**
 * The AWS quotas a deploy of the Levy stack runs into, as data: each quota names its documented limit and the AWS
 * documentation page that states it. test/infra/quotas.ts measures every instance of each on the synthesized
 * templates, and test/infra/stack-size.suite.ts holds each under 90 % of its limit.
 */
export type Json = any;

export interface Quota {
  readonly id: string;
  readonly name: string;
  readonly limit: number;
  readonly unit: string;
  /** What is measured, per what. */
  readonly measured: string;
  /** The AWS documentation page that states the limit. */
  readonly source: string;
}

const CFN_QUOTAS =
  'AWS CloudFormation User Guide, "Understand CloudFormation quotas", https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html';
const IAM_QUOTAS = 'IAM User Guide, "IAM and AWS STS quotas" (character limits), https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_iam-quotas.html';
const LAMBDA_QUOTAS =
  'AWS Lambda Developer Guide, "Lambda quotas" (function configuration), https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html';
const APIGW_REST_QUOTAS =
  'Amazon API Gateway Developer Guide, "Quotas for configuring and running a REST API in API Gateway", https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-execution-service-limits-table.html';

/** Path parameter values are the caller's: as long as the longest id a Levy path takes (a transaction reference, 128). */
export const PATH_PARAMETER_ALLOWANCE = 128;
/** The stack name (the `stage` context, `levy` by default) taken at up to this many characters. */
export const STACK_NAME_ALLOWANCE = 24;

export const QUOTAS = {
  /** "Resources: maximum number of resources that you can declare in your CloudFormation template: 500". */
  resources: {
    id: 'cfn-resources',
    name: 'CloudFormation resources per template',
    limit: 500,
    unit: 'resources',
    measured: 'resources of each template',
    source: CFN_QUOTAS,
  },
  /** "Outputs: maximum number of outputs that you can declare in your CloudFormation template: 200". */
  outputs: {
    id: 'cfn-outputs',
    name: 'CloudFormation outputs per template',
    limit: 200,
    unit: 'outputs',
    measured: 'outputs of each template',
    source: CFN_QUOTAS,
  },
  /** "Parameters: maximum number of parameters that you can declare in your CloudFormation template: 200". */
  parameters: {
    id: 'cfn-parameters',
    name: 'CloudFormation parameters per template',
    limit: 200,
    unit: 'parameters',
    measured: 'parameters of each template',
    source: CFN_QUOTAS,
  },
  /**
   * "Template body size in an Amazon S3 object: 1 MB" (taken as 1,000,000 bytes, as CDK's own warning in
   * `Stack._synthesizeTemplate` does). That one applies, not "Template body size in a request: 51,200 bytes": CDK's
   * DefaultStackSynthesizer publishes each template as an asset to the bootstrap bucket and `cdk deploy` gives
   * CloudFormation its S3 URL (TemplateURL), and a nested stack's AWS::CloudFormation::Stack always names its template
   * by TemplateURL. `templatesDeployedFromS3` checks both. The size is of the file `cdk synth` writes and uploads.
   */
  templateSize: {
    id: 'cfn-template-size',
    name: 'CloudFormation template body size (S3 object)',
    limit: 1_000_000,
    unit: 'bytes',
    measured: 'bytes of each template file as synthesized and uploaded',
    source: CFN_QUOTAS,
  },
  /**
   * "Parameter value: maximum size of a parameter value: 4,096 bytes": what a parent passes a nested stack, e.g. each
   * area's function names as one comma-separated list to the monitoring stack.
   */
  parameterValue: {
    id: 'cfn-parameter-value',
    name: 'CloudFormation parameter value',
    limit: 4096,
    unit: 'bytes',
    measured: 'bytes of each value a parent passes a nested stack, deployed',
    source: CFN_QUOTAS,
  },
  /**
   * "Role policy size cannot exceed 10,240 characters" for "the total aggregate policy size (the sum size of all inline
   * policies)" of a role; "IAM doesn't count white space". Inline: the role's `Policies` and every AWS::IAM::Policy
   * (or AWS::IAM::RolePolicy) attached to it.
   */
  rolePolicies: {
    id: 'iam-role-inline-policies',
    name: "IAM role's inline policies together",
    limit: 10_240,
    unit: 'characters',
    measured: "characters of each role's inline policy documents together, deployed, whitespace not counted",
    source: IAM_QUOTAS,
  },
  /**
   * "Function environment variables: 4 KB, for all environment variables associated with the function, in aggregate".
   * Lambda measures the variables as one JSON object (its error says "String measured: {...}"): keys and values.
   */
  lambdaEnvironment: {
    id: 'lambda-environment',
    name: "Lambda function's environment variables",
    limit: 4096,
    unit: 'bytes',
    measured: "bytes of each function's variables as one JSON object, deployed",
    source: LAMBDA_QUOTAS,
  },
  /** "Resources per API: 300" (the root resource `/` counted too). */
  apiResources: {
    id: 'apigw-resources',
    name: 'API Gateway resources per REST API',
    limit: 300,
    unit: 'resources',
    measured: 'resources of each REST API, `/` included',
    source: APIGW_REST_QUOTAS,
  },
  /** "Authorizers per API (AWS Lambda and Amazon Cognito): 10". */
  apiAuthorizers: {
    id: 'apigw-authorizers',
    name: 'API Gateway authorizers per REST API',
    limit: 10,
    unit: 'authorizers',
    measured: 'authorizers of each REST API',
    source: APIGW_REST_QUOTAS,
  },
  /**
   * The REST API quotas count no methods or integrations (the 300 routes and 300 integrations per API of the same
   * guide are HTTP API quotas). What they state of a method: "ARN length of a method with authorization: 1600 bytes"
   * (`arn:aws:execute-api:{region}:{account}:{api-id}/{stage}/{method}/{path}`, with the path parameters' values of the
   * request: each taken at PATH_PARAMETER_ALLOWANCE characters).
   */
  methodArn: {
    id: 'apigw-method-arn',
    name: 'API Gateway ARN of a method with authorization',
    limit: 1600,
    unit: 'bytes',
    measured: `bytes of each authorized method ARN, path parameters at ${PATH_PARAMETER_ALLOWANCE} characters`,
    source: APIGW_REST_QUOTAS,
  },
  /**
   * ... and of an integration: "Integration timeout: 50 milliseconds - 29 seconds" (TimeoutInMillis, 29 s when not
   * set). Measured: the timeout of the function a Lambda integration invokes, against its integration's timeout, so
   * the function's own timeout ends a slow request before API Gateway gives up on it.
   */
  integrationTimeout: {
    id: 'apigw-integration-timeout',
    name: 'API Gateway integration timeout',
    limit: 29_000,
    unit: 'ms',
    measured: "each integrated function's timeout, against its integration's timeout (50 ms - 29 s)",
    source: APIGW_REST_QUOTAS,
  },
} as const satisfies Record<string, Quota>;

export interface Instance {
  readonly quota: Quota;
  /** The template, role, function, API, method or parameter measured. */
  readonly subject: string;
  readonly value: number;
  /** The limit for this instance: the quota's, but for an integration whose own timeout is shorter. */
  readonly limit: number;
}
export const share = (i: Instance): number => i.value / i.limit;
