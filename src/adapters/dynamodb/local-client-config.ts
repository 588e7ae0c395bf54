/**
 * Secondary adapter setting: how any DynamoDB client talks to DynamoDB Local (the functions' client
 * and the local bootstrap). Reads nothing at import, so the local tools can import it before they
 * set the environment.
 */

/** DynamoDB Local accepts any credentials, but the access key id must be alphanumeric. */
export const localDynamoDbClientConfig = (endpoint: string) => ({
  endpoint,
  region: process.env.AWS_REGION ?? 'us-east-1',
  credentials: { accessKeyId: 'levylocal', secretAccessKey: 'levylocal' },
});
