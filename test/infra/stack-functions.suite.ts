/**
 * CDK assertion tests on the synthesized Levy stack: the functions (one per route, runtime, bundle, environment) and
 * their roles (no managed policy, table grants least privilege). Checked against src/config/routes.ts and
 * src/config/tables.ts. Bundling is skipped (context `aws:cdk:bundling-stacks: []`).
 */
import { roleStatements } from '../support/role-statements';
import type { StackTemplates } from '../support/stack-templates';
import type { LevyApp } from '../../lib/levy-app';
import type { LevyStack } from '../../lib/levy-stack';
import type { LevyFunction } from '../../lib/levy-function';
import { authorizer as authorizerDefinition, routes, type TableAccess } from '../../src/config/routes';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/environment';
import { tableList, tables, type TableId } from '../../src/config/tables';
import { backgroundFunctions } from '../../src/config/background-functions';
import { configuredApp } from './configured-app';

/** The functions no route invokes (webhook fan-out and delivery, the daily events job; test/infra/webhooks.suite.ts). */
const backgroundCount = Object.keys(backgroundFunctions).length;
/** The deploy report's two (lib/stack/us-local-rates-report.ts): its onEvent function and the Provider framework's own. */
const deployReportCount = 2;

type Json = Record<string, any>;

let levy: LevyApp;
let stack: LevyStack;
let templates: StackTemplates;
let resources: Record<string, Json>;

const tableLogicalId = (id: TableId): string => templates.logicalId(stack.tables[id]);
const functionLogicalId = (fn: LevyFunction): string => templates.logicalId(fn.function);
const roleLogicalId = (fn: LevyFunction): string => templates.logicalId(fn.role);
const allTableEnvVars = new Set(tableList.map((t) => t.envVar));

/** Every table logical id a role's inline policies reference, with the actions granted on it. */
function tableGrants(fn: LevyFunction): Map<string, Set<string>> {
  const role = roleLogicalId(fn);
  const tableIds = new Set(tableList.map((t) => tableLogicalId(t.id)));
  const grants = new Map<string, Set<string>>();
  {
    for (const statement of roleStatements(resources, role)) {
      const text = JSON.stringify(statement.Resource);
      const actions: string[] = [statement.Action].flat();
      for (const id of tableIds) {
        if (!text.includes(`"${id}"`)) continue;
        const set = grants.get(id) ?? new Set<string>();
        actions.forEach((a) => set.add(a));
        grants.set(id, set);
      }
    }
  }
  return grants;
}

beforeAll(() => {
  ({ levy, templates } = configuredApp());
  stack = levy.stack;
  resources = templates.resources;
});

