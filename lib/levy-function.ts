/**
 * Infrastructure construct: one Levy Lambda function (a route handler or the authorizer), built the
 * same way for all: nodejs22.x on arm64, bundled by the LOCAL esbuild (lib/bundling.ts) into minified ESM,
 * its own log group with a retention, its own role that may write only to that log group, and
 * exactly the DynamoDB access that src/config/routes.ts lists for it. The role's statements are one inline policy of
 * the role, not a policy resource beside it: a stack holds at most 500 resources (CloudFormation), and a policy per
 * function was 62 of them.
 */
import { AssetHashType, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS } from '../src/config/api-settings';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../src/config/dynamodb-endpoint';
import { DOCUMENTS_BUCKET_ENV_VAR, DOCUMENTS_KEY_PREFIX } from '../src/config/documents';
import { US_LOCAL_RATES_ENV_VAR } from '../src/config/us-local-rates';
import type { TableAccess } from '../src/config/routes';
import { SERVICE_NAME } from '../src/config/metrics';
import { queriesIndexes, tables, type TableId } from '../src/config/tables';
import { bundleLambdaFunction, projectRoot } from './bundling';

/** Construct id of a function from its name, e.g. `vendors-create` -> `VendorsCreate` (routes and background functions). */
export const functionConstructId = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export interface LevyFunctionProps {
  /** Handler module relative to the project root, exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  /** Exactly the tables this function may touch, and how. */
  readonly tableAccess: Readonly<Partial<Record<TableId, TableAccess>>>;
  /** Physical tables of the stack, by id. */
  readonly tables: Readonly<Record<TableId, dynamodb.ITable>>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  readonly logRetention?: logs.RetentionDays;
  readonly logLevel?: string;
  /** Packages that read their own data files: left out of the bundle and copied beside it. */
  readonly dataPackages?: readonly string[];
  /**
   * X-Ray active tracing, with Powertools Tracer built into the bundle (default off: it costs about 115 KB of bundle and
   * cold-start time, docs/deployment.md). The stack sets it from `-c tracing=true`.
   */
  readonly tracing?: boolean;
  /** Source maps in the bundle and NODE_OPTIONS=--enable-source-maps (default true; the stack's `-c sourceMaps`). */
  readonly sourceMaps?: boolean;
  /**
   * `required`: LEVY_US_LOCAL_RATES=required on the functions that rate sales (those reading the Rates table), so a
   * US sale without an imported ZIP table in force is refused (422) instead of rated at its state base rate. The
   * stack sets it from `-c usLocalRates=required` (docs/deployment.md); default unset (state base rate, with a note).
   */
  readonly usLocalRates?: 'required' | 'optional';
  /** The documents bucket and the S3 object actions the function's routes need (routes' `documents`). */
  readonly documents?: { readonly bucket: s3.IBucket; readonly actions: readonly string[]; readonly bucketActions?: readonly string[] };
}

/** The settings the stack gives every function alike (LevyStackProps). */
export type FunctionSettings = Pick<LevyFunctionProps, 'logLevel' | 'tracing' | 'sourceMaps' | 'usLocalRates'>;

/** What every function's code reads from its environment: Powertools' settings and the names of its tables and bucket. */
function environmentOf(props: LevyFunctionProps, sourceMaps: boolean): Record<string, string> {
  const environment: Record<string, string> = {
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    POWERTOOLS_LOG_LEVEL: props.logLevel ?? 'INFO',
    ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
    // Empty: real AWS. Declared so that `sam local invoke --env-vars env.json` may point it at a local DynamoDB.
    [DYNAMODB_ENDPOINT_ENV_VAR]: '',
  };
  for (const tableId of Object.keys(props.tableAccess) as TableId[]) {
    environment[tables[tableId].envVar] = props.tables[tableId].tableName;
  }
  if (props.documents) environment[DOCUMENTS_BUCKET_ENV_VAR] = props.documents.bucket.bucketName;
  if (props.usLocalRates === 'required' && props.tableAccess.Rates) environment[US_LOCAL_RATES_ENV_VAR] = 'required';
  return environment;
}

/** The function's code: its entry bundled by the local esbuild (lib/bundling.ts), never in a container. */
const bundledCode = (props: LevyFunctionProps, sourceMaps: boolean): lambda.Code =>
  lambda.Code.fromAsset(projectRoot, {
    // Hashed from the bundle, not from the project folder (node_modules included) it is built from.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: lambda.Runtime.NODEJS_22_X.bundlingImage,
      // Never run (the local bundler below always answers); it names the bundle, so CDK's cache of bundled
      // assets tells one function's from another's.
      command: ['esbuild', props.entry, `tracing=${props.tracing ? 'on' : 'off'}`, `sourcemap=${sourceMaps ? 'on' : 'off'}`],
      local: {
        tryBundle: (outputDir: string) => {
          bundleLambdaFunction(props.entry, props.dataPackages ?? [], outputDir, { tracing: props.tracing ?? false, sourceMaps });
          return true;
        },
      },
    },
  });

export class LevyFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  /** The role's statements (rendered inside the role at synth): add to it, not to the role, to grant more. */
  readonly policy: iam.PolicyDocument;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: LevyFunctionProps) {
    super(scope, id);
    const sourceMaps = props.sourceMaps ?? true;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // A role of its own instead of AWSLambdaBasicExecutionRole: it may write only its own log group.
    this.policy = new iam.PolicyDocument();
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Levy ${id}: its own log group and the tables src/config/routes.ts lists`,
      inlinePolicies: { access: this.policy },
    });
    this.policy.addStatements(new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }));

    this.function = new lambda.Function(this, 'Function', {
      code: bundledCode(props, sourceMaps),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(FUNCTION_TIMEOUT_SECONDS),
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      environment: environmentOf(props, sourceMaps),
    });

    // Active tracing set on the function resource and its X-Ray grant put in the role's own policy: the `tracing` prop
    // would add a policy resource per function (CDK grants it apart), too many for one stack.
    if (props.tracing) {
      (this.function.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: 'Active' };
      this.policy.addStatements(new iam.PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }));
    }
    this.grantTables(props);
    this.grantDocuments(props);
  }

  /**
   * Exactly the listed actions on exactly the listed tables (and their indexes, for a Query): no Scan, no
   * BatchGetItem, nothing a route does not call.
   */
  private grantTables(props: LevyFunctionProps): void {
    for (const [tableId, actions] of Object.entries(props.tableAccess) as [TableId, TableAccess][]) {
      const table = props.tables[tableId];
      this.policy.addStatements(
        new iam.PolicyStatement({
          actions: actions.map((action) => `dynamodb:${action}`),
          resources: [table.tableArn, ...(queriesIndexes(tableId, actions) ? [`${table.tableArn}/index/*`] : [])],
        }),
      );
    }
  }

  /** Exactly the object actions its routes need, on the documents' prefix: a download only gets. */
  private grantDocuments(props: LevyFunctionProps): void {
    if (!props.documents) return;
    this.policy.addStatements(
      new iam.PolicyStatement({
        actions: [...props.documents.actions],
        resources: [props.documents.bucket.arnForObjects(`${DOCUMENTS_KEY_PREFIX}/*`)],
      }),
    );
    // ListBucket only where a route must tell a missing key (404) from a refused one (documentsBucketActions).
    if (props.documents.bucketActions?.length) {
      this.policy.addStatements(new iam.PolicyStatement({ actions: [...props.documents.bucketActions], resources: [props.documents.bucket.bucketArn] }));
    }
  }
}
