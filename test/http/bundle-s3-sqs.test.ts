/**
 * HTTP test of bundle mode with IAM held (LEVY_LOCAL_BUNDLES=1 LEVY_ENFORCE_IAM=1): the bundled functions use their
 * real S3 and SQS adapters against the local S3 and SQS (local/bundles/aws-endpoint.ts). As synthesized, a certificate's
 * document goes up and down (directly and through pre-signed URLs, one expired or used otherwise than signed refused) into the documents folder,
 * and a redelivery reaches a receiver through the local SQS and the bundled webhook-delivery function, its retry after
 * its delay, a delivery past its retry window reaches the dead-letter queue, and a failed invocation is redriven (the
 * visibility timeout, then the dead-letter queue after maxReceiveCount receives); with one grant planted away (test/support/planted-grants.ts), s3:PutObject from the document route or
 * sqs:SendMessage from events-redeliver, that route fails with AccessDenied naming the function, action and bucket or
 * queue. Without bundle mode there is no synthesized assembly: the suite is skipped (and says so).
 */
import { type CreatedAccount } from '../../local/admin/accounts';
import { takeAccessDenials } from '../../local/bundles/access-denials';
import { readSynthesizedApp } from '../../local/bundles/assembly';
import { bundleModeRequested, startLocalBundles, type LocalBundles } from '../../local/bundles/local-bundles';
import { localResources } from '../../local/bundles/local-resources';
import { BUNDLES_CDK_OUT_ENV_VAR } from '../../local/bundles/synth';
import { startServer, type LocalServer } from '../../local/server/server';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../local/server/webhook-dispatcher';
import { documents, localDeliveryQueue } from '../../src/composition/ports';
import type { DeliveryMessage } from '../../src/ports/events';
import { DOCUMENTS_BUCKET_ENV_VAR } from '../../src/config/documents';
import { WEBHOOK_RETRY_SECONDS_ENV_VAR } from '../../src/config/webhooks';
import { documentKey } from '../../src/usecases/exemptions';
import { newTestAccount } from '../support/api';
import { requester } from '../support/http';
import { plantGrantRemoval, plantTemplateEdit, removeRoleAction } from '../support/planted-grants';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const cdkOut = process.env[BUNDLES_CDK_OUT_ENV_VAR];
const inBundleMode = bundleModeRequested() && cdkOut !== undefined;
if (!inBundleMode) console.log(`bundle-s3-sqs.test.ts skipped: it needs LEVY_LOCAL_BUNDLES=1 (test/setup/global-setup.ts then synthesizes the stack)`);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

