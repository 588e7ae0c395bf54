/**
 * Unit (no AWS): the deployed delivery queue on the AWS SDK's SQS client, against a small fake SQS on 127.0.0.1
 * (AWS_ENDPOINT_URL_SQS, and queue URLs on the same host) that answers SendMessage over the JSON protocol with the
 * body's MD5 as SQS does; and its long waits: SQS delays a message at most 900 s, so a longer wait is sent as 900 s
 * with `not_before`, and receiveDelivery sends it on until then.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SqsDeliveryQueue } from '../../../src/adapters/aws/sqs-delivery-queue';
import type { DeliveryMessage } from '../../../src/ports/events';
import { receiveDelivery, type DeliveryDeps } from '../../../src/usecases/webhook-delivery';

const message: DeliveryMessage = { account_id: 'acct_1', event_id: 'evt_1', endpoint_id: 'we_1', attempt: 3, first_attempt_at: '2026-03-01T00:00:00.000Z' };

describe('SqsDeliveryQueue', () => {
  const sent: { path: string; headers: IncomingHttpHeaders; body: any }[] = [];
  /** What the fake answers next (then 200 with the MD5): a status and SQS's JSON error type. */
  const failures: { status: number; type: string }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text);
      sent.push({ path: req.url!, headers: req.headers, body });
      const failure = failures.shift();
      if (failure) {
        res
          .writeHead(failure.status, { 'content-type': 'application/x-amz-json-1.0' })
          .end(JSON.stringify({ __type: failure.type, message: `fake ${failure.type}` }));
        return;
      }
      const md5 = createHash('md5').update(body.MessageBody).digest('hex');
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify({ MessageId: `m-${sent.length}`, MD5OfMessageBody: md5 }));
    });
  });
  const saved = { ...process.env };
  let origin: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    sent.length = 0;
    failures.length = 0;
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    process.env.AWS_ENDPOINT_URL_SQS = origin;
  });
  afterEach(() => {
    process.env = { ...saved };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const queue = () => new SqsDeliveryQueue(`${origin}/1/q`, `${origin}/1/dlq`, 'eu-west-1');

  it('sends SendMessage over the JSON protocol, signed, with the delay; a wait over 900 s travels as 900 s + not_before', async () => {
    await queue().send(message, 120);
    await queue().send(message, 3600, new Date('2026-03-01T01:00:00Z'));
    await queue().deadLetter(message);
    expect(sent.map((s) => s.path)).toEqual(Array(3).fill('/'));
    expect(sent[0].headers['x-amz-target']).toBe('AmazonSQS.SendMessage');
    expect(sent[0].headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(sent[0].headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sqs\/aws4_request, SignedHeaders=.*host.*x-amz-target/,
    );
    expect(sent[0].body).toEqual({ QueueUrl: `${origin}/1/q`, MessageBody: JSON.stringify(message), DelaySeconds: 120 });
    expect(sent[1].body.DelaySeconds).toBe(900);
    expect(JSON.parse(sent[1].body.MessageBody)).toEqual({ ...message, not_before: '2026-03-01T02:00:00.000Z' });
    expect(sent[2].body).toMatchObject({ QueueUrl: `${origin}/1/dlq`, DelaySeconds: 0 });
  });

  it("retries a throttled or failed send (the SDK's standard retries); a refusal is an error naming the status", async () => {
    failures.push({ status: 400, type: 'com.amazonaws.sqs#ThrottlingException' }, { status: 500, type: 'com.amazonaws.sqs#InternalError' });
    await queue().send(message, 0);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.body.MessageBody))).toEqual(new Set([JSON.stringify(message)]));

    sent.length = 0;
    failures.push({ status: 400, type: 'com.amazonaws.sqs#QueueDoesNotExist' });
    await expect(queue().deadLetter(message)).rejects.toThrow(/^SQS SendMessage answered 400: QueueDoesNotExist/);
    expect(sent).toHaveLength(1);
  });
});

describe('receiveDelivery', () => {
  it('sends a message whose not_before is ahead on for the rest of the wait, without attempting it', async () => {
    const send = jest.fn(async () => undefined);
    const get = jest.fn();
    const deps = { deliveryQueue: { send, deadLetter: jest.fn() }, webhookEndpoints: { get } } as unknown as DeliveryDeps;
    const outcome = await receiveDelivery(
      deps,
      { firstRetrySeconds: 60, allowLoopback: false },
      { ...message, not_before: '2026-03-01T02:00:00.000Z' },
      new Date('2026-03-01T01:45:00Z'),
    );
    expect(outcome).toBe('waiting');
    expect(send).toHaveBeenCalledWith(message, 900);
    expect(get).not.toHaveBeenCalled();
  });
});
