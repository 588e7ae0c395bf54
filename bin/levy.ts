#!/usr/bin/env node
/**
 * CDK app entry (cdk.json: `npx tsx bin/levy.ts`): one stack, `Levy`, whose CloudFormation name
 * comes from the context value `stage` (default `levy`), checked by cdk-nag AwsSolutionsChecks, after every data file
 * the functions bundle is validated.
 */
import { createLevyApp } from '../lib/levy-app';
import { checkDataFiles } from '../src/domain/tax/data-files';

// The bundles trust their data files (src/domain/tax/data-file.ts): a bad one stops the synth here, before any is built.
checkDataFiles();
createLevyApp();
