/**
 * Unit: the deployed delivery queue's wire format (SQS JSON protocol, SigV4-signed) and its long waits: SQS delays a
 * message at most 900 s, so a longer wait is sent as 900 s with `not_before`, and receiveDelivery sends it on until
 * then. fetch is replaced by a recorder (no AWS here).
 */
import { SqsDeliveryQueue } from '../../../src/adapters/aws/sqs-delivery-queue';
import type { DeliveryMessage } from '../../../src/ports/events';
import { receiveDelivery, type DeliveryDeps } from '../../../src/usecases/webhook-delivery';

const message: DeliveryMessage = { account_id: 'acct_1', event_id: 'evt_1', endpoint_id: 'we_1', attempt: 3, first_attempt_at: '2026-03-01T00:00:00.000Z' };

describe('SqsDeliveryQueue', () => {
  const sent: { url: string; headers: Record<string, string>; body: any }[] = [];
  beforeEach(() => {
    sent.length = 0;
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    jest.spyOn(globalThis, 'fetch').mockImplementation((async (url: string, init: RequestInit) => {
      sent.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
      return new Response('{}', { status: 200 });
    }) as never);
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends SendMessage over the JSON protocol, signed, with the delay; a wait over 900 s travels as 900 s + not_before', async () => {
    const queue = new SqsDeliveryQueue('https://sqs.eu-west-1.amazonaws.com/1/q', 'https://sqs.eu-west-1.amazonaws.com/1/dlq', 'eu-west-1');
    await queue.send(message, 120);
    await queue.send(message, 3600, new Date('2026-03-01T01:00:00Z'));
    await queue.deadLetter(message);
    expect(sent.map((s) => s.url)).toEqual(Array(3).fill('https://sqs.eu-west-1.amazonaws.com/'));
    expect(sent[0].headers['x-amz-target']).toBe('AmazonSQS.SendMessage');
    expect(sent[0].headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(sent[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sqs\/aws4_request, SignedHeaders=.*host.*x-amz-target/);
    expect(sent[0].body).toEqual({ QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/1/q', MessageBody: JSON.stringify(message), DelaySeconds: 120 });
    expect(sent[1].body.DelaySeconds).toBe(900);
    expect(JSON.parse(sent[1].body.MessageBody)).toEqual({ ...message, not_before: '2026-03-01T02:00:00.000Z' });
    expect(sent[2].body).toMatchObject({ QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/1/dlq', DelaySeconds: 0 });
  });
});

describe('receiveDelivery', () => {
  it('sends a message whose not_before is ahead on for the rest of the wait, without attempting it', async () => {
    const send = jest.fn(async () => undefined);
    const get = jest.fn();
    const deps = { deliveryQueue: { send, deadLetter: jest.fn() }, webhookEndpoints: { get } } as unknown as DeliveryDeps;
    const outcome = await receiveDelivery(deps, { firstRetrySeconds: 60, allowLoopback: false }, { ...message, not_before: '2026-03-01T02:00:00.000Z' }, new Date('2026-03-01T01:45:00Z'));
    expect(outcome).toBe('waiting');
    expect(send).toHaveBeenCalledWith(message, 900);
    expect(get).not.toHaveBeenCalled();
  });
});
