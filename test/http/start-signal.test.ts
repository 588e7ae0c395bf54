/**
 * HTTP (a real `npm start`): Ctrl-C and SIGTERM stop the API server and DynamoDB Local and exit 0. Ctrl-C in a terminal
 * signals the whole foreground process group (npm, tsx, node and Java), and npm and tsx relay it once more, so the
 * test signals the group, as a terminal does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  url: string;
  apiKey: string;
}

async function npmStart(dbPort: number, apiPort: number): Promise<Started> {
  // detached: a process group of its own, like a terminal's foreground job.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, LEVY_IN_MEMORY: '1', LEVY_DYNAMODB_PORT: String(dbPort), PORT: String(apiPort), POWERTOOLS_LOG_LEVEL: 'SILENT' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  while (!/listening on (\S+)/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out, exited, url: /listening on (\S+)/.exec(out)![1], apiKey: /API key: (\S+)/.exec(out)![1] };
}

describe('npm start stops cleanly', () => {
  let started: Started | undefined;

  afterEach(() => {
    // A failed assertion must not leave the server and Java running.
    if (started && started.child.exitCode === null && started.child.signalCode === null) process.kill(-started.child.pid!, 'SIGKILL');
    started = undefined;
  });

  it.each([
    ['Ctrl-C (SIGINT to the process group)', 'SIGINT', true],
    ['SIGTERM to npm', 'SIGTERM', false],
  ] as const)(
    '%s: exits 0 after closing the server and DynamoDB Local',
    async (_label, signal, group) => {
      const [dbPort, apiPort] = [await freePort(), await freePort()];
      started = await npmStart(dbPort, apiPort);
      // A request first, so a keep-alive connection is open when the signal comes.
      const answer = await fetch(`${started.url}/vendors`, { headers: { Authorization: `Bearer ${started.apiKey}` } });
      expect(answer.status).toBe(200);

      if (group) process.kill(-started.child.pid!, signal);
      else started.child.kill(signal);
      const { code, signal: killedBy } = await started.exited;

      expect({ code, killedBy, output: started.output().split('\n').slice(-4).join('\n') }).toEqual({
        code: 0,
        killedBy: null,
        output: expect.stringContaining('[levy] stopped.'),
      });
      expect(started.output()).not.toContain('again: exiting without waiting');
      expect(await listening(apiPort)).toBe(false);
      expect(await listening(dbPort)).toBe(false);
    },
    90_000,
  );
});
