/**
 * Integration: a certificate document through pre-signed URLs (docs/customers.md, "Uploads through a pre-signed
 * URL"), end to end against the real local server (its API routes, the real handlers, DynamoDB Local, and its signed
 * document URLs, which S3 serves when deployed): a full 5 MiB PDF up and down, checks at `complete` as strict as the
 * direct PUT's, and URLs refused when late, changed, or used for another size or type. In bundle mode the routes'
 * bundles sign S3 URLs, served by the local S3 (local/bundles/s3-endpoint.ts) from the same documents folder.
 */
import { startServer, type LocalServer } from '../../local/server/server';
import { ports } from '../../src/composition/all-ports';
import { DOCUMENTS_URL_ENV_VAR } from '../../src/config/documents';
import { routeByName, type RouteName } from '../../src/config/routes';
import { MAX_DOCUMENT_BYTES } from '../../src/domain/documents/document-type';
import { createDocumentUpload, stagedUploadKey } from '../../src/usecases/exemption-document-uploads';
import { documentKey } from '../../src/usecases/exemptions';
import { callRoute, newTestAccount } from '../support/api';
import { assertDocumentedResponse } from '../support/contract';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';
import { bundleModeRequested } from '../../local/bundles/local-bundles';

const folderUrls = sourceModeOnly(SOURCE_MODE_ONLY.folderDocumentUrls);
/** Where a pre-signed URL points: the local server's document URLs, or in bundle mode the bucket at the local S3. */
const documentUrls = (): RegExp =>
  bundleModeRequested() ? /^http:\/\/127\.0\.0\.1:\d+\/levy-local-documentsbucket[^/]*\/exemption-documents\// : new RegExp(`^${server.url}/__levy/documents/`);

const PDF_5_MIB = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(MAX_DOCUMENT_BYTES - 16, 0x41), Buffer.from('\n%%EOF\n', 'latin1')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const resale = { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: 'TX-9', effective_from: day(-10) };

let server: LocalServer;
let accountId: string;
let apiKey: string;
let customerId: string;
const savedUrl = process.env[DOCUMENTS_URL_ENV_VAR];

