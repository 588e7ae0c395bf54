/**
 * CDK assertion tests of webhook delivery and the daily events job (lib/webhooks.ts): the Events table's
 * stream, the delivery queue and its DLQ, the three background functions with exactly their grants, and the schedule.
 * Bundling is skipped, as in stack.test.ts.
 */
import { roleStatements } from '../support/role-statements';
import type { StackTemplates } from '../support/stack-templates';
import type { LevyFunction } from '../../lib/levy-function';
import type { LevyStack } from '../../lib/levy-stack';
import { backgroundFunctions, DELIVERY_MAX_RECEIVES, type BackgroundFunction } from '../../src/config/background-functions';
import { routes } from '../../src/config/routes';
import { tableList, type TableId } from '../../src/config/tables';
import { DEAD_LETTER_QUEUE_URL_ENV_VAR, DELIVERY_QUEUE_URL_ENV_VAR } from '../../src/config/webhooks';
import { configuredApp } from './configured-app';

type Json = Record<string, any>;

let stack: LevyStack;
let templates: StackTemplates;
let resources: Record<string, Json>;
/** Every statement of the role's inline policies. */
const statementsOf = (fn: LevyFunction): Json[] => {
  return roleStatements(resources, templates.logicalId(fn.role));
};

const sendsOf = (fn: LevyFunction): Json[] => statementsOf(fn).filter((st) => [st.Action].flat().includes('sqs:SendMessage'));
const environmentOf = (fn: LevyFunction): Json => resources[templates.logicalId(fn.function)].Properties.Environment.Variables;

/** A sender's grant and environment: SendMessage on the delivery queue and its DLQ, nothing else, and both queues' URLs. */
function expectSendsToBothQueues(fn: LevyFunction): void {
  const sends = sendsOf(fn);
  expect(sends).toHaveLength(1);
  expect(sends[0].Resource).toEqual(
    expect.arrayContaining([
      { 'Fn::GetAtt': [templates.logicalId(stack.webhooks.queue), 'Arn'] },
      { 'Fn::GetAtt': [templates.logicalId(stack.webhooks.deadLetterQueue), 'Arn'] },
    ]),
  );
  expect(sends[0].Resource).toHaveLength(2);
  expect(environmentOf(fn)[DELIVERY_QUEUE_URL_ENV_VAR]).toEqual({ Ref: templates.logicalId(stack.webhooks.queue) });
  expect(environmentOf(fn)[DEAD_LETTER_QUEUE_URL_ENV_VAR]).toEqual({ Ref: templates.logicalId(stack.webhooks.deadLetterQueue) });
}

beforeAll(() => {
  ({ templates } = configuredApp());
  stack = configuredApp().levy.stack;
  resources = templates.resources;
});

const byName = (def: BackgroundFunction) => Object.entries(backgroundFunctions).find(([, d]) => d === def)![0] as keyof typeof backgroundFunctions;

