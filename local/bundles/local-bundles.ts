/**
 * Local runtime (bundle mode): what `LEVY_LOCAL_BUNDLES=1` switches on: the synthesized app (synth.ts), its functions run
 * by Node 22 (node22.ts, bundled-functions.ts), the local S3 and SQS their own S3 and SQS adapters call
 * (aws-endpoint.ts: the objects in the documents folder, each message on the in-process delivery queue) and, with
 * `LEVY_ENFORCE_IAM=1`, every DynamoDB, S3 and SQS call of a function held to its role's grants (dynamodb-iam-proxy.ts,
 * s3-endpoint.ts, sqs-endpoint.ts). The local server serves from it instead of importing the TypeScript handlers;
 * `npm start` and the tests' servers both start it from the environment, and the webhook dispatcher hands each queued
 * delivery to the bundled consumer of the queue (deliverQueued).
 */
import { localDeliveryQueue } from '../../src/composition/ports';
import { DOCUMENTS_BUCKET_ENV_VAR } from '../../src/config/documents';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/dynamodb-endpoint';
import { localDocumentUrlSecret } from '../../src/adapters/blobs/local-blob-urls';
import { documentsLocation } from '../../src/config/environment';
import type { DeliveryMessage } from '../../src/ports/events';
import { refuse } from './access-denials';
import { readSynthesizedApp, type SynthesizedApp, type SynthesizedFunction } from './assembly';
import { startLocalAwsEndpoint, type LocalAwsEndpoint } from './aws-endpoint';
import { BundledFunctions } from './bundled-functions';
import { startIamProxy, type IamProxy } from './dynamodb-iam-proxy';
import { functionGrants, isAllowed, type FunctionGrants } from './iam-grants';
import { localResources, type LocalQueue, type LocalResources } from './local-resources';
import { bundleNodeVersion, ensureNode22 } from './node22';
import { s3RequestHandler } from './s3-endpoint';
import { sqsRequestHandler } from './sqs-endpoint';
import { ensureSynthesized } from './synth';

export const LOCAL_BUNDLES_ENV_VAR = 'LEVY_LOCAL_BUNDLES';
export const ENFORCE_IAM_ENV_VAR = 'LEVY_ENFORCE_IAM';

const isOn = (name: string): boolean => process.env[name] === '1' || process.env[name] === 'true';
export const bundleModeRequested = (): boolean => isOn(LOCAL_BUNDLES_ENV_VAR);
export const iamEnforcementRequested = (): boolean => isOn(ENFORCE_IAM_ENV_VAR);

export interface LocalBundles {
  readonly functions: BundledFunctions;
  /** The version of the Node that runs the functions (`v22.23.3`). */
  readonly nodeVersion: string;
  readonly iamEnforced: boolean;
  /** The cloud assembly served. */
  readonly cdkOut: string;
  /** The start-up line that says what serves the routes. */
  readonly description: string;
  /**
   * Delivers one message of the in-process delivery queue as SQS would: the bundled function the delivery queue's event
   * source mapping names is invoked with it (the webhook dispatcher's consumer in bundle mode).
   */
  deliverQueued(message: DeliveryMessage): Promise<void>;
  close(): Promise<void>;
}

export interface LocalBundlesOptions {
  /** A cloud assembly to serve as it is; default: synth.ts's (LEVY_BUNDLES_CDK_OUT, or synthesized when out of date). */
  readonly cdkOut?: string;
  /** Default: LEVY_ENFORCE_IAM. */
  readonly enforceIam?: boolean;
  readonly log?: (line: string) => void;
}

export async function startLocalBundles(options: LocalBundlesOptions = {}): Promise<LocalBundles> {
  const log = options.log ?? console.log;
  const node = ensureNode22(log);
  const nodeVersion = bundleNodeVersion();
  const dir = options.cdkOut ?? ensureSynthesized(log).dir;
  const app = readSynthesizedApp(dir);
  const enforceIam = options.enforceIam ?? iamEnforcementRequested();
  const endpoint = process.env[DYNAMODB_ENDPOINT_ENV_VAR];
  if (!endpoint) throw new Error(`bundle mode needs the local DynamoDB endpoint (${DYNAMODB_ENDPOINT_ENV_VAR}) set before the server starts`);
  const aws = await startLocalAwsEndpoint();
  let proxy: IamProxy | undefined;
  const stopEndpoints = async () => {
    await proxy?.close();
    await aws.close();
  };
  try {
    const resources = localResources(app, process.env, aws.url);
    const grants = enforceIam ? functionGrants(app, resources) : undefined;
    const deliveryQueue = consumedQueue(app, resources);
    serveS3AndSqs(app, resources, grants, aws.serve);
    if (grants) proxy = await startIamProxy(endpoint, grants);
    // The folder store's URL key, made before the functions start so that they inherit it (a function given no bucket
    // would sign the URLs this process's server checks; each function given one signs S3 URLs, checked by the local S3).
    localDocumentUrlSecret();
    const functions = new BundledFunctions(app, { node, dynamoDbEndpoint: proxy?.url ?? endpoint, resources, awsEndpoint: aws.url });
    const description = `mode: bundles (${app.functions.size} functions of ${dir}), ${enforceIam ? 'iam enforced' : 'iam not enforced'}; functions run on Node ${nodeVersion}`;
    return {
      functions,
      nodeVersion,
      iamEnforced: enforceIam,
      cdkOut: dir,
      description,
      deliverQueued: async (message) => {
        mayConsume(functions.consumerOf(deliveryQueue)!, deliveryQueue, grants);
        await receiveOrRedrive(functions, deliveryQueue, message);
      },
      close: async () => {
        await functions.close();
        await stopEndpoints();
      },
    };
  } catch (error) {
    // Nothing started is left listening when the set-up fails (a table variable missing, a bucket configured).
    await stopEndpoints();
    throw error;
  }
}

