/**
 * Secondary adapter setting: how any DynamoDB client talks to DynamoDB Local (the functions' client
 * and the local bootstrap). Reads nothing at import, so the local tools can import it before they
 * set the environment.
 */

/**
 * DynamoDB Local accepts any credentials, but the access key id must be alphanumeric. The environment's key id is used
 * when it is one: the local runtime gives each bundled function its own (as Lambda gives each its role's), which is how
 * its IAM check tells one function's calls from another's (local/bundles/dynamodb-iam-proxy.ts).
 */
export const localDynamoDbClientConfig = (endpoint: string) => {
  const keyId = process.env.AWS_ACCESS_KEY_ID;
  const accessKeyId = keyId && /^[A-Za-z0-9]+$/.test(keyId) ? keyId : 'levylocal';
  return {
    endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId, secretAccessKey: 'levylocal' },
  };
};
