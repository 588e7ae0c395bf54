/**
 * Secondary adapter (AWS credentials): the credentials of a deployed function, from its environment. Lambda puts the
 * function role's credentials there (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), and that is the
 * only place a Levy function reads them from: none of the SDK's default chain (ini files, SSO, web identity, ECS,
 * instance metadata) is bundled. DynamoDB Local is given fixed credentials (local-client-config.ts); the CLI against
 * the deployed tables is given the SDK's chain (client.ts, useDynamoDbCredentials).
 */
import type { AwsCredentials } from './sigv4';

export async function environmentCredentials(): Promise<AwsCredentials> {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY): Levy functions read only those.');
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}