beforeAll(async () => {
  server = await startServer({ port: 0 });
  process.env[DOCUMENTS_URL_ENV_VAR] = server.url;
  const account = await newTestAccount('US', 'Uploads Inc');
  accountId = account.account_id;
  apiKey = account.api_key;
  customerId = (
    await callRoute('customers-create', { accountId, body: { name: 'Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } } })
  ).body.id;
});

afterAll(async () => {
  await server?.close();
  if (savedUrl === undefined) delete process.env[DOCUMENTS_URL_ENV_VAR];
  else process.env[DOCUMENTS_URL_ENV_VAR] = savedUrl;
});

/** A call to a route over HTTP through the local server, its answer checked against docs/openapi.json. */
async function api(
  name: RouteName,
  eid: string,
  options: { body?: unknown; query?: string } = {},
): Promise<{ status: number; body: any; headers: Headers; bytes: Buffer }> {
  const route = routeByName(name);
  const path = route.path.replace('{id}', customerId).replace('{eid}', eid);
  const response = await fetch(`${server.url}${path}${options.query ?? ''}`, {
    method: route.method,
    headers: { Authorization: `Bearer ${apiKey}`, ...(options.body ? { 'Content-Type': 'application/json' } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
    redirect: 'manual',
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type');
  const body =
    /json/.test(contentType ?? '') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.length > 0 ? bytes.toString('latin1') : undefined;
  assertDocumentedResponse({ method: route.method, path: route.path, status: response.status, contentType, body });
  return { status: response.status, body, headers: response.headers, bytes };
}

const newCertificate = async (): Promise<string> =>
  (await callRoute('exemptions-create', { accountId, pathParameters: { id: customerId }, body: resale })).body.id;
const putTo = (upload: { url: string; headers: Record<string, string> }, bytes: Buffer, headers: Record<string, string> = upload.headers) =>
  fetch(upload.url, { method: 'PUT', headers, body: new Uint8Array(bytes) });

describe('pre-signed document upload and download', () => {
  it('stores a full 5 MiB PDF through the upload URL and gives it back through a 303 to a download URL', async () => {
    const eid = await newCertificate();
    const upload = await api('exemption-document-upload-url', eid, { body: { content_type: 'application/pdf', content_length: PDF_5_MIB.length } });
    expect(upload.status).toBe(201);
    expect(upload.body).toEqual({
      upload_id: expect.stringMatching(/^upl_[0-9a-z]{25}$/),
      url: expect.stringMatching(documentUrls()),
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'content-length': String(MAX_DOCUMENT_BYTES) },
      expires_at: expect.any(String),
    });
    // 15 minutes from now (a few seconds of slack for the run).
    expect(Math.abs(Date.parse(upload.body.expires_at) - Date.now() - 15 * 60_000)).toBeLessThan(5_000);
    // Nothing is attached before complete.
    expect((await callRoute('exemptions-get', { accountId, pathParameters: { id: customerId, eid } })).body.document).toBeNull();

    const sent = await putTo(upload.body, PDF_5_MIB);
    expect(sent.status).toBe(200);
    const staged = stagedUploadKey(accountId, customerId, eid, upload.body.upload_id);
    expect(await ports.documents.head(staged)).toEqual({ size: MAX_DOCUMENT_BYTES, contentType: 'application/pdf' });

    const completed = await api('exemption-document-complete', eid, { body: { upload_id: upload.body.upload_id } });
    expect(completed.status).toBe(200);
    expect(completed.body.document).toEqual({
      content_type: 'application/pdf',
      size: MAX_DOCUMENT_BYTES,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      uploaded_at: expect.any(String),
    });
    expect(await ports.documents.head(staged)).toBeUndefined();
    expect((await ports.documents.get(documentKey(accountId, customerId, eid, completed.body.document.sha256)))?.bytes.equals(PDF_5_MIB)).toBe(true);
    // Completing again finds nothing staged: a 400 naming upload_id, the certificate unchanged.
    const again = await api('exemption-document-complete', eid, { body: { upload_id: upload.body.upload_id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/upload_id/);

    // Over 4 MiB the GET answers 303 to a download URL, which serves the bytes (no API key needed there).
    const got = await api('exemption-document-get', eid);
    expect(got.status).toBe(303);
    const location = got.headers.get('location')!;
    expect(location).toMatch(documentUrls());
    const downloaded = await fetch(location);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(PDF_5_MIB)).toBe(true);
    // A client that follows redirects gets the bytes in one call.
    const followed = await fetch(`${server.url}/v1/customers/${customerId}/exemptions/${eid}/document`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(Buffer.from(await followed.arrayBuffer()).equals(PDF_5_MIB)).toBe(true);
    // The download URL is for GET only.
    expect((await fetch(location, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(PNG) })).status).toBe(403);
  });

  it('answers a small document inline, or 303 when redirect=true is asked', async () => {
    const eid = await newCertificate();
    expect((await callRoute('exemption-document-put', { accountId, pathParameters: { id: customerId, eid }, body: PNG })).status).toBe(200);
    const inline = await api('exemption-document-get', eid);
    expect(inline.status).toBe(200);
    expect(inline.bytes.equals(PNG)).toBe(true);
    const redirected = await api('exemption-document-get', eid, { query: '?redirect=true' });
    expect(redirected.status).toBe(303);
    expect(Buffer.from(await (await fetch(redirected.headers.get('location')!)).arrayBuffer()).equals(PNG)).toBe(true);
    expect((await api('exemption-document-get', eid, { query: '?redirect=false' })).status).toBe(200);
    expect((await api('exemption-document-get', eid, { query: '?redirect=yes' })).status).toBe(400);
  });

  it('replaces an earlier document as the direct PUT does: the old bytes are removed', async () => {
    const eid = await newCertificate();
    const first = await callRoute('exemption-document-put', { accountId, pathParameters: { id: customerId, eid }, body: PNG });
    const upload = await api('exemption-document-upload-url', eid, { body: { content_type: 'application/pdf', content_length: PDF_5_MIB.length } });
    expect((await putTo(upload.body, PDF_5_MIB)).status).toBe(200);
    const completed = await api('exemption-document-complete', eid, { body: { upload_id: upload.body.upload_id } });
    expect(completed.body.document.size).toBe(MAX_DOCUMENT_BYTES);
    expect(await ports.documents.get(documentKey(accountId, customerId, eid, first.body.document.sha256))).toBeUndefined();
  });

  it('refuses at complete bytes that are not PDF, PNG or JPEG (415): the staged upload is removed, the certificate unchanged', async () => {
    const eid = await newCertificate();
    const before = await callRoute('exemption-document-put', { accountId, pathParameters: { id: customerId, eid }, body: PNG });
    const html = Buffer.from('<html>%PDF-1.7 pretending</html>');
    // The URL was asked for as a PDF; the bytes sent under that type are not one.
    const upload = await api('exemption-document-upload-url', eid, { body: { content_type: 'application/pdf', content_length: html.length } });
    expect((await putTo(upload.body, html)).status).toBe(200);
    const refused = await api('exemption-document-complete', eid, { body: { upload_id: upload.body.upload_id } });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ error: 'unsupported_media_type', status: 415 });
    expect(await ports.documents.head(stagedUploadKey(accountId, customerId, eid, upload.body.upload_id))).toBeUndefined();
    const after = await callRoute('exemptions-get', { accountId, pathParameters: { id: customerId, eid } });
    expect(after.body.document).toEqual(before.body.document);
    expect(after.body.updated_at).toBe(before.body.updated_at);
  });

  it('refuses at complete staged bytes over 5 MiB (413) however they got there, and removes them', async () => {
    const eid = await newCertificate();
    const uploadId = 'upl_000000000bbbbbbbbbbbbbbbb';
    const staged = stagedUploadKey(accountId, customerId, eid, uploadId);
    // Not through a URL (it would refuse the size): written straight to the store, as a bucket misconfiguration might.
    await ports.documents.put(staged, Buffer.concat([PDF_5_MIB, Buffer.from('x')]), 'application/pdf');
    const refused = await api('exemption-document-complete', eid, { body: { upload_id: uploadId } });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ error: 'document_too_large', status: 413 });
    expect(await ports.documents.head(staged)).toBeUndefined();
    expect((await callRoute('exemptions-get', { accountId, pathParameters: { id: customerId, eid } })).body.document).toBeNull();
  });

  it('refuses an upload URL over 5 MiB (413), of a type that is not a document (415), for a revoked (409) or unknown certificate (404)', async () => {
    const eid = await newCertificate();
    const tooLarge = await api('exemption-document-upload-url', eid, { body: { content_type: 'application/pdf', content_length: MAX_DOCUMENT_BYTES + 1 } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: 'document_too_large', status: 413 });
    const text = await api('exemption-document-upload-url', eid, { body: { content_type: 'text/plain', content_length: 10 } });
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/content_type/);
    expect((await api('exemption-document-upload-url', eid, { body: { content_type: 'image/png', content_length: 0 } })).status).toBe(400);
    expect((await api('exemption-document-upload-url', eid, { body: { content_type: 'image/png', content_length: 1.5 } })).status).toBe(400);
    expect((await api('exemption-document-upload-url', eid, { body: { content_type: 'image/png' } })).status).toBe(400);
    expect((await api('exemption-document-complete', eid, { body: { upload_id: '../../x' } })).status).toBe(400);
    expect((await api('exemption-document-complete', eid, { body: { upload_id: 'upl_000000000aaaaaaaaaaaaaaaa' } })).status).toBe(400);
    expect(
      (await api('exemption-document-upload-url', 'exm_000000000aaaaaaaaaaaaaaaa', { body: { content_type: 'image/png', content_length: 10 } })).status,
    ).toBe(404);
    // Another account's certificate is 404, and its upload cannot be completed from here.
    const other = await newTestAccount('US', 'Other Inc');
    expect(
      (
        await callRoute('exemption-document-upload-url', {
          accountId: other.account_id,
          pathParameters: { id: customerId, eid },
          body: { content_type: 'image/png', content_length: 10 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute('exemption-document-complete', {
          accountId: other.account_id,
          pathParameters: { id: customerId, eid },
          body: { upload_id: 'upl_000000000aaaaaaaaaaaaaaaa' },
        })
      ).status,
    ).toBe(404);
    // An upload asked for one certificate cannot be completed on another.
    const upload = await api('exemption-document-upload-url', eid, { body: { content_type: 'image/png', content_length: PNG.length } });
    expect((await putTo(upload.body, PNG)).status).toBe(200);
    const elsewhere = await newCertificate();
    expect((await api('exemption-document-complete', elsewhere, { body: { upload_id: upload.body.upload_id } })).status).toBe(400);
    // Revoked: neither a URL nor a complete.
    expect((await callRoute('exemptions-revoke', { accountId, pathParameters: { id: customerId, eid } })).status).toBe(200);
    expect((await api('exemption-document-upload-url', eid, { body: { content_type: 'image/png', content_length: 10 } })).status).toBe(409);
    expect((await api('exemption-document-complete', eid, { body: { upload_id: upload.body.upload_id } })).status).toBe(409);
  });

  folderUrls.it('refuses an upload URL used late, changed, or for another size, type or method (403); nothing is stored', async () => {
    const eid = await newCertificate();
    const deps = { exemptions: ports.exemptions, documents: ports.documents };
    const stagedOf = (uploadId: string) => stagedUploadKey(accountId, customerId, eid, uploadId);

    // Asked 16 minutes ago: its 15 minutes are over.
    const late = await createDocumentUpload(
      deps,
      accountId,
      customerId,
      eid,
      { content_type: 'image/png', content_length: PNG.length },
      new Date(Date.now() - 16 * 60_000),
    );
    const expired = await putTo(late, PNG);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ error: 'request_expired', status: 403 });
    expect(await ports.documents.head(stagedOf(late.upload_id))).toBeUndefined();

    const upload = (await api('exemption-document-upload-url', eid, { body: { content_type: 'image/png', content_length: PNG.length } })).body;
    const tampered = (change: (url: URL) => void) => {
      const url = new URL(upload.url);
      change(url);
      return { url: url.toString(), headers: upload.headers };
    };
    const longer = Buffer.concat([PNG, Buffer.from([0])]);
    const asLonger = { 'content-type': 'image/png', 'content-length': String(longer.length) };
    const refusals = [
      await putTo(
        tampered((u) => u.searchParams.set('content_length', String(longer.length))),
        longer,
        asLonger,
      ),
      await putTo(
        tampered((u) => u.searchParams.set('expires', String(Math.floor(Date.now() / 1000) + 86_400))),
        PNG,
      ),
      await putTo(
        tampered((u) => (u.pathname = u.pathname.replace(upload.upload_id, 'upl_000000000aaaaaaaaaaaaaaaa'))),
        PNG,
      ),
      await putTo(
        tampered((u) => u.searchParams.set('signature', '0'.repeat(64))),
        PNG,
      ),
      // The signed type and size, sent otherwise.
      await putTo(upload, PNG, { 'content-type': 'application/pdf' }),
      await putTo(upload, longer, asLonger),
      await fetch(upload.url),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ status: 403, error: expect.stringMatching(/^signature_does_not_match$/) });
    }
    expect(await ports.documents.head(stagedOf(upload.upload_id))).toBeUndefined();
    // The untouched URL still works.
    expect((await putTo(upload, PNG)).status).toBe(200);
    expect(await ports.documents.head(stagedOf(upload.upload_id))).toEqual({ size: PNG.length, contentType: 'image/png' });
  });
});
