/**
 * Local runtime (bundle mode): the synthesized functions run as Lambda runs them. Each function is a process of the
 * bundles' Node (a warm container, started by its first invocation: its cold start) that loads the asset `cdk deploy`
 * uploads and runs its handler (lambda-runtime.mjs), with the environment of the template (its tables' local names,
 * the rest as written) plus what Lambda itself sets (region, function name and memory, `TZ=:UTC`, credentials: here an
 * access key id of the function's own, its logical id, so that its DynamoDB, S3 and SQS calls can be told apart by
 * function), the SDK's endpoint variables of S3 and SQS (the local AWS endpoint, aws-endpoint.ts), the V8 heap capped
 * to the function's memory, and the local runtime's settings (LEVY_* and POWERTOOLS_* of this process). The bucket's
 * name and the queues' URLs are the template's, resolved to the local ones (local-resources.ts), so a function uses
 * the S3 and SQS adapters it uses deployed. A queue's consumer is invoked with an SQS event, as its event source
 * mapping invokes it (invokeQueueConsumer).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { Context, SQSEvent } from 'aws-lambda';
import { buildLambdaContext } from '../server/api-gateway-event';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/dynamodb-endpoint';
import { LOCAL_ACCESS_KEY_ID_ENV_VAR } from '../../src/adapters/dynamodb/local-client-config';
import { tableList } from '../../src/config/tables';
import type { SynthesizedApp, SynthesizedFunction } from './assembly';
import { LOCAL_SECRET_ACCESS_KEY } from './presigned-urls';
import { localRegion, localResources, type LocalQueue, type LocalResources } from './local-resources';

export interface BundledFunctionsOptions {
  /** The `node` binary that runs the bundles (Node 22). */
  readonly node: string;
  /** The DynamoDB endpoint a function is given (the IAM proxy when grants are enforced); default this process's. */
  readonly dynamoDbEndpoint?: string;
  /** The local runtime's environment the functions' is made from; default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** The template's values resolved here; default: made from `env` (then a queue has no URL). */
  readonly resources?: LocalResources;
  /** The local S3 and SQS endpoint (aws-endpoint.ts) the functions' SDK clients are pointed at. */
  readonly awsEndpoint?: string;
}

type Invocation = { resolve: (value: unknown) => void; reject: (error: Error) => void };

interface Container {
  readonly child: ChildProcess;
  readonly pending: Map<number, Invocation>;
  /** Settles when the handler module is loaded (Lambda's init phase), or failed to load. */
  readonly ready: Promise<void>;
  /** The environment it was started with (as JSON): another one is another configuration, served by a new container. */
  readonly environment: string;
  /** Replaced by a container of a newer environment: stopped once its invocations are answered. */
  retired: boolean;
}

type RuntimeMessage = { ready?: boolean; id?: number; result?: unknown; error?: { name: string; message: string; stack?: string } };

const errorFrom = (error: { name: string; message: string; stack?: string }): Error => Object.assign(new Error(error.message), error);

/** Lambda's Node runtime caps the V8 heap below the function's memory; about 90 % of it (an estimate of the runtime's rule). */
const heapMegabytes = (memorySize: number): number => Math.floor(memorySize * 0.9);

const tableVariables = new Set(tableList.map((table) => table.envVar));

