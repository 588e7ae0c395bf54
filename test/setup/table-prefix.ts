/** Test setup: the prefix of the tables the test run creates in its DynamoDB Local. */
export const TEST_TABLE_PREFIX = 'test';
