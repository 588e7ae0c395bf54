/**
 * CDK assertion tests on the synthesized Levy stack (root and nested templates read as one, test/support/stack-templates.ts):
 * the app and its context switches, the tables, the exemption documents bucket, source maps and tracing. Checked against
 * src/config/tables.ts, so adding a table needs no change here. Bundling is skipped (context `aws:cdk:bundling-stacks: []`).
 */
import { roleStatements, rolesNamed } from '../support/role-statements';
import { stackTemplates, type StackTemplates } from '../support/stack-templates';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { createLevyApp, STACK_ID, type LevyApp } from '../../lib/levy-app';
import { cliOutputs, tableOutputId } from '../../src/config/stack-outputs';
import type { LevyStack } from '../../lib/levy-stack';
import type { LevyFunction } from '../../lib/levy-function';
import { routeFunctions } from '../../src/config/routes';
import { TRANSACTIONS_BY_DATE_INDEX, tableList, type TableId } from '../../src/config/tables';
import { backgroundFunctions } from '../../src/config/background-functions';
import { cdkContext, configuredApp } from './configured-app';

/** The functions no route invokes (webhook fan-out and delivery, the daily events job; test/infra/webhooks.suite.ts). */
const backgroundCount = Object.keys(backgroundFunctions).length;
/** The deploy report's onEvent function (lib/stack/us-local-rates-report.ts), a Levy function like the others (the Provider framework's own runs the runtime CDK picks). */
const deployReportCount = 1;

type Json = Record<string, any>;

let levy: LevyApp;
let stack: LevyStack;
let templates: StackTemplates;
let template: Template;
let resources: Record<string, Json>;

const tableLogicalId = (id: TableId): string => templates.logicalId(stack.tables[id]);
const roleLogicalId = (fn: LevyFunction): string => templates.logicalId(fn.role);

beforeAll(() => {
  ({ levy, templates } = configuredApp());
  stack = levy.stack;
  template = templates.root;
  resources = templates.resources;
});

describe('app', () => {
  test('one stack, id Levy, CloudFormation name from the stage context (default levy)', () => {
    expect(stack.node.id).toBe(STACK_ID);
    expect(stack.stackName).toBe('levy');
    const other = createLevyApp({ context: { stage: 'levy-dev', 'aws:cdk:bundling-stacks': [] } });
    expect(other.stack.stackName).toBe('levy-dev');
  });

  test('context alarmEmail subscribes an address; context requireUsageKeys=false (the upgrade deploy) stops requiring usage keys', () => {
    expect(templates.ofType('AWS::SNS::Subscription')).toHaveLength(0);
    const upgrade = createLevyApp({ context: { alarmEmail: 'ops@example.com', requireUsageKeys: 'false', 'aws:cdk:bundling-stacks': [] } });
    const upgradeTemplates = stackTemplates(upgrade.stack);
    expect(upgradeTemplates.ofType('AWS::SNS::Subscription').map(([, s]) => s.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.com' }),
    ]);
    const methods = upgradeTemplates.ofType('AWS::ApiGateway::Method').map(([, m]) => m.Properties.ApiKeyRequired);
    expect(methods.length).toBeGreaterThan(0);
    expect(new Set(methods)).toEqual(new Set([false]));
  });

  test('bundling is skipped in this test (no esbuild run)', () => {
    expect(stack.bundlingRequired).toBe(false);
  });
});