(inBundleMode ? describe : describe.skip)('S3 and SQS of the bundled functions', () => {
  const app = inBundleMode ? readSynthesizedApp(cdkOut!) : undefined;
  const local = () => localResources(app!);
  const bucket = () => local().resolve(app!.functions.get(app!.routeFunctions.get('exemption-document-put')!)!.environment[DOCUMENTS_BUCKET_ENV_VAR])!;
  const deliveryQueue = () => [...app!.queueConsumers.keys()][0];
  let account: CreatedAccount;
  /** The account of the redelivery, whose only events are those of its test, and its event. */
  let hooked: CreatedAccount;
  let hookedEventId: string;
  const started: { server: LocalServer; bundles: LocalBundles }[] = [];
  const receivers: WebhookReceiver[] = [];
  let dispatcher: WebhookDispatcher | undefined;
  const savedRetry = process.env[WEBHOOK_RETRY_SECONDS_ENV_VAR];

  const serve = async (dir: string) => {
    const bundles = await startLocalBundles({ cdkOut: dir, enforceIam: true, log: () => undefined });
    const server = await startServer({ port: 0, authCacheSeconds: 0, bundles });
    started.push({ server, bundles });
    return { bundles, request: requester(() => server), url: server.url };
  };
  const putDocument = (url: string, path: string, bytes: Buffer) =>
    fetch(`${url}${path}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${account.api_key}`, 'Content-Type': 'image/png' },
      body: new Uint8Array(bytes),
    });
  /** A reseller and a certificate of it, made through `request`: the path of the certificate. */
  const newCertificate = async (request: Awaited<ReturnType<typeof serve>>['request']) => {
    const key = account.api_key;
    const customer = await request('POST', '/v1/customers', {
      key,
      body: { name: 'Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } },
    });
    const body = { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: 'TX-9', effective_from: day(-10) };
    const certificate = await request('POST', `/v1/customers/${customer.body.id}/exemptions`, { key, body });
    expect(certificate.status).toBe(201);
    return {
      customerId: customer.body.id as string,
      eid: certificate.body.id as string,
      path: `/v1/customers/${customer.body.id}/exemptions/${certificate.body.id}`,
    };
  };

  beforeAll(async () => {
    // Read by the bundled webhook-delivery function from the environment its container starts with.
    process.env[WEBHOOK_RETRY_SECONDS_ENV_VAR] = '1';
    account = await newTestAccount('US', 'Buckets Inc');
  });

  afterAll(async () => {
    dispatcher?.stop();
    await Promise.all(receivers.map((r) => r.close()));
    for (const { server, bundles } of started) {
      await server.close();
      await bundles.close();
    }
    if (savedRetry === undefined) delete process.env[WEBHOOK_RETRY_SECONDS_ENV_VAR];
    else process.env[WEBHOOK_RETRY_SECONDS_ENV_VAR] = savedRetry;
  });

  it('as synthesized: a document is put and got back, also through pre-signed URLs, into the documents folder; a URL expired or used otherwise than signed is refused', async () => {
    const { request, url } = await serve(cdkOut!);
    const key = account.api_key;
    const { customerId, eid, path } = await newCertificate(request);
    const put = await putDocument(url, `${path}/document`, PNG);
    expect(put.status).toBe(200);
    const { document } = (await put.json()) as { document: { sha256: string } };
    // Where the folder blob store keeps documents: the local server and the tests read it as before.
    expect((await documents.get(documentKey(account.account_id, customerId, eid, document.sha256)))?.bytes.equals(PNG)).toBe(true);
    const inline = await fetch(`${url}${path}/document`, { headers: { Authorization: `Bearer ${key}` } });
    expect(inline.status).toBe(200);
    expect(Buffer.from(await inline.arrayBuffer()).equals(PNG)).toBe(true);

    // The upload URL is the presigner's, at the local S3: a path-style URL of the bucket, signed by the function's key.
    const upload = await request('POST', `${path}/document/upload_url`, { key, body: { content_type: 'image/png', content_length: PNG.length } });
    expect(upload.status).toBe(201);
    expect(upload.body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${bucket()}/exemption-documents/.*X-Amz-Credential=`));
    const expired = new URL(upload.body.url);
    expired.searchParams.set('X-Amz-Date', new Date(Date.now() - 16 * 60_000).toISOString().replace(/[-:]|\.\d{3}/g, ''));
    const late = await fetch(expired, { method: 'PUT', headers: upload.body.headers, body: new Uint8Array(PNG) });
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);
    // Another size than signed for is S3's SignatureDoesNotMatch.
    const longer = Buffer.concat([PNG, Buffer.from([0])]);
    const resized = await fetch(upload.body.url, {
      method: 'PUT',
      headers: { ...upload.body.headers, 'content-length': String(longer.length) },
      body: new Uint8Array(longer),
    });
    expect(resized.status).toBe(403);
    expect(await resized.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect((await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: new Uint8Array(PNG) })).status).toBe(200);
    const completed = await request('POST', `${path}/document/complete`, { key, body: { upload_id: upload.body.upload_id } });
    expect(completed.status).toBe(200);
    const redirected = await fetch(`${url}${path}/document?redirect=true`, { headers: { Authorization: `Bearer ${key}` }, redirect: 'manual' });
    expect(redirected.status).toBe(303);
    const downloaded = await fetch(redirected.headers.get('location')!);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(PNG)).toBe(true);
    // The download URL is for GET only.
    const overwrite = await fetch(redirected.headers.get('location')!, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
    expect(overwrite.status).toBe(403);
    expect(await overwrite.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(takeAccessDenials()).toEqual([]);
  });

  it('without s3:PutObject on its role, the document PUT fails with AccessDenied naming the function, action and bucket', async () => {
    const planted = plantGrantRemoval(cdkOut!, 'exemption-document-put', 's3:PutObject');
    const { request, url } = await serve(planted.dir);
    const { path } = await newCertificate(request);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await putDocument(url, `${path}/document`, PNG)).status).toBe(500);
      const denials = takeAccessDenials();
      expect(denials).toEqual([
        expect.objectContaining({ function: 'exemption-document-put', functionId: planted.functionId, action: 's3:PutObject', kind: 'bucket', name: bucket() }),
      ]);
      expect(denials[0].resource).toMatch(new RegExp(`^arn:aws:s3:::${bucket()}/exemption-documents/`));
      expect(logged.mock.calls.flat().join('\n')).toContain(
        `[levy iam] AccessDenied: function exemption-document-put (${planted.functionId}) may not s3:PutObject on bucket ${bucket()}`,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('a redelivery reaches the receiver through the local SQS and the bundled webhook-delivery function; a failed attempt is retried after its delay', async () => {
    const { bundles, request } = await serve(cdkOut!);
    hooked = await newTestAccount('US', 'Hooks Inc');
    const key = hooked.api_key;
    dispatcher = await startWebhookDispatcher({ consume: bundles.deliverQueued });
    const receiver = await startReceiver([500]);
    receivers.push(receiver);
    const endpoint = await request('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, enabled_events: ['customer.created'] } });
    expect(endpoint.status).toBe(201);
    expect((await request('POST', '/v1/customers', { key, body: { name: 'Hooked', address: { country: 'US' } } })).status).toBe(201);
    expect(await dispatcher.poll()).toBeGreaterThanOrEqual(1);
    // The first attempt is answered 500; the function sends the retry to the queue with its delay (1 s here).
    const [first, retried] = await receiver.waitFor(2, 30_000);
    expect(retried.at - first.at).toBeGreaterThanOrEqual(950);
    const eventId = JSON.parse(first.body).id as string;
    hookedEventId = eventId;

    const again = await request('POST', `/v1/events/${eventId}/redeliver`, { key });
    expect(again.status).toBe(202);
    const all = await receiver.waitFor(3, 30_000);
    expect(JSON.parse(all[2].body).id).toBe(eventId);
    const attempts = (await request('GET', `/v1/webhook_endpoints/${endpoint.body.id}/deliveries`, { key })).body.data;
    expect(attempts.map((a: { status_code: number; delivered: boolean }) => [a.status_code, a.delivered])).toEqual([
      [200, true],
      [200, true],
      [500, false],
    ]);
    expect(takeAccessDenials()).toEqual([]);
  });

  it('a delivery past its retry window is sent to the dead-letter queue by the bundled function, through the local SQS', async () => {
    const failing = await startReceiver([500]);
    receivers.push(failing);
    const { request } = await serve(cdkOut!);
    const endpoint = await request('POST', '/v1/webhook_endpoints', { key: hooked.api_key, body: { url: failing.url, enabled_events: ['customer.created'] } });
    const message: DeliveryMessage = {
      account_id: hooked.account_id,
      event_id: hookedEventId,
      endpoint_id: endpoint.body.id,
      attempt: 7,
      first_attempt_at: new Date(Date.now() - 4 * 86_400_000).toISOString(),
    };
    const queue = await localDeliveryQueue();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Handed to the dispatcher's consumer, the bundled webhook-delivery function of the redelivery test's server.
      await queue.send(message, 0);
      await failing.waitFor(1, 30_000);
      const until = Date.now() + 30_000;
      const deadLettered = () => queue.deadLetters.find((m) => m.endpoint_id === endpoint.body.id);
      while (!deadLettered() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(deadLettered()).toEqual(message);
    } finally {
      logged.mockRestore();
    }
    expect(takeAccessDenials()).toEqual([]);
  });

  it('without sqs:SendMessage on its role, events-redeliver fails with AccessDenied naming the function, action and queue', async () => {
    const planted = plantGrantRemoval(cdkOut!, 'events-redeliver', 'sqs:SendMessage');
    const { request } = await serve(planted.dir);
    const key = hooked.api_key;
    // An event the account's endpoint is subscribed to: a redelivery of it sends to the queue.
    const event = (await request('GET', '/v1/events', { key })).body.data.find((e: { type: string }) => e.type === 'customer.created');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await request('POST', `/v1/events/${event.id}/redeliver`, { key })).status).toBe(500);
      const queue = local().queues.get(deliveryQueue())!;
      expect(takeAccessDenials()).toEqual([
        expect.objectContaining({ function: 'events-redeliver', functionId: planted.functionId, action: 'sqs:SendMessage', kind: 'queue', name: queue.name }),
      ]);
      expect(logged.mock.calls.flat().join('\n')).toContain(
        `[levy iam] AccessDenied: function events-redeliver (${planted.functionId}) may not sqs:SendMessage on queue ${queue.name} (${queue.arn})`,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('a delivery whose invocation fails is handed over again after the visibility timeout, and dead-lettered after maxReceiveCount receives', async () => {
    // The delivery function's role without GetItem (its first read, the endpoint): every invocation fails. The queue's
    // visibility timeout made 1 s (60 s as synthesized), so its 5 receives take seconds.
    const queueId = deliveryQueue();
    const consumer = app!.functions.get(app!.queueConsumers.get(queueId)!)!;
    const planted = plantTemplateEdit(
      cdkOut!,
      (template) => {
        const queue = template.Resources?.[queueId];
        if (queue) queue.Properties.VisibilityTimeout = 1;
        return removeRoleAction(template, consumer.roleId, 'dynamodb:GetItem') + (queue ? 1 : 0);
      },
      'the delivery function and its queue',
    );
    const { bundles } = await serve(planted);
    dispatcher?.stop();
    dispatcher = await startWebhookDispatcher({ consume: bundles.deliverQueued });
    const queue = await localDeliveryQueue();
    const message: DeliveryMessage = {
      account_id: account.account_id,
      event_id: 'evt_redriven',
      endpoint_id: 'we_redriven',
      attempt: 1,
      first_attempt_at: null,
    };
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await queue.send(message, 0);
      const until = Date.now() + 30_000;
      while (!queue.deadLetters.includes(message) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(queue.deadLetters).toContain(message);
      const denials = takeAccessDenials();
      expect(denials).toHaveLength(5);
      expect(denials.every((d) => d.functionId === consumer.logicalId && d.action === 'dynamodb:GetItem')).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });
});
