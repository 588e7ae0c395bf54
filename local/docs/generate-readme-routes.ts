/** Docs command (`npm run docs`): rewrites the README's route table from src/config/routes.ts. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withRouteTable } from './route-table';

const path = join(__dirname, '..', '..', 'README.md');
writeFileSync(path, withRouteTable(readFileSync(path, 'utf8')));
process.stdout.write('README.md route table updated from src/config/routes.ts\n');
