/**
 * Local runtime (bundle mode): what `LEVY_LOCAL_BUNDLES=1` switches on: the synthesized app (synth.ts), its functions run
 * by Node 22 (node22.ts, bundled-functions.ts) and, with `LEVY_ENFORCE_IAM=1`, every DynamoDB call of a function held to
 * its role's grants (dynamodb-iam-proxy.ts). The local server serves from it instead of importing the TypeScript
 * handlers; `npm start` and the tests' servers both start it from the environment.
 */
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/dynamodb-endpoint';
import { localDocumentUrlSecret } from '../../src/adapters/blobs/local-blob-urls';
import { readSynthesizedApp } from './assembly';
import { BundledFunctions } from './bundled-functions';
import { startIamProxy, type IamProxy } from './dynamodb-iam-proxy';
import { functionGrants } from './iam-grants';
import { localResources } from './local-resources';
import { bundleNodeVersion, ensureNode22 } from './node22';
import { ensureSynthesized } from './synth';

export const LOCAL_BUNDLES_ENV_VAR = 'LEVY_LOCAL_BUNDLES';
export const ENFORCE_IAM_ENV_VAR = 'LEVY_ENFORCE_IAM';

const isOn = (name: string): boolean => process.env[name] === '1' || process.env[name] === 'true';
export const bundleModeRequested = (): boolean => isOn(LOCAL_BUNDLES_ENV_VAR);
export const iamEnforcementRequested = (): boolean => isOn(ENFORCE_IAM_ENV_VAR);

export interface LocalBundles {
  readonly functions: BundledFunctions;
  /** The version of the Node that runs the functions (`v22.23.3`). */
  readonly nodeVersion: string;
  readonly iamEnforced: boolean;
  /** The cloud assembly served. */
  readonly cdkOut: string;
  /** The start-up line that says what serves the routes. */
  readonly description: string;
  close(): Promise<void>;
}

export interface LocalBundlesOptions {
  /** A cloud assembly to serve as it is; default: synth.ts's (LEVY_BUNDLES_CDK_OUT, or synthesized when out of date). */
  readonly cdkOut?: string;
  /** Default: LEVY_ENFORCE_IAM. */
  readonly enforceIam?: boolean;
  readonly log?: (line: string) => void;
}

export async function startLocalBundles(options: LocalBundlesOptions = {}): Promise<LocalBundles> {
  const log = options.log ?? console.log;
  const node = ensureNode22(log);
  const nodeVersion = bundleNodeVersion();
  const dir = options.cdkOut ?? ensureSynthesized(log).dir;
  const app = readSynthesizedApp(dir);
  const enforceIam = options.enforceIam ?? iamEnforcementRequested();
  const endpoint = process.env[DYNAMODB_ENDPOINT_ENV_VAR];
  if (!endpoint) throw new Error(`bundle mode needs the local DynamoDB endpoint (${DYNAMODB_ENDPOINT_ENV_VAR}) set before the server starts`);
  let proxy: IamProxy | undefined;
  if (enforceIam) proxy = await startIamProxy(endpoint, functionGrants(app, localResources(app)));
  // The functions sign the pre-signed document URLs this process's server checks: one key, made before they start.
  localDocumentUrlSecret();
  const functions = new BundledFunctions(app, { node, dynamoDbEndpoint: proxy?.url ?? endpoint });
  const description = `mode: bundles (${app.functions.size} functions of ${dir}), ${enforceIam ? 'iam enforced' : 'iam not enforced'}; functions run on Node ${nodeVersion}`;
  return {
    functions,
    nodeVersion,
    iamEnforced: enforceIam,
    cdkOut: dir,
    description,
    close: async () => {
      await functions.close();
      await proxy?.close();
    },
  };
}
