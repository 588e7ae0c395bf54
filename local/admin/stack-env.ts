/**
 * Admin use case (`levy env`): the export lines that point the CLI at a deployment, from the file
 * `cdk deploy --outputs-file cdk-outputs.json` writes (stack name -> output id -> value). Which outputs and which
 * variables: src/config/stack-outputs.ts, the list the stack itself names its outputs from.
 */
import { cliOutputs } from '../../src/config/stack-outputs';
import { AdminError } from './accounts';

/** Values go in single quotes, so no value is ever run by the shell that evals the lines. */
const shellQuoted = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export function exportLines(outputsFile: Record<string, Record<string, string>>, stackName?: string): string[] {
  const stacks = Object.keys(outputsFile);
  const name = stackName ?? (stacks.length === 1 ? stacks[0] : undefined);
  if (!name) throw new AdminError(`The outputs file holds ${stacks.length} stacks (${stacks.join(', ') || 'none'}); name one with --stack.`);
  const outputs = outputsFile[name];
  if (!outputs) throw new AdminError(`The outputs file has no stack '${name}' (it has ${stacks.join(', ')}).`);
  const missing = cliOutputs.filter((o) => outputs[o.id] === undefined);
  if (missing.length) throw new AdminError(`Stack '${name}' has no output ${missing.map((o) => o.id).join(', ')}: deploy this version of Levy first.`);
  return cliOutputs.map((o) => `export ${o.envVar}=${shellQuoted(outputs[o.id])}`);
}
