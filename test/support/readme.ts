/** Test support: the README's text, its sections and its shell blocks, for the tests that hold the README to the code. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');

/** The README's text from a `## ` heading to the next. */
export function readmeSection(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`README.md has no section '## ${heading}'`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The ```sh blocks of a text, each without its fences. */
export const shellBlocks = (text: string): string[] => [...text.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((m) => m[1]);

export const QUICKSTART_HEADING = 'Quickstart (five minutes)';
