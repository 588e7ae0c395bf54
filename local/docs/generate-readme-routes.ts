/**
 * Docs command (`npm run docs`): rewrites the README's route table from src/config/routes.ts and docs/api.md's error
 * table from src/config/error-codes.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withErrorTable } from './error-table';
import { withRouteTable } from './route-table';

const root = join(__dirname, '..', '..');
const rewrite = (file: string, render: (text: string) => string) => writeFileSync(join(root, file), render(readFileSync(join(root, file), 'utf8')));
rewrite('README.md', withRouteTable);
rewrite(join('docs', 'api.md'), withErrorTable);
process.stdout.write('README.md route table and docs/api.md error table updated from src/config\n');
