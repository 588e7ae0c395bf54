#!/usr/bin/env node
/**
 * CDK app entry (cdk.json: `npx tsx bin/levy.ts`): one stack, `Levy`, whose CloudFormation name
 * comes from the context value `stage` (default `levy`), checked by cdk-nag AwsSolutionsChecks.
 */
import { createLevyApp } from '../lib/levy-app';

createLevyApp();
