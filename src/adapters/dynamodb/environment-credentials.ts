/**
 * Secondary adapter (bundle-time replacement): the credentials of a deployed function. lib/bundling.ts aliases
 * `@aws-sdk/credential-provider-node` (the SDK's default chain: environment, SSO, ini files, web identity, ECS,
 * instance metadata, and the STS/SSO clients they need, about 85 KB minified) to this module in the Lambda bundle
 * only. Lambda puts the function role's credentials in the environment, which is the first link of the default chain
 * and the only one a Lambda function uses; DynamoDB Local is given fixed credentials (local-client-config.ts).
 * Unbundled (`npm start`, the tests, the CLI) the SDK's own chain is used.
 */
interface EnvironmentCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** The same contract as the SDK's `defaultProvider`: a provider of the environment's credentials. */
export const defaultProvider =
  () =>
  async (): Promise<EnvironmentCredentials> => {
    const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY): Levy functions read only those.');
    }
    const sessionToken = process.env.AWS_SESSION_TOKEN;
    const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
    return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}), ...(expiry ? { expiration: new Date(expiry) } : {}) };
  };
