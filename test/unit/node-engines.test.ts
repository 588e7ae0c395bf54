/**
 * Project: the Node version the README states is the one package.json's `engines` names, and every installed package
 * accepts it. npm compares each package's `engines.node` with the running Node and warns EBADENGINE when it does not
 * satisfy it (https://docs.npmjs.com/cli/v10/configuring-npm/package-json#engines), so a lock entry that needs a newer
 * Node than the stated minimum is a warning on every `npm install` of a user on that minimum (CI runs Node 20).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readme } from '../support/readme';

const ROOT = join(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

type Version = [number, number, number];

function parse(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
  return [major, minor, patch];
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of a semver range (`>=20.19`, `^22.13.0`, `~1.2`, `20.x`, `*`), as npm reads it. */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?\s*v?([\dx*.]+)?$/.exec(comparator.trim());
  if (!match) throw new Error(`unreadable engines comparator '${comparator}'`);
  const [, operator = '=', raw = '*'] = match;
  if (raw === '*' || raw === 'x') return true;
  const given = raw.split('.').filter((part) => /^\d+$/.test(part)).length;
  const bound = parse(raw);
  const diff = compare(version, bound);
  switch (operator) {
    case '>=':
      return diff >= 0;
    case '>':
      return diff > 0;
    case '<=':
      return diff <= 0;
    case '<':
      return diff < 0;
    case '^':
      return diff >= 0 && (bound[0] > 0 ? version[0] === bound[0] : version[1] === bound[1]);
    case '~':
      return diff >= 0 && version[0] === bound[0] && (given < 2 || version[1] === bound[1]);
    default:
      // `20` or `20.x` matches the whole major; `20.19` the whole minor.
      return version.slice(0, Math.max(given, 1)).every((part, i) => part === bound[i]) && (given < 3 || diff === 0);
  }
}

function satisfies(version: string, range: string): boolean {
  const parsed = parse(version);
  return range.split('||').some((part) =>
    part
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(parsed, comparator)),
  );
}

describe('the Node version Levy needs', () => {
  const engines: string = readJson('package.json').engines.node;
  const minimum = /^>=\s*([\d.]+)$/.exec(engines)?.[1];

  it('is stated in package.json as a minimum', () => {
    expect(minimum).toBeDefined();
  });

  it('is accepted by every package in package-lock.json (no EBADENGINE on npm install)', () => {
    const packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> = readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([name, entry]) => name !== '' && !Array.isArray(entry.engines) && entry.engines?.node && !satisfies(minimum!, entry.engines.node))
      .map(([name, entry]) => `${name}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('is the one the README states', () => {
    expect(readme).toContain(`Node.js ${minimum} or newer`);
  });

  it('reads ranges as npm does', () => {
    // Expected values: node-semver's documented range semantics (https://github.com/npm/node-semver#ranges).
    expect(satisfies('20.19.0', '>=22.14.0')).toBe(false);
    expect(satisfies('20.19.0', '>=22.22.2')).toBe(false);
    expect(satisfies('20.19.0', '>=18.2.0')).toBe(true);
    expect(satisfies('20.19.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(true);
    expect(satisfies('20.18.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
    expect(satisfies('20.19.0', '>= 14.17 < 21')).toBe(true);
    expect(satisfies('20.19.0', '~20.18')).toBe(false);
    expect(satisfies('20.19.0', '20.x')).toBe(true);
    expect(satisfies('20.19.0', '*')).toBe(true);
  });
});