describe('tables', () => {
  test('exactly one table per entry of src/config/tables.ts', () => {
    expect(templates.ofType('AWS::DynamoDB::Table')).toHaveLength(tableList.length);
  });

  test.each(tableList.map((t) => [t.id, t] as const))('%s: keys, on demand, PITR, retained, encrypted, TTL', (id, def) => {
    const table = resources[tableLogicalId(id)];
    expect(table.Type).toBe('AWS::DynamoDB::Table');
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    const p = table.Properties;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.SSESpecification).toEqual({ SSEEnabled: true }); // AWS managed key
    const expectedKeys = [{ AttributeName: def.partitionKey.name, KeyType: 'HASH' }];
    if (def.sortKey) expectedKeys.push({ AttributeName: def.sortKey.name, KeyType: 'RANGE' });
    expect(p.KeySchema).toEqual(expectedKeys);
    for (const key of [def.partitionKey, def.sortKey].filter((k) => k !== undefined)) {
      expect(p.AttributeDefinitions).toContainEqual({ AttributeName: key.name, AttributeType: key.type });
    }
    if (def.ttlAttribute) {
      expect(p.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
    } else {
      expect(p.TimeToLiveSpecification).toBeUndefined();
    }
    const indexes = def.localIndexes ?? [];
    for (const index of indexes) {
      expect(p.AttributeDefinitions).toContainEqual({ AttributeName: index.sortKey.name, AttributeType: index.sortKey.type });
    }
    expect(p.LocalSecondaryIndexes ?? []).toEqual(
      indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  test('the Transactions table has the sparse by-date LSI (sort key date_id), and transactions-list may query it', () => {
    const p = resources[tableLogicalId('Transactions')].Properties;
    expect(p.LocalSecondaryIndexes).toEqual([
      {
        IndexName: TRANSACTIONS_BY_DATE_INDEX,
        KeySchema: [
          { AttributeName: 'account_id', KeyType: 'HASH' },
          { AttributeName: 'date_id', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    expect(p.AttributeDefinitions).toContainEqual({ AttributeName: 'date_id', AttributeType: 'S' });
    // The read grant must cover the index ARN (`<table arn>/index/*`), or the Query is denied in AWS.
    const role = roleLogicalId(stack.routeFunctions['transactions-list']);
    const statements = roleStatements(resources, role);
    const transactionsTable = tableLogicalId('Transactions');
    const indexGrant = statements.find(
      (st) => [st.Action].flat().includes('dynamodb:Query') && JSON.stringify(st.Resource).includes(`"${transactionsTable}","Arn"]},"/index/*"`),
    );
    expect(indexGrant).toBeDefined();
  });

  test('the Idempotency table expires records by TTL on `expiration` (Powertools default)', () => {
    expect(resources[tableLogicalId('Idempotency')].Properties.TimeToLiveSpecification).toEqual({
      AttributeName: 'expiration',
      Enabled: true,
    });
  });

  test('every table name is a stack output described by its environment variable', () => {
    const outputs = template.toJSON().Outputs as Json;
    for (const def of tableList) {
      expect(outputs[tableOutputId(def.id)]).toEqual({ Description: `${def.envVar}: the name of the ${def.id} table`, Value: { Ref: tableLogicalId(def.id) } });
    }
    expect(outputs.ApiUrl).toBeDefined();
  });

  test('the awk line of docs/deployment.md exports every variable the CLI reads from the outputs', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Description: string }>;
    for (const o of cliOutputs) expect(outputs[o.id]?.Description).toBe(`${o.envVar}: ${o.purpose}`);
    // What `aws cloudformation describe-stacks --query '...[Description,OutputValue]' --output text` prints.
    const described = Object.entries(outputs)
      .map(([id, o]) => `${o.Description}\tvalue-of-${id}`)
      .join('\n');
    const docs = readFileSync(path.join(__dirname, '../../docs/deployment.md'), 'utf8');
    const program = /awk -F'\\t' '([^']+)'/.exec(docs)?.[1];
    expect(program).toBeDefined();
    const exported = execFileSync('awk', ['-F', '\t', program!], { input: described, encoding: 'utf8' });
    const vars = Object.fromEntries(
      exported
        .trim()
        .split('\n')
        .map((line: string) => /^export ([A-Z0-9_]+)=(.*)$/.exec(line)!.slice(1)),
    );
    expect(vars).toEqual(Object.fromEntries(cliOutputs.map((o) => [o.envVar, `value-of-${o.id}`])));
  });
});

describe('exemption documents bucket', () => {
  test('private, encrypted, versioned, TLS only, retained; a deleted document is gone 90 days later, a staged upload after 1', () => {
    const buckets = Object.values(resources).filter((r) => r.Type === 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(1);
    const [bucket] = buckets;
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: [
          { Id: 'ExpireDeletedDocuments', NoncurrentVersionExpiration: { NoncurrentDays: 90 }, ExpiredObjectDeleteMarker: true, Status: 'Enabled' },
          // Uploads to a pre-signed URL never completed (docs/customers.md): gone after a day, the documents' prefix untouched.
          {
            Id: 'ExpireStagedUploads',
            Prefix: 'exemption-documents/staged/',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          },
        ],
      },
    });
    const policy = Object.values(resources).find((r) => r.Type === 'AWS::S3::BucketPolicy');
    expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
  });

  test('each document route may do exactly its object actions, on the documents prefix only', () => {
    const statementsOf = (fn: string) =>
      rolesNamed(resources, fn)
        .flatMap((role) => roleStatements(resources, role) as { Action: string | string[]; Resource: unknown }[])
        .filter((st) => JSON.stringify(st.Action).includes('s3:'));
    expect(statementsOf('ExemptionDocumentGet').map((st) => st.Action)).toEqual(['s3:GetObject']);
    expect(statementsOf('ExemptionDocumentPut').map((st) => st.Action)).toEqual([['s3:DeleteObject', 's3:PutObject']]);
    expect(statementsOf('CustomersDelete').map((st) => st.Action)).toEqual(['s3:DeleteObject']);
    expect(statementsOf('ExemptionDocumentUploadUrl').map((st) => st.Action)).toEqual(['s3:PutObject']);
    // Completing also tells a missing staged key (404) from a refused one: ListBucket, on the bucket itself.
    const complete = statementsOf('ExemptionDocumentComplete');
    expect(complete.map((st) => st.Action)).toEqual([['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], 's3:ListBucket']);
    expect(JSON.stringify(complete[1].Resource)).not.toContain('/exemption-documents');
    for (const fn of ['ExemptionDocumentGet', 'ExemptionDocumentPut', 'ExemptionDocumentUploadUrl', 'CustomersDelete']) {
      expect(JSON.stringify(statementsOf(fn))).not.toContain('s3:ListBucket');
    }
    expect(JSON.stringify(statementsOf('CustomersDelete')[0].Resource)).toContain('/exemption-documents/*');
    expect(statementsOf('CustomersGet')).toEqual([]);
  });
});

describe('source maps (-c sourceMaps=false)', () => {
  test('leaves --enable-source-maps out of every function (source maps are on by default)', () => {
    const plain = createLevyApp({ context: { ...cdkContext, sourceMaps: 'false', 'aws:cdk:bundling-stacks': [] } });
    const plainResources = stackTemplates(plain.stack).resources as Record<string, Json>;
    const functions = Object.values(plainResources).filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
    expect(functions).toHaveLength(routeFunctions().length + 1 + backgroundCount + deployReportCount);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
    const withMaps = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
    for (const fn of withMaps) expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
  });
});

describe('tracing (-c tracing=true)', () => {
  test('active X-Ray tracing on every function and the stage, built into every bundle', () => {
    const traced = createLevyApp({ context: { ...cdkContext, tracing: 'true', 'aws:cdk:bundling-stacks': [] } });
    const tracedResources = stackTemplates(traced.stack).resources as Record<string, Json>;
    const functions = Object.values(tracedResources).filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
    expect(functions).toHaveLength(routeFunctions().length + 1 + backgroundCount + deployReportCount);
    for (const fn of functions) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    const stages = Object.values(tracedResources).filter((r) => r.Type === 'AWS::ApiGateway::Stage');
    expect(stages.map((st) => st.Properties.TracingEnabled)).toEqual([true]);
    // Without it no function may trace: an X-Ray permission without a tracer would be a wildcard grant for nothing.
    const untraced = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::Role');
    expect(JSON.stringify(untraced)).not.toContain('xray:');
  });
});

describe('US local rates (-c usLocalRates=required)', () => {
  test('sets LEVY_US_LOCAL_RATES=required on every function that rates sales (reads Rates), on no other, and refuses another value', () => {
    const required = createLevyApp({ context: { ...cdkContext, usLocalRates: 'required', 'aws:cdk:bundling-stacks': [] } });
    const functions = Object.values(stackTemplates(required.stack).resources as Record<string, Json>).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x',
    );
    const rating = functions.filter((fn) => fn.Properties.Environment.Variables.RATES_TABLE !== undefined);
    // The rate route, unify, transactions, invoices, checkouts, the nexus simulation, imports and the coverage route.
    expect(rating.length).toBeGreaterThanOrEqual(10);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables.LEVY_US_LOCAL_RATES).toBe(rating.includes(fn) ? 'required' : undefined);
    }
    // Unset (the default): no function has it.
    const byDefault = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
    for (const fn of byDefault) expect(fn.Properties.Environment.Variables.LEVY_US_LOCAL_RATES).toBeUndefined();
    expect(() => createLevyApp({ context: { ...cdkContext, usLocalRates: 'yes', 'aws:cdk:bundling-stacks': [] } })).toThrow("'required' or 'optional'");
  });
});
