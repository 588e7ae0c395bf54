/**
 * Secondary adapter setting: how any DynamoDB client talks to DynamoDB Local (the functions' client
 * and the local bootstrap). Reads nothing at import, so the local tools can import it before they
 * set the environment.
 */

/** The access key id a local function signs with: the local runtime gives each bundled function its own. */
export const LOCAL_ACCESS_KEY_ID_ENV_VAR = 'LEVY_LOCAL_ACCESS_KEY_ID';

/**
 * DynamoDB Local accepts any credentials, but the access key id must be alphanumeric. Never the environment's AWS key
 * id (a developer's real one must not go to a local endpoint): a key id of Levy's own variable when the local runtime
 * set one (one per bundled function, as Lambda gives each its role's, which is how its IAM check tells one function's
 * calls from another's: local/bundles/dynamodb-iam-proxy.ts), else the fixed local one.
 */
export const localDynamoDbClientConfig = (endpoint: string) => {
  const keyId = process.env[LOCAL_ACCESS_KEY_ID_ENV_VAR];
  const accessKeyId = keyId && /^[A-Za-z0-9]+$/.test(keyId) ? keyId : 'levylocal';
  return {
    endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId, secretAccessKey: 'levylocal' },
  };
};
