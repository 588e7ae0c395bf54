/**
 * Test support: a real `npm start` in a process group of its own (detached, like a terminal's foreground job, so a
 * failed test can stop npm, Node and Java together), waited for until it listens, with what it printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export { freePort } from '../../local/state/net';

export const ROOT = join(__dirname, '..', '..');

export interface StartedServer {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  url: string;
  accountId: string;
  apiKey: string;
}

/** Runs `npm start` with exactly `env` and resolves once it says where it listens (fails with its output otherwise). */
export async function npmStart(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<StartedServer> {
  const child = spawn('npm', ['start'], { cwd: ROOT, detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + timeoutMs;
  while (!/listening on (\S+)/.test(text)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    output: () => text,
    exited,
    url: /listening on (\S+)/.exec(text)![1],
    accountId: /development account (acct_\S+)/.exec(text)![1],
    apiKey: /API key: (\S+)/.exec(text)![1],
  };
}

/** Ends the whole process group when it still runs (a failed assertion must not leave the server and Java running). */
export function killServer(started: StartedServer | undefined): void {
  if (started && started.child.exitCode === null && started.child.signalCode === null) process.kill(-started.child.pid!, 'SIGKILL');
}
