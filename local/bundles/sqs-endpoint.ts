/**
 * Local runtime (bundle mode): the SQS a bundled function's real SQS adapter (src/adapters/aws/sqs-delivery-queue.ts,
 * the AWS SDK's client) sends to, at the local AWS endpoint (aws-endpoint.ts, AWS_ENDPOINT_URL_SQS and the queue URLs
 * local-resources.ts gives the template's queues): SendMessage in SQS's JSON protocol (`X-Amz-Target:
 * AmazonSQS.SendMessage`), the one call Levy makes. An accepted message is handed to `deliver` with its queue and delay
 * (local-bundles.ts puts it on the local server's in-process delivery queue, whose consumer is the bundled function
 * the template's event source mapping names); the answer carries the MD5 of the body, which the SDK checks.
 *
 * With IAM held the call is first evaluated against the grants of the function whose access key id signed it
 * (`sqs:SendMessage` on the queue's ARN); a refusal is answered as SQS answers it in its JSON protocol (403,
 * `AccessDeniedException`, `x-amzn-query-error: AccessDenied;Sender`), logged and recorded (access-denials.ts).
 * Signatures are not verified (DynamoDB Local does not verify them either).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessKeyIdOf, refuse } from './access-denials';
import { isAllowed, type FunctionGrants } from './iam-grants';
import type { LocalQueue } from './local-resources';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- SQS requests are read as untyped JSON
type Json = any;

export interface SqsEndpointOptions {
  /** The template's queues (with their local URLs). */
  readonly queues: Iterable<LocalQueue>;
  /** Takes an accepted message: its queue, body and delay in seconds. */
  readonly deliver: (queue: LocalQueue, body: string, delaySeconds: number) => Promise<void>;
  /** The grants by access key id; undefined when IAM is not held (every call allowed). */
  readonly grants?: ReadonlyMap<string, FunctionGrants>;
  readonly log: (line: string) => void;
}

/** SQS's most DelaySeconds. */
const MAX_DELAY_SECONDS = 900;

function answer(res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'x-amzn-requestid': randomUUID(),
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** An SQS error as its JSON protocol answers it (the query-compatible code in x-amzn-query-error, which the SDK reads). */
const answerError = (res: ServerResponse, status: number, type: string, queryCode: string, message: string): void =>
  answer(res, status, { __type: type, message }, { 'x-amzn-query-error': `${queryCode};Sender` });

/** Answers one SQS request (its body read whole). */
export function sqsRequestHandler(options: SqsEndpointOptions): (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void> {
  const byUrlPath = new Map([...options.queues].map((queue) => [queue.url ? new URL(queue.url).pathname : queue.name, queue] as const));
  return async (req, res, body) => {
    const operation = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
    if (operation !== 'SendMessage')
      return answerError(
        res,
        400,
        'com.amazonaws.sqs#UnsupportedOperation',
        'AWS.SimpleQueueService.UnsupportedOperation',
        `The local SQS serves SendMessage only, not ${operation}`,
      );
    let input: Json;
    try {
      input = JSON.parse(body.toString('utf8') || '{}');
    } catch {
      return answerError(res, 400, 'com.amazonaws.sqs#InvalidRequest', 'InvalidRequest', 'The body is not JSON');
    }
    const queue = typeof input.QueueUrl === 'string' ? byUrlPath.get(new URL(input.QueueUrl, 'http://localhost').pathname) : undefined;
    if (!queue)
      return answerError(res, 400, 'com.amazonaws.sqs#QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
    const fn = options.grants?.get(accessKeyIdOf(req.headers.authorization) ?? '');
    if (fn && !isAllowed(fn.grants, 'sqs:SendMessage', queue.arn)) {
      const message = refuse(fn, { action: 'sqs:SendMessage', kind: 'queue', name: queue.name, resource: queue.arn }, options.log);
      return answerError(res, 403, 'com.amazon.coral.service#AccessDeniedException', 'AccessDenied', message);
    }
    const delay = input.DelaySeconds ?? 0;
    if (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS)
      return answerError(
        res,
        400,
        'com.amazonaws.sqs#InvalidParameterValue',
        'InvalidParameterValue',
        `DelaySeconds must be 0 to ${MAX_DELAY_SECONDS}, not ${delay}`,
      );
    const messageBody = String(input.MessageBody ?? '');
    await options.deliver(queue, messageBody, delay);
    answer(res, 200, { MessageId: randomUUID(), MD5OfMessageBody: createHash('md5').update(messageBody, 'utf8').digest('hex') });
  };
}
