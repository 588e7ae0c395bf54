/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): the DynamoDB tables, one per entry of src/config/tables.ts, in the
 * root stack. On demand, point-in-time recovery, AWS managed encryption and retained on delete, with the TTL attribute,
 * stream and indexes the entry defines; each table's name is a stack output the CLI reads.
 */
import { CfnOutput, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { cliOutput, outputDescription, tableOutputId } from '../../src/config/stack-outputs';
import { tableList, type KeyDefinition, type TableDefinition, type TableId } from '../../src/config/tables';

export type LevyTables = Readonly<Record<TableId, dynamodb.Table>>;

const attributeType = (key: KeyDefinition): dynamodb.AttributeType => (key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING);

function createTable(stack: Stack, def: TableDefinition): dynamodb.Table {
  const table = new dynamodb.Table(stack, `${def.id}Table`, {
    partitionKey: { name: def.partitionKey.name, type: attributeType(def.partitionKey) },
    sortKey: def.sortKey ? { name: def.sortKey.name, type: attributeType(def.sortKey) } : undefined,
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    encryption: dynamodb.TableEncryption.AWS_MANAGED,
    timeToLiveAttribute: def.ttlAttribute,
    removalPolicy: RemovalPolicy.RETAIN,
    // The events outbox's stream feeds webhook delivery (lib/webhooks.ts).
    stream: def.stream === 'NEW_IMAGE' ? dynamodb.StreamViewType.NEW_IMAGE : undefined,
  });
  // LSIs exist only from the table's creation on: adding one to a deployed table replaces the table.
  for (const index of def.localIndexes ?? []) {
    table.addLocalSecondaryIndex({
      indexName: index.name,
      sortKey: { name: index.sortKey.name, type: attributeType(index.sortKey) },
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }
  for (const index of def.globalIndexes ?? []) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: { name: index.partitionKey.name, type: attributeType(index.partitionKey) },
      sortKey: index.sortKey ? { name: index.sortKey.name, type: attributeType(index.sortKey) } : undefined,
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }
  return table;
}

/** Every table of src/config/tables.ts, by id, each with its name as an output. */
export function createTables(stack: Stack): LevyTables {
  const tables = {} as Record<TableId, dynamodb.Table>;
  for (const def of tableList) {
    const table = createTable(stack, def);
    tables[def.id] = table;
    // Described by the environment variable the functions and the CLI read the name from.
    new CfnOutput(stack, tableOutputId(def.id), { value: table.tableName, description: outputDescription(cliOutput(tableOutputId(def.id))) });
  }
  return tables;
}