/** What an SQS event source mapping does with its function's role: a role without them never receives a message. */
const EVENT_SOURCE_ACTIONS = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'];

/** Throws (and records the refusal) when the consumer's role may not read the queue, as its mapping could not. */
function mayConsume(consumer: SynthesizedFunction, queue: LocalQueue, grants: ReadonlyMap<string, FunctionGrants> | undefined): void {
  const fn = grants?.get(consumer.logicalId);
  const action = fn && EVENT_SOURCE_ACTIONS.find((a) => !isAllowed(fn.grants, a, queue.arn));
  if (fn && action) throw new Error(refuse(fn, { action, kind: 'queue', name: queue.name, resource: queue.arn }, (line) => console.error(line)));
}

/** How many times each message of the in-process delivery queue was received (the queue hands over the same object). */
const receives = new WeakMap<DeliveryMessage, number>();

/**
 * One receive of a message by the queue's consumer; when the invocation fails, SQS's redrive: the message is handed
 * over again after the queue's visibility timeout, or moved to the dead-letter queue once received maxReceiveCount
 * times. The failure is thrown on (the in-process queue logs it).
 */
async function receiveOrRedrive(functions: BundledFunctions, queue: LocalQueue, message: DeliveryMessage): Promise<void> {
  const receiveCount = (receives.get(message) ?? 0) + 1;
  receives.set(message, receiveCount);
  try {
    await functions.invokeQueueConsumer(queue, JSON.stringify(message), receiveCount);
  } catch (error) {
    const queued = await localDeliveryQueue();
    if (queue.maxReceiveCount !== undefined && receiveCount >= queue.maxReceiveCount) await queued.deadLetter(message);
    else await queued.send(message, queue.visibilityTimeoutSeconds);
    throw error;
  }
}

/** The one queue a function consumes (the webhook delivery queue): the in-process delivery queue stands in for it. */
function consumedQueue(app: SynthesizedApp, resources: LocalResources): LocalQueue {
  const consumed = [...app.queueConsumers.keys()];
  if (consumed.length !== 1) throw new Error(`the local runtime stands in for one consumed queue (the delivery queue); the template has ${consumed.length}`);
  return resources.queues.get(consumed[0])!;
}

/**
 * The local S3 serves the bucket the functions' DOCUMENTS_BUCKET names from the documents folder of this process; the
 * local SQS puts a message for the consumed queue on the in-process delivery queue (with its delay), and one for any
 * other queue (the dead-letter queue) on its dead letters.
 */
function serveS3AndSqs(
  app: SynthesizedApp,
  resources: LocalResources,
  grants: ReadonlyMap<string, FunctionGrants> | undefined,
  serve: LocalAwsEndpoint['serve'],
): void {
  const location = documentsLocation();
  if (!('folder' in location)) throw new Error(`bundle mode keeps the documents in a folder: ${DOCUMENTS_BUCKET_ENV_VAR} must not be set`);
  const documentBuckets = [...app.functions.values()].map((fn) => resources.resolve(fn.environment[DOCUMENTS_BUCKET_ENV_VAR]));
  const buckets = new Map(documentBuckets.filter((bucket): bucket is string => bucket !== undefined).map((bucket) => [bucket, location.folder] as const));
  const log = (line: string) => console.error(line);
  const deliver = async (queue: LocalQueue, body: string, delaySeconds: number) => {
    const queued = await localDeliveryQueue();
    const message = JSON.parse(body) as DeliveryMessage;
    if (app.queueConsumers.has(queue.logicalId)) await queued.send(message, delaySeconds);
    else await queued.deadLetter(message);
  };
  serve({ s3: s3RequestHandler({ buckets, grants, log }), sqs: sqsRequestHandler({ queues: resources.queues.values(), deliver, grants, log }) });
}
