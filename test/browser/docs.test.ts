/**
 * Browser: the reference page as a user sees it. Starts the local server, opens /docs in headless Chromium (Debian's
 * `chromium` package, driven by playwright-core) and checks that Swagger UI rendered every route of
 * src/config/routes.ts (method and path as displayed, not just present in the JSON), that nothing was loaded from
 * another origin, and saves a screenshot under test-results/. Without a browser the test fails saying what to install:
 * a missing browser must not pass silently, here or in CI.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { startServer, type LocalServer } from '../../local/server/server';
import { routes } from '../../src/config/routes';

const CHROMIUM = process.env.LEVY_CHROMIUM || '/usr/bin/chromium';
const RESULTS = join(__dirname, '..', '..', 'test-results');

let server: LocalServer;
let browser: BrowserContext | undefined;
let profile: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: the docs page test needs a real browser. Install it with: sudo apt-get install chromium ` +
        '(or point LEVY_CHROMIUM at a Chromium or Chrome binary).',
    );
  }
  server = await startServer({ port: 0 });
  profile = mkdtempSync(join(tmpdir(), 'levy-chromium-'));
  // The machine's network is closed: no first-run, sync, component or QUIC traffic; a fresh profile per run
  // (playwright passes it as --user-data-dir).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('GET /docs in Chromium', () => {
  it('renders every route of src/config/routes.ts, from assets Levy serves', async () => {
    const page = await browser!.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const foreign: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url)) foreign.push(r.url());
    });
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    page.on('pageerror', (e) => failed.push(`page error: ${e.message}`));

    const response = await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    // Swagger UI renders one block per operation once it has fetched and parsed /openapi.json.
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    const rendered = await page.$$eval('.opblock-summary', (blocks) =>
      blocks.map((b) => {
        const method = b.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
        const path = b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? b.querySelector('.opblock-summary-path')?.textContent ?? '';
        return `${method.toUpperCase()} ${path.replace(/\u200b/g, '').trim()}`;
      }),
    );
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, 'docs.png'), fullPage: true });

    expect(rendered.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    await expect(page.locator('.info .title').first().textContent()).resolves.toContain('Levy API');
    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
  }, 60_000);
});
