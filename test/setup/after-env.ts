/** Test setup (every test file): close the DynamoDB client's keep-alive sockets so Jest can exit. */
afterAll(async () => {
  const { dynamoDbClient } = await import('../../functions/store/dynamodb-client');
  dynamoDbClient.destroy();
});