describe('webhooks infrastructure', () => {
  test('the Events table streams new images; no other table streams', () => {
    for (const def of tableList) {
      const spec = resources[templates.logicalId(stack.tables[def.id])].Properties.StreamSpecification;
      expect(spec).toEqual(def.id === 'Events' ? { StreamViewType: 'NEW_IMAGE' } : undefined);
    }
    expect(resources[templates.logicalId(stack.tables.Events)].Properties.TimeToLiveSpecification).toEqual({
      AttributeName: 'expires_at_epoch',
      Enabled: true,
    });
  });

  test('the delivery queue: encrypted, TLS only, a DLQ after a few receives, retention above the 3-day retry window', () => {
    const queue = resources[templates.logicalId(stack.webhooks.queue)].Properties;
    expect(queue.SqsManagedSseEnabled).toBe(true);
    expect(queue.MessageRetentionPeriod).toBeGreaterThan(3 * 86_400);
    expect(queue.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [templates.logicalId(stack.webhooks.deadLetterQueue), 'Arn'] },
      maxReceiveCount: DELIVERY_MAX_RECEIVES,
    });
    const dlq = resources[templates.logicalId(stack.webhooks.deadLetterQueue)].Properties;
    expect(dlq.SqsManagedSseEnabled).toBe(true);
    const policies = templates.ofType('AWS::SQS::QueuePolicy').map(([, p]) => JSON.stringify(p.Properties));
    for (const q of [stack.webhooks.queue, stack.webhooks.deadLetterQueue]) {
      expect(policies.some((p) => p.includes(templates.logicalId(q)) && p.includes('aws:SecureTransport'))).toBe(true);
    }
  });

  test.each(Object.values(backgroundFunctions).map((d) => [d.name, d] as const))('%s: exactly its DynamoDB actions on exactly its tables', (_name, def) => {
    const fn = stack.webhooks.functions[byName(def)];
    const statements = statementsOf(fn);
    const tableIds = new Map(tableList.map((t) => [templates.logicalId(stack.tables[t.id]), t.id] as const));
    const granted: Partial<Record<TableId, string[]>> = {};
    for (const st of statements) {
      const text = JSON.stringify(st.Resource);
      const actions: string[] = [st.Action].flat();
      for (const [lid, id] of tableIds) {
        if (!text.includes(`"${lid}"`) || text.includes('StreamArn')) continue;
        granted[id] = [...new Set([...(granted[id] ?? []), ...actions.filter((a) => !/Stream|Shard/.test(a))])].sort();
      }
    }
    const expected = Object.fromEntries(Object.entries(def.tables).map(([id, actions]) => [id, actions.map((a) => `dynamodb:${a}`).sort()]));
    expect(granted).toEqual(expected);
  });

  test('only the fan-out and delivery functions may send, and only to the delivery queue and its DLQ', () => {
    for (const def of Object.values(backgroundFunctions)) {
      const fn = stack.webhooks.functions[byName(def)];
      if (!def.sendsDeliveries) {
        expect(sendsOf(fn)).toEqual([]);
        expect(environmentOf(fn)[DELIVERY_QUEUE_URL_ENV_VAR]).toBeUndefined();
        continue;
      }
      expectSendsToBothQueues(fn);
    }
  });

  test("the redelivery route sends like the background senders: the queues' URLs and SendMessage on both", () => {
    expectSendsToBothQueues(stack.routeFunctions['events-redeliver']);
  });

  test('the fan-out reads the Events stream (INSERT only); the delivery function consumes the queue one message at a time', () => {
    const mappings = templates.ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
    const fanout = mappings.find((m) => m.FunctionName.Ref === templates.logicalId(stack.webhooks.functions.webhookFanout.function))!;
    expect(fanout.EventSourceArn).toEqual({ 'Fn::GetAtt': [templates.logicalId(stack.tables.Events), 'StreamArn'] });
    expect(JSON.stringify(fanout.FilterCriteria)).toContain('INSERT');
    const delivery = mappings.find((m) => m.FunctionName.Ref === templates.logicalId(stack.webhooks.functions.webhookDelivery.function))!;
    expect(delivery.EventSourceArn).toEqual({ 'Fn::GetAtt': [templates.logicalId(stack.webhooks.queue), 'Arn'] });
    expect(delivery.BatchSize).toBe(1);
    // Consuming: receive, delete and read attributes of the delivery queue only.
    const consume = statementsOf(stack.webhooks.functions.webhookDelivery).find((st) => [st.Action].flat().includes('sqs:ReceiveMessage'))!;
    expect(consume.Resource).toEqual({ 'Fn::GetAtt': [templates.logicalId(stack.webhooks.queue), 'Arn'] });
    expect(mappings).toHaveLength(2);
  });

  test('Notifications: TTL on expires_at_epoch, no stream; only the writers of notifying events may put, only its routes read or dismiss', () => {
    const table = resources[templates.logicalId(stack.tables.Notifications)].Properties;
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at_epoch', Enabled: true });
    expect(table.StreamSpecification).toBeUndefined();
    const notificationsId = `"${templates.logicalId(stack.tables.Notifications)}"`;
    const actionsOn = (fn: LevyFunction) =>
      [
        ...new Set(
          statementsOf(fn)
            .filter((st) => JSON.stringify(st.Resource).includes(notificationsId))
            .flatMap((st) => [st.Action].flat() as string[]),
        ),
      ].sort();
    const granted = Object.fromEntries(
      [
        ...routes.map((r) => [r.name, stack.routeFunctions[r.name]] as const),
        ...Object.entries(stack.webhooks.functions).map(([name, fn]) => [name, fn] as const),
      ]
        .map(([name, fn]) => [name, actionsOn(fn)] as const)
        .filter(([, actions]) => actions.length > 0),
    );
    expect(granted).toEqual({
      'notifications-list': ['dynamodb:Query'],
      'notifications-get': ['dynamodb:GetItem'],
      'notifications-dismiss': ['dynamodb:UpdateItem'],
      // Writers of nexus.* (every route that records a sale), exemption.expiring / .expired (daily) and webhook_endpoint.disabled.
      'transactions-create': ['dynamodb:PutItem'],
      'tax-unify': ['dynamodb:PutItem'],
      'checkouts-complete': ['dynamodb:PutItem'],
      'invoices-finalize': ['dynamodb:PutItem'],
      'transactions-import': ['dynamodb:PutItem'],
      scheduledEvents: ['dynamodb:PutItem'],
      webhookDelivery: ['dynamodb:PutItem'],
    });
  });

  test('a daily schedule invokes the time-driven events function', () => {
    const rules = templates.ofType('AWS::Events::Rule').map(([, r]) => r.Properties);
    expect(rules).toHaveLength(1);
    expect(rules[0].ScheduleExpression).toBe('cron(15 0 * * ? *)');
    expect(rules[0].Targets[0].Arn).toEqual({ 'Fn::GetAtt': [templates.logicalId(stack.webhooks.functions.scheduledEvents.function), 'Arn'] });
  });
});
