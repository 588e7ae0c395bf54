/**
 * Browser: a customer following a certificate request's link (docs/notices.md). Starts the local server, asks for a
 * link through the API (bearer key), opens it in headless Chromium (Debian's `chromium`, driven by playwright-core),
 * fills the form by its labels, attaches a PDF and submits; then the API shows the new certificate with its document.
 * The same link again, an expired one and a tampered one are refused. Screenshots under test-results/. Without a
 * browser the test fails saying what to install.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { startServer, type LocalServer } from '../../local/server/server';
import { urlTokenSecrets } from '../../src/composition/ports';
import { signUrlToken } from '../../src/domain/notices/url-token';
import { newTestAccount } from '../support/api';

const CHROMIUM = process.env.LEVY_CHROMIUM || '/usr/bin/chromium';
const RESULTS = join(__dirname, '..', '..', 'test-results');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n', 'latin1'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n', 'latin1')]);

let server: LocalServer;
let browser: BrowserContext | undefined;
let profile: string;
let account: { account_id: string; api_key: string };

const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${account.api_key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
  };
};

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: the certificate page test needs a real browser. Install it with: sudo apt-get install chromium (or set LEVY_CHROMIUM).`,
    );
  }
  server = await startServer({ port: 0 });
  account = await newTestAccount('US', 'Page Seller Inc');
  profile = mkdtempSync(join(tmpdir(), 'levy-chromium-'));
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

describe('a certificate request link in Chromium', () => {
  it('fills and submits the form with a PDF; the API shows the certificate; the link then refuses', async () => {
    const customer = (await api('POST', '/v1/customers', { name: 'Browser Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } }))
      .body;
    const request = await api('POST', `/v1/customers/${customer.id}/certificate_requests`, {
      jurisdictions: [{ country: 'US', state: 'TX' }],
      message: 'Please upload your Texas resale certificate.',
    });
    expect(request.status).toBe(201);
    const url: string = request.body.url;
    expect(url.startsWith(`${server.url}/certificate_requests/`)).toBe(true);

    const page = await browser!.newPage();
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url)) foreign.push(r.url());
    });
    const opened = await page.goto(url, { waitUntil: 'load' });
    expect(opened?.status()).toBe(200);
    // Every field is found by its label: what a screen reader announces.
    await expect(page.getByLabel('Jurisdictions').inputValue()).resolves.toBe('US-TX');
    await page.getByLabel('Jurisdictions').fill('US-TX, US-OK');
    await page.getByLabel('Reason for exemption').selectOption('RESALE');
    await page.getByLabel('Certificate number').fill('TX-BROWSER-1');
    await page.getByLabel('Valid from').fill('2026-01-01');
    await page.getByLabel('Expires on').fill('2030-01-01');
    const file = join(mkdtempSync(join(tmpdir(), 'levy-cert-')), 'certificate.pdf');
    writeFileSync(file, PDF);
    await page.getByLabel('Certificate file').setInputFiles(file);
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, 'certificate-page.png'), fullPage: true });
    const [submitted] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.getByRole('button', { name: 'Send certificate' }).click()]);
    expect(submitted?.status()).toBe(200);
    await expect(page.getByRole('status').textContent()).resolves.toContain('TX-BROWSER-1');
    await page.screenshot({ path: join(RESULTS, 'certificate-page-received.png'), fullPage: true });
    expect(foreign).toEqual([]);

    // The API shows the certificate, with the document as uploaded.
    const certificates = (await api('GET', `/v1/customers/${customer.id}/exemptions`)).body.data;
    const certificate = certificates.find((c: { certificate_number: string }) => c.certificate_number === 'TX-BROWSER-1');
    expect(certificate).toMatchObject({
      reason: 'RESALE',
      jurisdictions: [
        { country: 'US', state: 'TX' },
        { country: 'US', state: 'OK' },
      ],
      effective_from: '2026-01-01',
      expires_on: '2030-01-01',
      document: { content_type: 'application/pdf', size: PDF.length },
    });
    const document = await api('GET', `/v1/customers/${customer.id}/exemptions/${certificate.id}/document`);
    expect(Buffer.compare(document.body as Buffer, PDF)).toBe(0);
    const listed = (await api('GET', `/v1/customers/${customer.id}/certificate_requests`)).body.data;
    expect(listed).toEqual([expect.objectContaining({ id: request.body.id, status: 'completed', exemption_id: certificate.id, url: null })]);

    // The same link again: refused with a plain page.
    const again = await page.goto(url, { waitUntil: 'load' });
    expect(again?.status()).toBe(410);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('already been used');
    await page.close();
  }, 60_000);

  it('refuses an expired link and a tampered one', async () => {
    const customer = (await api('POST', '/v1/customers', { name: 'Late Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } })).body;
    const request = (await api('POST', `/v1/customers/${customer.id}/certificate_requests`, { expires_in_days: 1 })).body;
    const page = await browser!.newPage();
    const token = new URL(request.url).searchParams.get('token')!;
    const [accountPart, expires, mac] = token.split('.');
    const tampered = await page.goto(`${server.url}/certificate_requests/${request.id}?token=${accountPart}.${Number(expires) + 86_400 * 30}.${mac}`, {
      waitUntil: 'load',
    });
    expect(tampered?.status()).toBe(404);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not valid');
    const secret = await urlTokenSecrets.secret(false);
    const expiredToken = signUrlToken(secret!, 'certificate_request', account.account_id, request.id, new Date(Date.now() - 60_000));
    const expired = await page.goto(`${server.url}/certificate_requests/${request.id}?token=${encodeURIComponent(expiredToken)}`, { waitUntil: 'load' });
    expect(expired?.status()).toBe(410);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('expired');
    await page.screenshot({ path: join(RESULTS, 'certificate-page-expired.png'), fullPage: true });
    await page.close();
  }, 60_000);
});
