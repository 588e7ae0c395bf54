/**
 * Test support (test/infra/stack.test.ts): the Levy app as cdk.json configures it, bundling skipped, made and
 * synthesized once for every suite of that file that reads it as it is (an app of other context makes its own).
 * The suites share one Jest file so that aws-cdk-lib, the stack's modules and CDK's template validation engine load
 * once: each loaded again per file, which was most of an infra file's time (docs/testing.md).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createLevyApp, type LevyApp } from '../../lib/levy-app';
import { once } from '../../src/shared/once';
import { stackTemplates, type StackTemplates } from '../support/stack-templates';

/** cdk.json's context, as `cdk synth` reads it: the suites that make an app of other context start from it. */

export const cdkContext: Record<string, any> = JSON.parse(readFileSync(path.join(__dirname, '../../cdk.json'), 'utf8')).context;

/** The app with cdk.json's context (bundling skipped), and its templates read as one (test/support/stack-templates.ts). */
export const configuredApp = once((): { levy: LevyApp; templates: StackTemplates } => {
  const levy = createLevyApp({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
  return { levy, templates: stackTemplates(levy.stack) };
});
