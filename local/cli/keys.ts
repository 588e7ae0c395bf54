/**
 * Admin command line (`npx levy keys ...`): further keys for rotation, listing without secrets, and revoking, which
 * also flushes the authorizer cache so the key stops working at once. A secret is never taken from the command line
 * (it would stay in shell history and `ps`): only from stdin or a file.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { ports } from '../../src/composition/all-ports';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../../src/config/api-settings';
import { isWellFormedApiKey } from '../../src/domain/accounts/api-key';
import { AdminError, createApiKey, listApiKeys, revokeApiKey } from '../admin/accounts';
import { awsOption, cacheFlushFor, configureTarget, print, UsageError } from './common';

/** The secret of a key, from stdin (`--stdin`) or a file (`--key-file`): never from the command line. */
function secretFrom(options: { stdin?: boolean; keyFile?: string }): string {
  const text = options.stdin ? readFileSync(0, 'utf8') : readFileSync(options.keyFile!, 'utf8');
  const secret = text.trim();
  if (!isWellFormedApiKey(secret)) throw new UsageError(`The ${options.stdin ? 'input' : 'file'} does not hold an API key (lvy_ and 43 characters).`);
  return secret;
}

async function revoke(idOrPrefix: string | undefined, options: { stdin?: boolean; keyFile?: string; aws?: boolean }): Promise<void> {
  const given = [idOrPrefix !== undefined, !!options.stdin, options.keyFile !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('Name the key by exactly one of: its id or prefix, --stdin, --key-file.');
  if (idOrPrefix && isWellFormedApiKey(idOrPrefix)) {
    throw new UsageError(
      'That is a secret key: never put one on the command line (it stays in shell history and `ps`). Use its id or prefix, --stdin or --key-file.',
    );
  }
  const target = await configureTarget(!!options.aws);
  const flush = cacheFlushFor(target);
  const revoked = await revokeApiKey(ports, idOrPrefix ? { idOrPrefix } : { secret: secretFrom(options) });
  try {
    print({ revoked, flushed: await flush() });
  } catch (error) {
    // The key is revoked either way: say so, and that cached Allows may let it in for up to 300 s.
    print({ revoked, flushed: false, error: (error as Error).message ?? String(error) });
    process.stderr.write(
      `levy: the key is revoked, but the authorizer cache was not flushed, so it may keep working for up to ${AUTHORIZER_CACHE_TTL_SECONDS} s: ${(error as Error).message}\n`,
    );
    process.exitCode = 1;
  }
}

export function addKeyCommands(levy: Command): void {
  const keys = levy.command('keys').description('API keys: several per account, for rotation');
  keys
    .command('create')
    .description('issue a further API key for an account (shown once)')
    .requiredOption('--account <id>', 'account id')
    .addOption(awsOption())
    .action(async (options: { account: string; aws?: boolean }) => {
      await configureTarget(!!options.aws);
      const created = await createApiKey(ports, options.account);
      if (!created) throw new AdminError(`No account '${options.account}'.`);
      print({ account_id: options.account, ...created });
    });
  keys
    .command('list')
    .description("an account's keys with their id, prefix, status, created_at and last_used_on; never a secret")
    .requiredOption('--account <id>', 'account id')
    .addOption(awsOption())
    .action(async (options: { account: string; aws?: boolean }) => {
      await configureTarget(!!options.aws);
      print(await listApiKeys(ports, options.account));
    });
  keys
    .command('revoke')
    .description('revoke a key by its id or prefix (or its secret from --stdin or --key-file), then flush the authorizer cache')
    .argument('[key id or prefix]', 'key id (key_...) or the key prefix `levy keys list` shows')
    .option('--stdin', 'read the secret key from standard input')
    .option('--key-file <path>', 'read the secret key from a file')
    .addOption(awsOption())
    .action(revoke);
}
