/**
 * Test support: a copy of a cloud assembly with one action taken from one route's grants, as a mistake in
 * src/config/routes.ts or lib/levy-function.ts would leave it: the templates are copied (the one holding the
 * function's role edited), the asset folders linked, not copied. The local runtime serves the copy like any assembly
 * (`LEVY_BUNDLES_CDK_OUT=<copy>`), so a suite run on it shows what the missing grant breaks.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSynthesizedApp } from '../../local/bundles/assembly';

type Json = any;

/**
 * Copies `cdkOut` with each template passed through `edit` (which answers how many changes it made to it); throws when
 * no template was changed.
 */
export function plantTemplateEdit(cdkOut: string, edit: (template: Json) => number, what: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'levy-planted-'));
  let changes = 0;
  for (const file of readdirSync(cdkOut)) {
    const from = join(cdkOut, file);
    if (file.startsWith('asset.')) symlinkSync(from, join(dir, file));
    else if (!file.endsWith('.template.json')) cpSync(from, join(dir, file), { recursive: true });
    else {
      const template = JSON.parse(readFileSync(from, 'utf8')) as Json;
      changes += edit(template);
      writeFileSync(join(dir, file), JSON.stringify(template));
    }
  }
  if (changes === 0) throw new Error(`${what}: nothing to change in ${cdkOut}`);
  return dir;
}

/** Takes `action` from every statement of the role `roleId` in `template`; answers how many statements had it. */
export function removeRoleAction(template: Json, roleId: string, action: string): number {
  let removed = 0;
  for (const policy of template.Resources?.[roleId]?.Properties?.Policies ?? []) {
    for (const statement of [policy.PolicyDocument.Statement].flat() as Json[]) {
      const actions = [statement.Action].flat() as string[];
      if (!actions.includes(action)) continue;
      statement.Action = actions.filter((a) => a !== action);
      removed++;
    }
  }
  return removed;
}

/** Copies `cdkOut` without `action` (`dynamodb:PutItem`) in any statement of the role of `route`'s function. */
export function plantGrantRemoval(cdkOut: string, route: string, action: string): { dir: string; functionId: string; roleId: string } {
  const app = readSynthesizedApp(cdkOut);
  const functionId = app.routeFunctions.get(route);
  if (!functionId) throw new Error(`no function serves ${route} in ${cdkOut}`);
  const roleId = app.functions.get(functionId)!.roleId;
  const dir = plantTemplateEdit(cdkOut, (template) => removeRoleAction(template, roleId, action), `the role ${roleId} of ${route} has no ${action} to remove`);
  return { dir, functionId, roleId };
}
