/**
 * Local server: the server in a process of its own, as `npm start` runs it, so a load generator (a benchmark, the fuzz
 * test) does not share the server's event loop (and the two use both cores). The child inherits this process's
 * environment (table names, DynamoDB endpoint) plus `env`, and prints its URL.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { recordAccessDenial } from '../bundles/access-denials';

/** The child's line for a call its IAM proxy refused, recorded here as this process's own (the tests fail on it). */
export const ACCESS_DENIAL_LINE = 'LEVY_ACCESS_DENIED=';

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
      // Then the child's output is read line by line for refused calls; the rest (its logs) is dropped.
      child.stdout.off('data', read);
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith(ACCESS_DENIAL_LINE)) recordAccessDenial(JSON.parse(line.slice(ACCESS_DENIAL_LINE.length)));
      });
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
