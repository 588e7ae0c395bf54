/**
 * HTTP (a real `npm start`, the real shell): what `npm start` prints is the README's quickstart. Its output holds
 * `export LEVY_API_KEY=<its key>` and the README's first curl (with the server's URL); with that line run, every curl
 * of the README's quickstart, pasted into bash as written, answers 2xx, and the reference page it names answers 200.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { README_BASE_URL } from '../../local/quickstart';
import { freePort, killServer, npmStart, type StartedServer } from '../support/npm-start';
import { QUICKSTART_HEADING, readme, readmeSection, shellBlocks } from '../support/readme';

const run = promisify(execFile);

let server: StartedServer | undefined;

beforeAll(async () => {
  const [apiPort, dbPort] = [await freePort(), await freePort()];
  server = await npmStart({ ...process.env, LEVY_IN_MEMORY: '1', PORT: String(apiPort), LEVY_DYNAMODB_PORT: String(dbPort), POWERTOOLS_LOG_LEVEL: 'SILENT' });
}, 120_000);

afterAll(() => killServer(server));

/** A README command as the user pastes it into a shell where they ran the export line npm start printed. */
async function pasted(command: string, exportLine: string): Promise<{ status: string; body: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'levy-quickstart-'));
  const bodyFile = join(folder, 'body');
  const onThisServer = command.replaceAll(README_BASE_URL, server!.url);
  const { stdout } = await run('bash', ['-c', `${exportLine}\n${onThisServer} -o '${bodyFile}' -w '%{http_code}'`], { env: { PATH: process.env.PATH } });
  const body = readFileSync(bodyFile, 'utf8');
  rmSync(folder, { recursive: true, force: true });
  return { status: stdout, body };
}

describe('npm start and the README quickstart', () => {
  const readmeFirstCurl = shellBlocks(readme).find((block) => block.startsWith('curl'))!;

  it('prints `export LEVY_API_KEY=<key>` on a line of its own, and the README first curl with its URL', () => {
    const lines = server!.output().split('\n');
    expect(lines).toContain(`export LEVY_API_KEY=${server!.apiKey}`);
    expect(server!.output()).toContain(`\n${readmeFirstCurl.replaceAll(README_BASE_URL, server!.url)}\n`);
  });

  it('every curl of the quickstart, pasted after the export line, answers 2xx (the first rate 200)', async () => {
    const exportLine = server!
      .output()
      .split('\n')
      .find((line) => line.startsWith('export LEVY_API_KEY='))!;
    const curls = shellBlocks(readmeSection(QUICKSTART_HEADING)).filter((block) => block.startsWith('curl'));
    expect(curls.length).toBeGreaterThanOrEqual(3);
    expect(curls[0]).toBe(readmeFirstCurl);
    const answers = [];
    for (const curl of curls) answers.push({ curl: curl.split('\n')[0], ...(await pasted(curl, exportLine)) });
    expect(answers.map(({ curl, status }) => ({ curl, status: status.replace(/^2\d\d$/, '2xx') }))).toEqual(
      answers.map(({ curl }) => ({ curl, status: '2xx' })),
    );
    expect(answers[0].status).toBe('200');
    // The first rate is Germany's standard VAT (19 %, Umsatzsteuergesetz § 12 (1)).
    expect(JSON.parse(answers[0].body).total_rate).toBe(0.19);
  }, 60_000);

  it('the reference page the quickstart names answers 200 without a key', async () => {
    expect((await fetch(`${server!.url}/docs`)).status).toBe(200);
  });
});
