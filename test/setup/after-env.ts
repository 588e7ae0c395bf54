/** Test setup (every test file): close the DynamoDB client's keep-alive sockets so Jest can exit. */
afterAll(async () => {
  const { closeDynamoDbClient } = await import('../../src/adapters/dynamodb/client');
  closeDynamoDbClient();
});
