/**
 * Local server: the server in a process of its own, as `npm start` runs it, so a load generator (a benchmark, the fuzz
 * test) does not share the server's event loop (and the two use both cores). The child inherits this process's
 * environment (table names, DynamoDB endpoint) plus `env`, and prints its URL.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

const ROOT = join(__dirname, '..', '..');

export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(__dirname, 'serve-child.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk;
      const match = /LEVY_URL=(\S+)/.exec(out);
      if (!match) return;
      // Then the child's output (its logs) is read and dropped: kept, every chunk would grow a string and rescan it.
      child.stdout.off('data', read);
      child.stdout.resume();
      resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before listening: ${out}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
