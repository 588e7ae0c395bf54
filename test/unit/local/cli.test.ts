/**
 * Unit (no database): the `levy` CLI's help, version and error format. Every command and subcommand answers `--help`
 * with its usage and exit 0; `--version` prints package.json's version; every refusal, commander's own or the CLI's,
 * is one line `levy: <message>` on stderr with exit 2.
 */
import type { Command } from 'commander';
import packageJson from '../../../package.json';
import { main, program } from '../../../local/cli';

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
  });

  it('levy accounts update needs --plan or --address, and --address must be JSON', async () => {
    const neither = await run(['accounts', 'update', '--account', 'acct_x']);
    expect(neither.code).toBe(2);
    expect(neither.err).toContain('--plan or --address');
    const notJson = await run(['accounts', 'update', '--account', 'acct_x', '--address', '{line1']);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain('--address must be JSON');
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
    [['keys', 'list', '--account', 'acct_x', '--bogus'], /^levy: unknown option '--bogus'/],
  ])('levy %j: one line `levy: <message>` on stderr, exit 2', async (args, message) => {
    const { code, out, err } = await run(args);
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });
});
