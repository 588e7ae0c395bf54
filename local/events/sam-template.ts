/**
 * Local runtime (`npm run events`): the identifiers `sam local invoke` takes for each function of the synthesized
 * templates, printed after the events so the SAM command line can be copied.
 */
import { join } from 'node:path';
import { readJson } from './handler-call';

type TemplateResources = { Resources: Record<string, { Type: string; Metadata?: Record<string, string> }> };

/**
 * The SAM identifier of each function of the synthesized templates (`npx cdk synth` into `<root>/cdk.out`), by its
 * construct path: its logical id in the root template (the authorizer), `<nested stack logical id>/<logical id>` in a
 * nested one (the route functions, by area, and the background functions: lib/levy-stack.ts). SAM finds a nested
 * template through the `aws:asset:path` CDK puts on its stack resource.
 */
export function templateFunctions(root: string): [string, string][] {
  const read = (file: string) => readJson<TemplateResources>(join(root, 'cdk.out', file));
  const functionsOf = (template: TemplateResources | undefined, prefix: string): [string, string][] =>
    Object.entries(template?.Resources ?? {}).flatMap(([logicalId, r]): [string, string][] => {
      if (r.Type === 'AWS::Lambda::Function') return [[r.Metadata?.['aws:cdk:path'] ?? '', `${prefix}${logicalId}`]];
      const nested = r.Type === 'AWS::CloudFormation::Stack' ? r.Metadata?.['aws:asset:path'] : undefined;
      return nested ? functionsOf(read(nested), `${prefix}${logicalId}/`) : [];
    });
  return functionsOf(read('Levy.template.json'), '');
}
