/** Docs command (`npm run docs:tax-rules`): rewrites docs/tax-rules.md's "Rules and their sources" from data/*.json. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withRuleSources } from './tax-rule-sources';

const path = join(__dirname, '..', '..', 'docs', 'tax-rules.md');
writeFileSync(path, withRuleSources(readFileSync(path, 'utf8')));
process.stdout.write('docs/tax-rules.md rule sources updated from data/*.json and local/docs/tax-rule-sources.ts\n');
