/**
 * Integration: certificate requests on DynamoDB Local: the signed link, the page behind it (no API key), the upload
 * that creates the certificate and completes the request in one transaction, and the refusals (used, expired, tampered).
 */
import { API_STAGE_NAME } from '../../src/config/api-settings';
import { MAX_INLINE_DOCUMENT_BYTES } from '../../src/config/documents';
import { ports } from '../../src/composition/all-ports';
import { urlTokenSecrets } from '../../src/composition/ports';
import { signUrlToken } from '../../src/domain/notices/url-token';
import { callRoute, newTestAccount } from '../support/api';
import { documentKey } from '../../src/usecases/exemptions';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(3000, 9), Buffer.from('\n%%EOF\n', 'latin1')]);

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----levytest7MA4YWxkTrZu0gW';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

const formFields = { jurisdictions: 'US-TX, US-CA', reason: 'RESALE', certificate_number: 'TX-RS-778', effective_from: day(-10), expires_on: '' };

describe('certificate requests', () => {
  let accountId: string;
  let otherAccountId: string;
  let customerId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount('US', 'Seller Inc')).account_id;
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
    customerId = (
      await callRoute('customers-create', { accountId, body: { name: 'Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } } })
    ).body.id;
  });

  const request = async (body: unknown = {}) =>
    callRoute('certificate-requests-create', {
      accountId,
      pathParameters: { id: customerId },
      body,
      headers: { Host: 'api.example.test', 'X-Forwarded-Proto': 'https' },
    });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const page = (id: string, token: string) => callRoute('certificate-page', { accountId: '', pathParameters: { id }, query: { token } });
  const submit = (
    id: string,
    token: string,
    fields = formFields,
    file: { name: string; type: string; bytes: Buffer } | null = { name: 'cert.pdf', type: 'application/pdf', bytes: PDF },
  ) => callRoute('certificate-page-submit', { accountId: '', pathParameters: { id }, query: { token }, ...multipart(fields, file ?? undefined) });

  it('creates a request valid 14 days by default, with a signed link to the page', async () => {
    const before = Date.now();
    const res = await request({ message: 'Please send your Texas resale certificate.', jurisdictions: [{ country: 'US', state: 'TX' }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      customer_id: customerId,
      status: 'open',
      completed_at: null,
      exemption_id: null,
      jurisdictions: [{ country: 'US', state: 'TX' }],
    });
    // A signed URL, valid for 14 days and single-use.
    expect(Date.parse(res.body.expires_at) - before).toBeGreaterThanOrEqual(14 * 86_400_000 - 1000);
    expect(Date.parse(res.body.expires_at) - before).toBeLessThanOrEqual(14 * 86_400_000 + 5000);
    expect(res.body.url).toMatch(new RegExp(`^https://api\\.example\\.test(/${API_STAGE_NAME})?/certificate_requests/${res.body.id}\\?token=`));
    const form = await page(res.body.id, tokenOf(res.body.url));
    expect(form.status).toBe(200);
    expect(form.headers['content-type']).toMatch(/^text\/html/);
    expect(form.body).toContain('<label for="certificate_number">');
    expect(form.body).toContain('value="US-TX"');
    expect(form.body).toContain('Please send your Texas resale certificate.');
  });

  it.each([
    [{ expires_in_days: 15 }, 'expires_in_days'],
    [{ expires_in_days: 0 }, 'expires_in_days'],
    [{ jurisdictions: [{ country: 'XX' }] }, 'jurisdictions'],
    [{ message: '' }, 'message'],
    [{ url: 'x' }, 'url'],
  ])('answers 400 naming the field: %j', async (body, field) => {
    const res = await request(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('lists a page at a time, oldest first: limit, starting_after, has_more', async () => {
    const other = (
      await callRoute('customers-create', { accountId, body: { name: 'Paged Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } } })
    ).body.id;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await callRoute('certificate-requests-create', { accountId, pathParameters: { id: other }, body: {} });
      made.push(created.body.id);
    }
    const list = (query: Record<string, string>) => callRoute('certificate-requests-list', { accountId, pathParameters: { id: other }, query });
    const first = (await list({ limit: '2' })).body;
    expect(first.data.map((r: { id: string }) => r.id)).toEqual(made.slice(0, 2));
    expect(first.has_more).toBe(true);
    const second = (await list({ limit: '2', starting_after: made[1]! })).body;
    expect(second).toMatchObject({ data: [expect.objectContaining({ id: made[2], customer_id: other })], has_more: false });
    expect((await list({ limit: '101' })).status).toBe(400);
  });

  it("answers 404 for another account's customer", async () => {
    expect((await callRoute('certificate-requests-create', { accountId: otherAccountId, pathParameters: { id: customerId }, body: {} })).status).toBe(404);
    expect((await callRoute('certificate-requests-list', { accountId: otherAccountId, pathParameters: { id: customerId } })).status).toBe(404);
  });

  it('the upload creates the certificate with its document and exemption.created, completes the request, and works once', async () => {
    const created = (await request()).body;
    const token = tokenOf(created.url);
    const done = await submit(created.id, token);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Certificate received');
    const listed = (await callRoute('certificate-requests-list', { accountId, pathParameters: { id: customerId }, query: { limit: '100' } })).body.data.find(
      (r: { id: string }) => r.id === created.id,
    );
    expect(listed).toMatchObject({ status: 'completed', url: null, exemption_id: expect.stringMatching(/^exm_/) });
    const certificate = (await callRoute('exemptions-get', { accountId, pathParameters: { id: customerId, eid: listed.exemption_id } })).body;
    expect(certificate).toMatchObject({
      reason: 'RESALE',
      certificate_number: 'TX-RS-778',
      jurisdictions: [
        { country: 'US', state: 'TX' },
        { country: 'US', state: 'CA' },
      ],
      status: 'active',
      document: { content_type: 'application/pdf', size: PDF.length },
    });
    expect(await ports.documents.get(documentKey(accountId, customerId, certificate.id, certificate.document.sha256))).toMatchObject({
      contentType: 'application/pdf',
    });
    const events = (await callRoute('events-list', { accountId, query: { type: 'exemption.created', limit: '100' } })).body.data;
    expect(events.filter((e: any) => e.data.object.id === certificate.id)).toHaveLength(1);
    // Single use: the page and a second submit are refused (410), and no second certificate exists.
    expect((await page(created.id, token)).status).toBe(410);
    const again = await submit(created.id, token, { ...formFields, certificate_number: 'TX-RS-779' });
    expect(again.status).toBe(410);
    expect(again.body).toContain('already been used');
    const all = (await callRoute('exemptions-list', { accountId, pathParameters: { id: customerId } })).body.data;
    expect(all.filter((c: { certificate_number: string }) => c.certificate_number === 'TX-RS-779')).toHaveLength(0);
  });

  it('two submits at once create one certificate: the completion is conditional on the request still open', async () => {
    const created = (await request()).body;
    const token = tokenOf(created.url);
    const results = await Promise.all([
      submit(created.id, token, { ...formFields, certificate_number: 'RACE-1' }),
      submit(created.id, token, { ...formFields, certificate_number: 'RACE-2' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    const all = (await callRoute('exemptions-list', { accountId, pathParameters: { id: customerId } })).body.data;
    expect(all.filter((c: { certificate_number: string }) => c.certificate_number.startsWith('RACE-'))).toHaveLength(1);
  });

  it('a bad form answers the form again naming the field, and leaves the link open', async () => {
    const created = (await request()).body;
    const token = tokenOf(created.url);
    const bad = await submit(created.id, token, { ...formFields, effective_from: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('effective_from');
    expect(bad.body).toContain('value="TX-RS-778"');
    const noFile = await submit(created.id, token, formFields, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body).toContain('document');
    const notPdf = await submit(created.id, token, formFields, { name: 'cert.txt', type: 'application/pdf', bytes: Buffer.from('hello') });
    expect(notPdf.status).toBe(415);
    // A file over 4 MiB: the form would not fit base64 in the 6 MB request a Lambda function accepts.
    const pdfOf = (size: number) => Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(size - 9, 0x41)]);
    const tooLarge = await submit(created.id, token, formFields, { name: 'cert.pdf', type: 'application/pdf', bytes: pdfOf(MAX_INLINE_DOCUMENT_BYTES + 1) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain('4194304 bytes (4 MiB)');
    expect(tooLarge.body).toContain('value="TX-RS-778"');
    expect((await page(created.id, token)).status).toBe(200);
    // Exactly 4 MiB is taken (on another link: this one stays open).
    const another = (await request()).body;
    const largest = await submit(another.id, tokenOf(another.url), formFields, {
      name: 'cert.pdf',
      type: 'application/pdf',
      bytes: pdfOf(MAX_INLINE_DOCUMENT_BYTES),
    });
    expect(largest.status).toBe(200);
  });

  it('refuses a tampered token, another request id, and an expired link', async () => {
    const created = (await request({ expires_in_days: 1 })).body;
    const token = tokenOf(created.url);
    const [account, expires, mac] = token.split('.');
    // A later expiry with the same signature, a changed signature, another request's id, another account.
    expect((await page(created.id, `${account}.${Number(expires) + 86_400}.${mac}`)).status).toBe(404);
    expect((await page(created.id, `${account}.${expires}.${mac.slice(0, -2)}AA`)).status).toBe(404);
    const other = (await request()).body;
    expect((await page(other.id, token)).status).toBe(404);
    expect((await page(created.id, `${Buffer.from(otherAccountId).toString('base64url')}.${expires}.${mac}`)).status).toBe(404);
    expect((await page(created.id, '')).status).toBe(404);
    expect((await page('crq_nope', token)).status).toBe(404);
    // Expired: a link signed (with the deployment's own secret) with an expiry that has passed.
    const secret = await urlTokenSecrets.secret(false);
    const expiredToken = signUrlToken(secret!, 'certificate_request', accountId, created.id, new Date(Date.now() - 1000));
    const expired = await page(created.id, expiredToken);
    expect(expired.status).toBe(410);
    expect(expired.body).toContain('expired');
    expect((await submit(created.id, expiredToken)).status).toBe(410);
  });
});
