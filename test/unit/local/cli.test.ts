/**
 * Unit (no database): the `levy` CLI's help, version and error format. Every command and subcommand answers `--help`
 * with its usage and exit 0; `--version` prints package.json's version; every refusal, commander's own or the CLI's,
 * is one line `levy: <message>` on stderr with exit 2.
 */
import type { Command } from 'commander';
import packageJson from '../../../package.json';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, program } from '../../../local/cli';
import { checkedTaxId } from '../../../local/cli/accounts';
import { ADMIN_TABLES } from '../../../local/cli/common';
import { tables } from '../../../src/config/tables';
import { png } from '../../support/logo-images';
import { validateTaxId } from '../../../src/domain/tax-ids/validator';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(((s: string) => out.push(String(s)) > 0) as never);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(((s: string) => err.push(String(s)) > 0) as never);
  try {
    return { code: await main(args), out: out.join(''), err: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

/** Every command path: ['accounts'], ['accounts', 'create'], ... */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((c) => [[...prefix, c.name()], ...commandPaths(c, [...prefix, c.name()])]);
}

describe('levy CLI', () => {
  it('--version prints the version of package.json', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, out: `${packageJson.version}\n`, err: '' });
  });

  const paths = commandPaths(program());
  it('has the commands the docs name', () => {
    expect(paths.map((p) => p.join(' '))).toEqual(
      expect.arrayContaining([
        'accounts create',
        'accounts update',
        'keys create',
        'keys list',
        'keys revoke',
        'migrate',
        'env',
        'rates import',
        'zip-counties import',
      ]),
    );
  });

  it.each(paths.map((p) => [p.join(' '), p] as const))('levy %s --help: its usage, exit 0', async (_name, path) => {
    const { code, out, err } = await run([...path, '--help']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain(`Usage: levy ${path.join(' ')}`);
    expect(out).toContain('-h, --help');
    // Help says what a command does, never which piece of the project's history brought it.
    expect(out).not.toMatch(/\bissue \d+/i);
  });

  it('levy --help describes the events group by what it does', async () => {
    const { out } = await run(['--help']);
    expect(out).toMatch(/events\s+events: `levy events daily` writes the day's time-driven\s+events/);
  });

  it('the --tax-id of every accounts create example in the README and docs/ passes the offline check', () => {
    const texts = ['README.md', 'docs/local.md', 'docs/deployment.md'].map((file) => readFileSync(join(__dirname, '../../..', file), 'utf8'));
    const examples = texts.flatMap((text) => [...text.matchAll(/levy accounts create [^\n]*--country (\w\w) [^\n]*--tax-id (\w+)/g)].map((m) => [m[2], m[1]]));
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const [taxId, country] of examples) expect({ taxId, valid: validateTaxId({ tax_id: taxId!, country }).valid }).toEqual({ taxId, valid: true });
  });

  it('levy accounts create checks --tax-id offline: an unknown-format number of a country without a check is kept with a warning', async () => {
    await expect(checkedTaxId('DE136695976', 'DE')).resolves.toBe('DE136695976');
    const err: string[] = [];
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(((s: string) => err.push(String(s)) > 0) as never);
    try {
      await expect(checkedTaxId('12345', 'AQ')).resolves.toBe('12345');
    } finally {
      stderr.mockRestore();
    }
    expect(err.join('')).toContain("levy: warning: --tax-id '12345' was not checked");
  });

  it('levy accounts update needs --plan or --address, and --address must be JSON', async () => {
    const neither = await run(['accounts', 'update', '--account', 'acct_x']);
    expect(neither.code).toBe(2);
    expect(neither.err).toContain('--plan or --address');
    const notJson = await run(['accounts', 'update', '--account', 'acct_x', '--address', '{line1']);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain('--address must be JSON');
  });

  it('levy accounts update checks the e-invoice seller details with the API fields', async () => {
    const scheme = await run(['accounts', 'update', '--account', 'acct_x', '--electronic-address', '{"scheme":"XX","value":"a"}']);
    expect(scheme.code).toBe(2);
    expect(scheme.err).toContain("--electronic-address: 'scheme' must be an EAS code");
    const email = await run(['accounts', 'update', '--account', 'acct_x', '--contact', '{"email":"nope"}']);
    expect(email.err).toContain("--contact: 'email' must be a valid e-mail address");
    const help = await run(['accounts', 'update', '--help']);
    for (const option of ['--contact <json>', '--electronic-address <json>', '--legal-registration-id <id>']) expect(help.out).toContain(option);
  });

  it('levy accounts update --logo reads the file before anything else, and against AWS needs the Logos table too', async () => {
    const missing = await run(['accounts', 'update', '--account', 'acct_x', '--logo', '/nonexistent/logo.png']);
    expect(missing).toEqual({ code: 2, out: '', err: "levy: --logo: cannot read '/nonexistent/logo.png' (ENOENT).\n" });
    const dir = mkdtempSync(join(tmpdir(), 'levy-cli-logo-'));
    const saved = { ...process.env };
    try {
      writeFileSync(join(dir, 'logo.png'), png(20, 10));
      for (const id of ADMIN_TABLES) process.env[tables[id].envVar] = `levy-${id}`;
      delete process.env[tables.Logos.envVar];
      const aws = await run(['accounts', 'update', '--account', 'acct_x', '--logo', join(dir, 'logo.png'), '--aws']);
      expect(aws.code).toBe(2);
      expect(aws.err).toMatch(/^levy: Using the AWS tables needs their names in LOGOS_TABLE /);
    } finally {
      process.env = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('levy rates import --help names its options', async () => {
    const { out } = await run(['rates', 'import', '--help']);
    for (const option of ['<paths...>', '--effective-month <YYYY-MM>', '--no-progress', '--aws']) expect(out).toContain(option);
  });

  it.each([
    [['nonsense'], /^levy: unknown command 'nonsense'/],
    [['accounts', 'create', '--name', 'X'], /^levy: required option '--country <CC>' not specified\n$/],
    [['accounts', 'create', '--name', 'X', '--country', 'XX'], /^levy: option '--country <CC>' argument 'XX' is invalid\./],
    [['keys', 'revoke'], /^levy: Name the key by exactly one of: its id or prefix, --stdin, --key-file\.\n$/],
    // DE123456789 fails the German VAT check digit (ISO 7064 MOD 11,10, as python-stdnum's de.vat computes it): refused before any account exists.
    [
      ['accounts', 'create', '--name', 'X', '--country', 'DE', '--tax-id', 'DE123456789'],
      /^levy: --tax-id 'DE123456789' is not a valid tax ID of DE \(invalid checksum\)/,
    ],
    [['keys', 'list', '--account', 'acct_x', '--bogus'], /^levy: unknown option '--bogus'/],
  ])('levy %j: one line `levy: <message>` on stderr, exit 2', async (args, message) => {
    const { code, out, err } = await run(args);
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });
});
