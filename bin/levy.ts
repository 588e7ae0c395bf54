#!/usr/bin/env node
/**
 * CDK app entry (cdk.json: `npx tsx bin/levy.ts`): one stack, `Levy`, whose CloudFormation name
 * comes from the context value `stage` (default `levy`), checked by cdk-nag AwsSolutionsChecks, after every data file
 * the functions bundle is validated. CDK's per-asset `Bundling asset ...` lines are left out (lib/bundling-progress.ts).
 */
import { withoutBundlingProgress } from '../lib/bundling-progress';
import { createLevyApp } from '../lib/levy-app';
import { checkDataFiles } from '../src/domain/tax/data-files';

// The bundles trust their data files (src/domain/tax/data-file.ts): a bad one stops the synth here, before any is built.
checkDataFiles();
// `cdk synth --quiet` prints nothing but problems: not CDK's line per bundled function.
withoutBundlingProgress();
createLevyApp();
