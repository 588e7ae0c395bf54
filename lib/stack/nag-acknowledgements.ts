/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): the cdk-nag AwsSolutions findings of the Levy stack that are
 * deliberate, acknowledged on the resource they concern, each with its reason (docs/deployment.md). The stack calls
 * this last, once everything they name exists. Findings of one construct alone sit beside it instead (the documents
 * bucket, the keyless methods, the webhook fan-out's role).
 */
import { type CfnResource, Names, Stack, Validations } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { DOCUMENTS_KEY_PREFIX } from '../../src/config/documents';
import { documentsActions, endpointLabel, type RouteDefinition } from '../../src/config/routes';
import { queriesIndexes, type TableId } from '../../src/config/tables';
import type { LevyFunction } from '../levy-function';
import { THROTTLING_BURST_LIMIT, THROTTLING_RATE_LIMIT } from './api';
import type { LevyTables } from './tables';

export interface NagAcknowledgementsProps {
  readonly api: apigateway.RestApi;
  readonly routes: readonly RouteDefinition[];
  /** The function serving each route, by route name. */
  readonly functionsByRoute: Readonly<Record<string, LevyFunction>>;
  readonly tables: LevyTables;
  readonly documentsBucket: s3.Bucket;
  /** Every function of the stack: the authorizer, the route functions (each once) and the background ones. */
  readonly functions: readonly LevyFunction[];
  readonly tracing: boolean;
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

function acknowledgeApiFindings(api: apigateway.RestApi): void {
  Validations.of(api.deploymentStage).acknowledge({
    id: 'AwsSolutions-APIG3',
    reason:
      'No WAF web ACL yet: every method requires a bearer API key checked by the Lambda authorizer, the stage is throttled ' +
      `(${THROTTLING_RATE_LIMIT} rps, burst ${THROTTLING_BURST_LIMIT}), and request bodies are validated in the functions. ` +
      'A WAFv2 ACL (rate-based rule per IP, AWS managed common rule set) is the next step before public launch.',
  });
  Validations.of(api).acknowledge({
    id: 'AwsSolutions-APIG2',
    reason:
      'Request validation happens in each Lambda with zod schemas (the single source of truth for the OpenAPI document), ' +
      'which answers the spec error body {error, message, status} naming the offending field; an API Gateway validator ' +
      'would duplicate the schemas and answer a different body.',
  });
  Validations.of(api).acknowledge({
    id: 'AwsSolutions-COG4',
    reason:
      'Levy authenticates machine clients with bearer API keys (spec: "Authorization: Bearer <key>"), checked by a ' +
      'custom REQUEST Lambda authorizer against SHA-256 hashes in the ApiKeys table; there are no Cognito users.',
  });
  // The CloudWatch role API Gateway needs for execution logs uses the AWS managed policy.
  const cloudWatchRole = api.node.tryFindChild('CloudWatchRole');
  if (cloudWatchRole) {
    Validations.of(cloudWatchRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for the account-level role API Gateway uses to ' +
        'write execution logs; it is scoped to CloudWatch Logs only and assumed only by apigateway.amazonaws.com.',
    });
  }
}

/**
 * A Query of a table with indexes (src/config/tables.ts) is granted on `<table arn>/index/*` too: the route lists
 * from an index (transactions by date).
 */
function acknowledgeIndexGrants(props: NagAcknowledgementsProps): void {
  for (const route of props.routes) {
    const fn = props.functionsByRoute[route.name];
    for (const [id, actions] of Object.entries(route.tables) as [TableId, readonly string[]][]) {
      if (!queriesIndexes(id, actions)) continue;
      const reason =
        `The ${id} table has indexes (src/config/tables.ts) and the route queries it, so its Query grant also covers ` +
        '`<table arn>/index/*`: only the indexes of that one table, and only the actions src/config/routes.ts lists.';
      Validations.of(fn.role).acknowledge(
        ...rootResourceNames(props.tables[id].node.defaultChild as CfnResource, 'Arn').map((arn) => ({
          id: `AwsSolutions-IAM5[Resource::<${arn}>/index/*]`,
          reason,
        })),
      );
    }
  }
}

/**
 * The document routes' one object action covers the documents' key prefix: keys name the account, customer and
 * certificate of each document, so no narrower resource exists before the request.
 */
function acknowledgeDocumentGrants(props: NagAcknowledgementsProps): void {
  const bucketArns = rootResourceNames(props.documentsBucket.node.defaultChild as CfnResource, 'Arn');
  for (const route of props.routes.filter((r) => r.documents !== undefined)) {
    const reason =
      `${endpointLabel(route)} may ${documentsActions[route.documents!].join(', ')} objects under ${DOCUMENTS_KEY_PREFIX}/ only (its actions, ` +
      "one prefix): each document's key is made per request from the account, customer, certificate and content hash.";
    Validations.of(props.functionsByRoute[route.name].role).acknowledge(
      ...bucketArns.map((arn) => ({ id: `AwsSolutions-IAM5[Resource::<${arn}>/${DOCUMENTS_KEY_PREFIX}/*]`, reason })),
    );
  }
}

function acknowledgeFunctionFindings(functions: readonly LevyFunction[], tracing: boolean): void {
  for (const fn of functions) {
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime Levy targets and tests on (a project requirement); moving to a newer Node.js runtime ' +
        'is a deliberate upgrade, not something a synth should do.',
    });
    if (tracing)
      Validations.of(fn.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level ' +
          'permissions, so the statement lib/levy-function.ts adds for active tracing must use "*".',
      });
  }
}

export function acknowledgeNagFindings(props: NagAcknowledgementsProps): void {
  acknowledgeApiFindings(props.api);
  acknowledgeIndexGrants(props);
  acknowledgeDocumentGrants(props);
  acknowledgeFunctionFindings(props.functions, props.tracing);
}
