/**
 * Local runtime (bundle mode): the stack's resources as they exist on this machine. A table of the template is the
 * local table its functions' environment names (the variable `RATES_TABLE = { Ref: RatesTable… }` of the template is
 * `test_rates` or `levy_rates` here, whatever the local runtime set); its ARN is that name in the local account and
 * region. A bucket and the queues have no local counterpart (a folder and an in-process queue stand in), so a value
 * made from them does not resolve.
 */
import type { SynthesizedApp } from './assembly';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation templates and DynamoDB requests are read as untyped JSON
type Json = any;

/** The account id of every ARN made locally (DynamoDB Local's own). */
export const LOCAL_ACCOUNT_ID = '000000000000';
export const localRegion = (): string => process.env.AWS_REGION ?? 'us-east-1';

export interface LocalResources {
  /** A table's logical id -> its local name. */
  readonly tableNames: ReadonlyMap<string, string>;
  /** The value as a string here, or undefined when it names something with no local counterpart. */
  resolve(value: Json): string | undefined;
}

export const localTableArn = (name: string): string => `arn:aws:dynamodb:${localRegion()}:${LOCAL_ACCOUNT_ID}:table/${name}`;

/** Each table any function's environment names, by the local value of that variable in `env`. */
function localTableNames(app: SynthesizedApp, env: NodeJS.ProcessEnv): Map<string, string> {
  const names = new Map<string, string>();
  for (const fn of app.functions.values()) {
    for (const [variable, value] of Object.entries(fn.environment)) {
      const ref = (value as Json)?.Ref;
      if (typeof ref !== 'string' || app.resources[ref]?.Type !== 'AWS::DynamoDB::Table') continue;
      const local = env[variable];
      if (!local) throw new Error(`${variable} (the ${ref} of the template) is not set: the local runtime names every table`);
      names.set(ref, local);
    }
  }
  return names;
}

const pseudoParameters = (): Record<string, string> => ({
  'AWS::Region': localRegion(),
  'AWS::Partition': 'aws',
  'AWS::AccountId': LOCAL_ACCOUNT_ID,
  'AWS::URLSuffix': 'amazonaws.com',
});

export function localResources(app: SynthesizedApp, env: NodeJS.ProcessEnv = process.env): LocalResources {
  const tableNames = localTableNames(app, env);
  const resolve = (value: Json): string | undefined => {
    if (typeof value === 'string') return value;
    if (value === null || typeof value !== 'object') return value === undefined ? undefined : String(value);
    if (typeof value.Ref === 'string') return pseudoParameters()[value.Ref] ?? tableNames.get(value.Ref);
    const getAtt = value['Fn::GetAtt'];
    if (Array.isArray(getAtt)) {
      const table = tableNames.get(getAtt[0]);
      if (!table) return undefined;
      if (getAtt[1] === 'Arn') return localTableArn(table);
      if (getAtt[1] === 'StreamArn') return `${localTableArn(table)}/stream/local`;
      return undefined;
    }
    const join = value['Fn::Join'];
    if (Array.isArray(join)) {
      const parts = (join[1] as Json[]).map(resolve);
      return parts.every((p) => p !== undefined) ? parts.join(join[0]) : undefined;
    }
    return undefined;
  };
  return { tableNames, resolve };
}
