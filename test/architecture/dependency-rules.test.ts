/**
 * Architecture: the layer rules of .dependency-cruiser.cjs hold on the real tree, and each of them fails on a tree
 * that breaks it (test/architecture/fixtures/broken), so a rule that silently matches nothing cannot pass.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const config = join(root, '.dependency-cruiser.cjs');
const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Cruises `paths` from `cwd` with the project's rules; answers every violation. */
function cruise(cwd: string, paths: string[]): Violation[] {
  const out = execFileSync(process.execPath, [cli, '--config', config, '--output-type', 'json', ...paths], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

const ruleNames = (): string[] => {
  const rules = require(config) as { forbidden: { name: string }[] };
  return rules.forbidden.map((r) => r.name).sort();
};

describe('dependency rules', () => {
  it('hold on the whole project: no cycle, no layer breach', () => {
    const violations = cruise(root, ['bin', 'lib', 'functions', 'src', 'local', 'bench', 'test', 'clients', 'examples']);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  it('each fail on a tree that breaks them', () => {
    const violations = cruise(join(__dirname, 'fixtures', 'broken'), ['src', 'functions', 'lib']);
    const broken = [...new Set(violations.map((v) => v.rule.name))].sort();
    expect(broken).toEqual(ruleNames());
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: expect.objectContaining({ name: 'domain-uses-no-io-or-aws-package' }),
          to: expect.stringContaining('@aws-sdk/client-dynamodb'),
        }),
        expect.objectContaining({ rule: expect.objectContaining({ name: 'domain-uses-no-node-io' }), to: 'fs' }),
        expect.objectContaining({ rule: expect.objectContaining({ name: 'domain-uses-no-node-io' }), to: 'net' }),
        expect.objectContaining({
          rule: expect.objectContaining({ name: 'usecases-import-no-adapter' }),
          to: expect.stringContaining('@aws-sdk/client-dynamodb'),
        }),
        expect.objectContaining({ rule: expect.objectContaining({ name: 'usecases-do-no-io' }), to: 'fs' }),
        expect.objectContaining({ rule: expect.objectContaining({ name: 'handlers-import-no-store' }), from: 'functions/route/handler.ts' }),
      ]),
    );
  });
});