describe('functions', () => {
  test('exactly one function per route (the documentation routes share one), plus the authorizer, the background functions and the deploy report', () => {
    const functionNames = new Set(routes.map((r) => r.function));
    expect(functionNames.size).toBe(routes.filter((r) => !r.public).length + 1);
    expect(templates.ofType('AWS::Lambda::Function')).toHaveLength(functionNames.size + 1 + backgroundCount + deployReportCount);
    expect(Object.keys(stack.routeFunctions).sort()).toEqual(routes.map((r) => r.name).sort());
    const docs = routes.filter((r) => r.public).map((r) => stack.routeFunctions[r.name]);
    expect(new Set(docs).size).toBe(1);
  });

  const everyFunction = () => [
    ...routes.map((r) => ({ name: r.name, tables: r.tables, fn: stack.routeFunctions[r.name] })),
    { name: authorizerDefinition.name, tables: authorizerDefinition.tables, fn: stack.authorizerFunction },
  ];

  test.each([...routes.map((r) => r.name), authorizerDefinition.name])('%s: nodejs22.x, arm64, ESM bundle, env, log retention', (name) => {
    const { tables: access, fn } = everyFunction().find((f) => f.name === name)!;
    const props = resources[functionLogicalId(fn)].Properties;
    expect(props.Runtime).toBe('nodejs22.x');
    expect(props.Architectures).toEqual(['arm64']);
    expect(props.Handler).toBe('index.handler');
    // X-Ray is opt-in (docs/deployment.md): no tracing config, and the bundle is built without the tracer.
    expect(props.TracingConfig).toBeUndefined();
    expect(props.Timeout).toBeLessThanOrEqual(10);
    expect([512, 1024]).toContain(props.MemorySize);
    // 1024 MB for the functions that compute taxes and those that build a return from the ledger, else 512 MB.
    const builds = ['returns-create', 'returns-finalize'].includes(name);
    expect(props.MemorySize).toBe(access.Rates || builds ? 1024 : 512);
    const env = props.Environment.Variables as Json;
    expect(env).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'levy', POWERTOOLS_LOG_LEVEL: 'INFO', NODE_OPTIONS: '--enable-source-maps' });
    // Declared, empty (= real AWS), so `sam local invoke --env-vars` can point it at a local DynamoDB.
    expect(env).toHaveProperty(DYNAMODB_ENDPOINT_ENV_VAR, '');
    // Metrics and traces are on in AWS (the laptop turns them off).
    expect(env.POWERTOOLS_METRICS_DISABLED).toBeUndefined();
    expect(env.POWERTOOLS_TRACE_ENABLED).toBeUndefined();
    // Exactly the table variables of the tables it lists, each naming the right table.
    const tableVars = Object.keys(env)
      .filter((k) => allTableEnvVars.has(k))
      .sort();
    const listed = Object.keys(access) as TableId[];
    expect(tableVars).toEqual(listed.map((id) => tables[id].envVar).sort());
    for (const id of listed) expect(env[tables[id].envVar]).toEqual({ Ref: tableLogicalId(id) });
    // Its own log group, with a retention.
    const logGroup = resources[props.LoggingConfig.LogGroup.Ref];
    expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
    expect(logGroup.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  test('no function uses an AWS managed policy (own role per function, logs to its own group)', () => {
    for (const { fn } of everyFunction()) {
      expect(resources[roleLogicalId(fn)].Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  test.each([...routes.map((r) => r.name), authorizerDefinition.name])(
    '%s: least privilege, exactly the listed actions on exactly the listed tables',
    (name) => {
      const { tables: access, fn } = everyFunction().find((f) => f.name === name)!;
      const grants = tableGrants(fn);
      const expected = new Map((Object.entries(access) as [TableId, TableAccess][]).map(([id, actions]) => [tableLogicalId(id), actions]));
      expect([...grants.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [id, actions] of expected) {
        expect([...grants.get(id)!].sort()).toEqual(actions.map((a) => `dynamodb:${a}`).sort());
      }
    },
  );

  test("the authorizer may only GetItem on the key table (and note a key's last day of use in its own table)", () => {
    const grants = tableGrants(stack.authorizerFunction);
    expect([...grants.get(tableLogicalId('ApiKeys'))!]).toEqual(['dynamodb:GetItem']);
    expect([...grants.get(tableLogicalId('KeyActivity'))!]).toEqual(['dynamodb:UpdateItem']);
    expect([...grants.keys()].sort()).toEqual([tableLogicalId('ApiKeys'), tableLogicalId('KeyActivity')].sort());
  });

  test("the Rates table is read only by the rating routes (and the nexus simulation, which rates its sales, and the coverage route, which reads the tables' manifest), with Query alone (the table in force on a date is a key range)", () => {
    const readers = everyFunction().filter(({ fn }) => tableGrants(fn).has(tableLogicalId('Rates')));
    expect(readers.map((r) => r.name).sort()).toEqual([
      'checkouts-complete',
      'checkouts-create',
      'checkouts-update',
      'invoices-finalize',
      'nexus-simulate',
      'payment-links-checkouts',
      'tax-coverage',
      'tax-rate',
      'tax-unify',
      'transactions-create',
      'transactions-import',
    ]);
    for (const { fn } of readers) expect([...tableGrants(fn).get(tableLogicalId('Rates'))!]).toEqual(['dynamodb:Query']);
  });

  test('the Rates table keeps its key schema (zip, state): another would replace the deployed table and its imported months', () => {
    // Monthly tables put `<state>#<YYYY-MM>` in the same sort key (docs/deployment.md, "Upgrading to monthly ZIP tables").
    expect(resources[tableLogicalId('Rates')].Properties.KeySchema).toEqual([
      { AttributeName: 'zip', KeyType: 'HASH' },
      { AttributeName: 'state', KeyType: 'RANGE' },
    ]);
  });

  test('no function may Scan or BatchGet anything; writes never read; vendors-delete only deletes', () => {
    for (const { fn } of everyFunction()) {
      for (const actions of tableGrants(fn).values()) {
        expect([...actions].filter((a) => /Scan|BatchGet|\*/.test(a))).toEqual([]);
      }
    }
    expect([...tableGrants(stack.routeFunctions['vendors-delete']).get(tableLogicalId('Vendors'))!]).toEqual(['dynamodb:DeleteItem']);
    // The sale's counters are ADDed, never read and written back; its nexus check then reads them (the nexus
    // report, Query) and puts its event's once-marker (UpdateItem). Nothing else on Exposure.
    expect([...tableGrants(stack.routeFunctions['transactions-create']).get(tableLogicalId('Exposure'))!].sort()).toEqual([
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(tableGrants(stack.routeFunctions['tax-rate']).has(tableLogicalId('Vendors'))).toBe(false);
  });

  test('the return counters: a sale or refund ADDs to them and puts its entry; a build only queries them and reads records by key', () => {
    const grants = (name: string, table: 'ReturnCounters' | 'Transactions') =>
      [...(tableGrants(stack.routeFunctions[name]).get(tableLogicalId(table)) ?? [])].sort();
    for (const name of ['transactions-create', 'transactions-refund', 'tax-unify', 'invoices-credit-notes-create']) {
      expect(grants(name, 'ReturnCounters')).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    }
    for (const name of ['returns-create', 'returns-finalize']) {
      expect(grants(name, 'ReturnCounters')).toEqual(['dynamodb:Query']);
      // The late records one by one (GetItem), never a Query of the ledger.
      expect(grants(name, 'Transactions')).toEqual(['dynamodb:GetItem']);
    }
    // The records' listing pages the ledger and reads no counter.
    expect(grants('returns-transactions', 'ReturnCounters')).toEqual([]);
    expect(grants('returns-transactions', 'Transactions')).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    for (const name of ['returns-get', 'returns-list', 'returns-csv', 'tax-rate']) expect(grants(name, 'ReturnCounters')).toEqual([]);
  });
});
