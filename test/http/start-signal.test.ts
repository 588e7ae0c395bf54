/**
 * HTTP (a real `npm start`): Ctrl-C and SIGTERM stop the API server and DynamoDB Local and exit 0. Ctrl-C in a terminal
 * signals the whole foreground process group (npm, tsx, node and Java), and npm and tsx relay it once more, so the
 * test signals the group, as a terminal does.
 */
import { loopbackEndpoint, reachable } from '../../local/state/net';
import { freePort, killServer, npmStart, type StartedServer } from '../support/npm-start';

const startInMemory = (dbPort: number, apiPort: number) =>
  npmStart({ ...process.env, LEVY_IN_MEMORY: '1', LEVY_DYNAMODB_PORT: String(dbPort), PORT: String(apiPort), POWERTOOLS_LOG_LEVEL: 'SILENT' }, 60_000);

describe('npm start stops cleanly', () => {
  let started: StartedServer | undefined;

  afterEach(() => {
    killServer(started);
    started = undefined;
  });

  it.each([
    ['Ctrl-C (SIGINT to the process group)', 'SIGINT', true],
    ['SIGTERM to npm', 'SIGTERM', false],
  ] as const)(
    '%s: exits 0 after closing the server and DynamoDB Local',
    async (_label, signal, group) => {
      const [dbPort, apiPort] = [await freePort(), await freePort()];
      started = await startInMemory(dbPort, apiPort);
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
      expect(await reachable(loopbackEndpoint(apiPort))).toBe(false);
      expect(await reachable(loopbackEndpoint(dbPort))).toBe(false);
    },
    90_000,
  );
});