/** The variables a function finds: Lambda's own, the template's (resolved here), the local runtime's settings. */
export function functionEnvironment(
  fn: SynthesizedFunction,
  resources: LocalResources,
  env: NodeJS.ProcessEnv,
  dynamoDbEndpoint: string,
  awsEndpoint?: string,
): NodeJS.ProcessEnv {
  const local = Object.entries(env).filter(([name]) => (name.startsWith('LEVY_') || name.startsWith('POWERTOOLS_')) && !tableVariables.has(name));
  const template = Object.entries(fn.environment)
    .map(([name, value]) => [name, resources.resolve(value)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    ...Object.fromEntries(local),
    ...Object.fromEntries(template),
    // The log level of the local runtime wins when set (the tests are quiet), as `-c logLevel` would when deployed.
    ...(env.POWERTOOLS_LOG_LEVEL ? { POWERTOOLS_LOG_LEVEL: env.POWERTOOLS_LOG_LEVEL } : {}),
    [DYNAMODB_ENDPOINT_ENV_VAR]: dynamoDbEndpoint,
    ...(awsEndpoint ? { AWS_ENDPOINT_URL_S3: awsEndpoint, AWS_ENDPOINT_URL_SQS: awsEndpoint } : {}),
    AWS_REGION: localRegion(),
    AWS_DEFAULT_REGION: localRegion(),
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    LAMBDA_TASK_ROOT: fn.assetDir,
    AWS_ACCESS_KEY_ID: fn.logicalId,
    AWS_SECRET_ACCESS_KEY: LOCAL_SECRET_ACCESS_KEY,
    [LOCAL_ACCESS_KEY_ID_ENV_VAR]: fn.logicalId,
  };
}

/** The context's fields that cross to the container: all but its functions, which the container makes again. */
function contextFields(fn: SynthesizedFunction, context: Context) {
  return {
    functionName: fn.logicalId,
    functionVersion: '$LATEST',
    invokedFunctionArn: context.invokedFunctionArn,
    memoryLimitInMB: String(fn.memorySize),
    awsRequestId: context.awsRequestId,
    logGroupName: context.logGroupName,
    logStreamName: context.logStreamName,
    deadline: Date.now() + context.getRemainingTimeInMillis(),
  };
}

export class BundledFunctions {
  private readonly containers = new Map<string, Container>();
  private readonly resources: LocalResources;
  private nextId = 0;
  private closed = false;

  constructor(
    readonly app: SynthesizedApp,
    private readonly options: BundledFunctionsOptions,
  ) {
    this.resources = options.resources ?? localResources(app, options.env ?? process.env);
  }

  /** The function that serves a route, by the route's name (the API method's OperationName). */
  functionOfRoute(routeName: string): SynthesizedFunction {
    const id = this.app.routeFunctions.get(routeName);
    if (!id) throw new Error(`no method of the synthesized API is named ${routeName} (synthesize again: \`LEVY_LOCAL_BUNDLES=1 npm start\` does)`);
    return this.app.functions.get(id)!;
  }

  get authorizer(): SynthesizedFunction {
    return this.app.functions.get(this.app.authorizerFunction)!;
  }

  /**
   * A handler that invokes `fn` in its container, as the server calls a route's module, once the container is started
   * and its module loaded: the cold start's init phase, which Lambda does not count against the invocation's timeout
   * (the server's timer starts after this settles).
   */
  async loadHandler<E, R>(fn: SynthesizedFunction): Promise<(event: E, context: Context) => Promise<R>> {
    await this.containerOf(fn).ready;
    return (event, context) => this.invoke(fn, event, context) as Promise<R>;
  }

  invoke(fn: SynthesizedFunction, event: unknown, context: Context): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the bundled functions were stopped'));
    return this.send(this.containerOf(fn), fn, event, context);
  }

  private send(container: Container, fn: SynthesizedFunction, event: unknown, context: Context): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      container.pending.set(id, { resolve, reject });
      container.child.send({ id, event, context: contextFields(fn, context) });
    });
  }

  /** The function the event source mapping of `queue` invokes, if one does. */
  consumerOf(queue: LocalQueue): SynthesizedFunction | undefined {
    const id = this.app.queueConsumers.get(queue.logicalId);
    return id ? this.app.functions.get(id) : undefined;
  }

  /** Invokes the consumer of `queue` with one message, as SQS's event source mapping does (a batch of one). */
  async invokeQueueConsumer(queue: LocalQueue, body: string, receiveCount = 1): Promise<void> {
    const fn = this.consumerOf(queue);
    if (!fn) throw new Error(`no event source mapping reads the queue ${queue.logicalId}`);
    const now = String(Date.now());
    const event: SQSEvent = {
      Records: [
        {
          messageId: randomUUID(),
          receiptHandle: randomUUID(),
          body,
          attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: now, SenderId: fn.logicalId, ApproximateFirstReceiveTimestamp: now },
          messageAttributes: {},
          md5OfBody: createHash('md5').update(body, 'utf8').digest('hex'),
          eventSource: 'aws:sqs',
          eventSourceARN: queue.arn,
          awsRegion: localRegion(),
        },
      ],
    };
    if (this.closed) throw new Error('the bundled functions were stopped');
    // One container for the message: started (or found warm) once, its init awaited before the timeout's clock starts.
    const container = this.containerOf(fn);
    await container.ready;
    await this.send(container, fn, event, buildLambdaContext(fn.logicalId, fn.timeoutSeconds * 1000));
  }

  /**
   * The function's warm container, or a new one (a cold start) when there is none or the environment it would be given
   * changed since it started (a test sets a LEVY_* setting): as Lambda starts new containers after a configuration change.
   */
  private containerOf(fn: SynthesizedFunction): Container {
    const env = this.options.env ?? process.env;
    const environment = functionEnvironment(
      fn,
      this.resources,
      env,
      this.options.dynamoDbEndpoint ?? env[DYNAMODB_ENDPOINT_ENV_VAR] ?? '',
      this.options.awsEndpoint,
    );
    const key = JSON.stringify(environment);
    const running = this.containers.get(fn.logicalId);
    if (running?.environment === key) return running;
    if (running) this.retire(running);
    return this.start(fn, environment, key);
  }

  private retire(container: Container): void {
    container.retired = true;
    if (container.pending.size === 0) container.child.kill('SIGTERM');
  }

  private start(fn: SynthesizedFunction, env: NodeJS.ProcessEnv, environment: string): Container {
    const child = fork(join(__dirname, 'lambda-runtime.mjs'), [fn.assetDir, fn.handler], {
      execPath: this.options.node,
      // Not this process's flags (tsx's loader): the container runs the bundle alone.
      execArgv: [`--max-old-space-size=${heapMegabytes(fn.memorySize)}`],
      cwd: fn.assetDir,
      env,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let settleReady: (error?: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => (settleReady = (error) => (error ? reject(error) : resolve())));
    // A failed init fails the invocations that wait for it, as Lambda reports Runtime.ImportModuleError.
    ready.catch(() => undefined);
    const container: Container = { child, pending: new Map(), ready, environment, retired: false };
    this.containers.set(fn.logicalId, container);
    child.on('message', (message: RuntimeMessage) => {
      if (message.ready !== undefined) return settleReady(message.error && errorFrom(message.error));
      const invocation = container.pending.get(message.id!);
      if (!invocation) return;
      container.pending.delete(message.id!);
      if (container.retired && container.pending.size === 0) child.kill('SIGTERM');
      if (message.error) invocation.reject(errorFrom(message.error));
      else invocation.resolve(message.result);
    });
    child.on('exit', (code, signal) => {
      settleReady(new Error(`Runtime.ExitError: ${fn.logicalId} exited (${signal ?? code}) during init`));
      // A crashed container fails what it was running; the next invocation starts a new one (a cold start).
      if (this.containers.get(fn.logicalId) === container) this.containers.delete(fn.logicalId);
      for (const invocation of container.pending.values()) invocation.reject(new Error(`Runtime.ExitError: ${fn.logicalId} exited (${signal ?? code})`));
      container.pending.clear();
    });
    return container;
  }

  /** Stops every container. */
  async close(): Promise<void> {
    this.closed = true;
    const exits = [...this.containers.values()].map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    );
    this.containers.clear();
    await Promise.all(exits);
  }
}
