/**
 * Local runtime (bundle mode): the stack's resources as they exist on this machine, the one place a value of the
 * template is resolved. A table of the template is the local table its functions' environment names (the variable
 * `RATES_TABLE = { Ref: RatesTable… }` of the template is `test_rates` or `levy_rates` here, whatever the local runtime
 * set); its ARN is that name in the local account and region. A bucket is named after its logical id
 * (`levy-local-documentsbucket…`, ARN `arn:aws:s3:::<name>`) and a queue too (ARN
 * `arn:aws:sqs:<region>:000000000000:<name>`, URL `<local AWS endpoint>/000000000000/<name>`): the local S3 and SQS
 * endpoint (aws-endpoint.ts) serves both, so a function reaches them through the SDK's own endpoint variables.
 */
import type { SynthesizedApp } from './assembly';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation templates and DynamoDB requests are read as untyped JSON
type Json = any;

/** The account id of every ARN made locally (DynamoDB Local's own). */
export const LOCAL_ACCOUNT_ID = '000000000000';
export const localRegion = (): string => process.env.AWS_REGION ?? 'us-east-1';

export interface LocalQueue {
  readonly logicalId: string;
  readonly name: string;
  readonly arn: string;
  /** Undefined without a local AWS endpoint to send to. */
  readonly url?: string;
  /** How long a received message stays hidden (the template's VisibilityTimeout; SQS's default 30 s). */
  readonly visibilityTimeoutSeconds: number;
  /** After this many receives a message goes to the dead-letter queue (its RedrivePolicy), if it has one. */
  readonly maxReceiveCount?: number;
}

export interface LocalResources {
  /** A table's logical id -> its local name. */
  readonly tableNames: ReadonlyMap<string, string>;
  /** A bucket's logical id -> its local name. */
  readonly bucketNames: ReadonlyMap<string, string>;
  /** A queue's logical id -> the queue. */
  readonly queues: ReadonlyMap<string, LocalQueue>;
  /** The value as a string here, or undefined when it names something with no local counterpart. */
  resolve(value: Json): string | undefined;
}

export const localTableArn = (name: string): string => `arn:aws:dynamodb:${localRegion()}:${LOCAL_ACCOUNT_ID}:table/${name}`;
export const localBucketArn = (name: string): string => `arn:aws:s3:::${name}`;
export const localQueueArn = (name: string): string => `arn:aws:sqs:${localRegion()}:${LOCAL_ACCOUNT_ID}:${name}`;

/** The resources of the template of one type, by logical id. */
const resourcesOfType = (app: SynthesizedApp, type: string): string[] => Object.keys(app.resources).filter((id) => app.resources[id].Type === type);

/** A bucket name as S3 allows it (3-63 lower-case letters, digits and hyphens), made from its logical id. */
const localBucketName = (logicalId: string): string => `levy-local-${logicalId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 63);

function localQueues(app: SynthesizedApp, awsEndpoint: string | undefined): Map<string, LocalQueue> {
  const queues = new Map<string, LocalQueue>();
  for (const logicalId of resourcesOfType(app, 'AWS::SQS::Queue')) {
    const url = awsEndpoint && `${awsEndpoint.replace(/\/$/, '')}/${LOCAL_ACCOUNT_ID}/${logicalId}`;
    const props = app.resources[logicalId].Properties ?? {};
    const maxReceiveCount = props.RedrivePolicy?.maxReceiveCount;
    queues.set(logicalId, {
      logicalId,
      name: logicalId,
      arn: localQueueArn(logicalId),
      ...(url ? { url } : {}),
      visibilityTimeoutSeconds: props.VisibilityTimeout ?? 30,
      ...(maxReceiveCount !== undefined ? { maxReceiveCount: Number(maxReceiveCount) } : {}),
    });
  }
  return queues;
}

/** Each table any function's environment names, by the local value of that variable in `env`. */
function localTableNames(app: SynthesizedApp, env: NodeJS.ProcessEnv): Map<string, string> {
  const names = new Map<string, string>();
  for (const fn of app.functions.values()) {
    for (const [variable, value] of Object.entries(fn.environment)) {
      const ref = (value as Json)?.Ref;
      if (typeof ref !== 'string' || app.resources[ref]?.Type !== 'AWS::DynamoDB::Table') continue;
      const local = env[variable];
      if (!local) throw new Error(`${variable} (the ${ref} of the template) is not set: the local runtime names every table`);
      names.set(ref, local);
    }
  }
  return names;
}

const pseudoParameters = (): Record<string, string> => ({
  'AWS::Region': localRegion(),
  'AWS::Partition': 'aws',
  'AWS::AccountId': LOCAL_ACCOUNT_ID,
  'AWS::URLSuffix': 'amazonaws.com',
});

/** `Fn::GetAtt [<id>, <attribute>]` of a table, bucket or queue here. */
function attributeOf(
  id: string,
  attribute: string,
  tables: ReadonlyMap<string, string>,
  buckets: ReadonlyMap<string, string>,
  queues: ReadonlyMap<string, LocalQueue>,
) {
  const table = tables.get(id);
  if (table) return { Arn: localTableArn(table), StreamArn: `${localTableArn(table)}/stream/local` }[attribute];
  const bucket = buckets.get(id);
  if (bucket) return { Arn: localBucketArn(bucket) }[attribute];
  const queue = queues.get(id);
  if (queue) return { Arn: queue.arn, QueueName: queue.name, QueueUrl: queue.url }[attribute];
  return undefined;
}

/** `awsEndpoint`: the local S3 and SQS endpoint, which a queue's URL names. */
export function localResources(app: SynthesizedApp, env: NodeJS.ProcessEnv = process.env, awsEndpoint?: string): LocalResources {
  const tableNames = localTableNames(app, env);
  const bucketNames = new Map(resourcesOfType(app, 'AWS::S3::Bucket').map((id) => [id, localBucketName(id)] as const));
  const queues = localQueues(app, awsEndpoint);
  const resolve = (value: Json): string | undefined => {
    if (typeof value === 'string') return value;
    if (value === null || typeof value !== 'object') return value === undefined ? undefined : String(value);
    // A queue's Ref is its URL, as CloudFormation answers it.
    if (typeof value.Ref === 'string')
      return pseudoParameters()[value.Ref] ?? tableNames.get(value.Ref) ?? bucketNames.get(value.Ref) ?? queues.get(value.Ref)?.url;
    const getAtt = value['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return attributeOf(getAtt[0], getAtt[1], tableNames, bucketNames, queues);
    const join = value['Fn::Join'];
    if (Array.isArray(join)) {
      const parts = (join[1] as Json[]).map(resolve);
      return parts.every((p) => p !== undefined) ? parts.join(join[0]) : undefined;
    }
    return undefined;
  };
  return { tableNames, bucketNames, queues, resolve };
}
