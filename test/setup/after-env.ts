/**
 * Test setup (every test file): close the DynamoDB client's keep-alive sockets so Jest can exit; with LEVY_ENFORCE_IAM=1,
 * fail the test during which a bundled function made a DynamoDB, S3 or SQS call its grants do not allow (the call itself failed
 * with AccessDeniedException, as deployed; a test might not look at what that did to the answer).
 */
import { describeDenial, takeAccessDenials } from '../../local/bundles/access-denials';

afterEach(() => {
  const denials = takeAccessDenials();
  if (denials.length) throw new Error(denials.map(describeDenial).join('\n'));
});

afterAll(async () => {
  const { closeDynamoDbClient } = await import('../../src/adapters/dynamodb/client');
  closeDynamoDbClient();
});
