/** Integration: exemption certificates and their documents on DynamoDB Local (documents in the test run's folder). */
import { MAX_INLINE_DOCUMENT_BYTES } from '../../src/config/documents';
import { callRoute, newTestAccount } from '../support/api';
import { ports } from '../../src/composition/all-ports';
import { documentKey, updateExemption } from '../../src/usecases/exemptions';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(2000, 7), Buffer.from('\n%%EOF\n', 'latin1')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);

describe('exemption certificates', () => {
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

  const resale = {
    reason: 'RESALE',
    jurisdictions: [
      { country: 'US', state: 'TX' },
      { country: 'US', state: 'CA' },
    ],
    certificate_number: 'TX-1',
    effective_from: day(-100),
  };
  const create = (body: unknown, id = customerId, account = accountId) => callRoute('exemptions-create', { accountId: account, pathParameters: { id }, body });
  const at = (eid: string, id = customerId) => ({ accountId, pathParameters: { id, eid } });

  it('creates a certificate (status active, 100 % by default) and reads it back', async () => {
    const res = await create(resale);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      customer_id: customerId,
      reason: 'RESALE',
      exempt_percentage: 100,
      status: 'active',
      expires_on: null,
      document: null,
      revoked_at: null,
    });
    expect(res.body.id).toMatch(/^exm_/);
    expect((await callRoute('exemptions-get', at(res.body.id))).body).toEqual(res.body);
    // The status is computed for the day asked.
    expect((await callRoute('exemptions-get', { ...at(res.body.id), query: { date: day(-101) } })).body.status).toBe('pending');
  });

  it.each([
    [{ ...resale, jurisdictions: [{ country: 'US', state: 'ZZ' }] }, "'jurisdictions[0].state' is 'ZZ'"],
    [{ ...resale, jurisdictions: [{ country: 'AQ' }] }, "'jurisdictions[0].country' is a country Levy holds no tax rules for"],
    [{ ...resale, jurisdictions: [{ country: 'DE', state: 'BY' }] }, "'jurisdictions[0].state' is 'BY', but Levy holds no regional tax rules for DE"],
    [{ ...resale, jurisdictions: [] }, "'jurisdictions' must name at least one"],
    [{ ...resale, exempt_percentage: 0 }, "'exempt_percentage' must be a whole number from 1 to 100"],
    [{ ...resale, exempt_percentage: 50.5 }, "'exempt_percentage' must be a whole number from 1 to 100"],
    [{ ...resale, reason: 'CHARITY' }, "'reason' must be one of"],
    [{ ...resale, expires_on: resale.effective_from }, "'expires_on' must be after 'effective_from'"],
    [{ ...resale, effective_from: '2026-02-30' }, "'effective_from' must be a calendar date"],
  ])('refuses %j with 400 naming it', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining(message) });
  });

  it("answers 404 for an unknown customer, and for another account's customer and certificate", async () => {
    expect((await create(resale, 'no-such-customer')).status).toBe(404);
    const { body: mine } = await create(resale);
    expect((await create(resale, customerId, otherAccountId)).status).toBe(404);
    const other = { accountId: otherAccountId, pathParameters: { id: customerId, eid: mine.id } };
    expect((await callRoute('exemptions-get', other)).status).toBe(404);
    expect((await callRoute('exemptions-update', { ...other, body: { exempt_percentage: 10 } })).status).toBe(404);
    expect((await callRoute('exemptions-revoke', other)).status).toBe(404);
    expect((await callRoute('exemptions-list', { accountId: otherAccountId, pathParameters: { id: customerId } })).status).toBe(404);
    expect((await callRoute('exemption-document-get', other)).status).toBe(404);
    expect((await callRoute('exemption-document-put', { ...other, body: PDF })).status).toBe(404);
    expect((await callRoute('exemptions-get', at(mine.id))).body.exempt_percentage).toBe(100);
  });

  it('PATCH changes a certificate, checks dates against the stored ones, and refuses a revoked one; DELETE revokes and keeps it', async () => {
    const { body: cert } = await create({ ...resale, expires_on: day(400) });
    const patched = await callRoute('exemptions-update', { ...at(cert.id), body: { exempt_percentage: 50, expires_on: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ exempt_percentage: 50, expires_on: null, status: 'active' });
    const backwards = await callRoute('exemptions-update', { ...at(cert.id), body: { expires_on: day(-200) } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain("'expires_on'");
    const revoked = await callRoute('exemptions-revoke', at(cert.id));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: cert.id, status: 'revoked', revoked_at: expect.any(String) });
    expect((await callRoute('exemptions-revoke', at(cert.id))).body.revoked_at).toBe(revoked.body.revoked_at);
    const refused = await callRoute('exemptions-update', { ...at(cert.id), body: { exempt_percentage: 100 } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'exemption_revoked' });
    expect((await callRoute('exemption-document-put', { ...at(cert.id), body: PDF })).status).toBe(409);
    expect((await callRoute('exemptions-get', at(cert.id))).body.status).toBe('revoked');
  });

  it('lists by status, and the ones expiring within_days (default 30)', async () => {
    const { body: customer } = await callRoute('customers-create', { accountId, body: { name: 'Lister', address: { country: 'US' } } });
    const mk = async (over: object) => (await create({ ...resale, ...over }, customer.id)).body.id as string;
    const soon = await mk({ expires_on: day(10) });
    const in45 = await mk({ expires_on: day(45) });
    const open = await mk({});
    const expired = await mk({ expires_on: day(-1) }); // expired yesterday
    const pending = await mk({ effective_from: day(5) });
    const revoked = await mk({ expires_on: day(3) });
    await callRoute('exemptions-revoke', at(revoked, customer.id));
    const list = (query?: Record<string, string>) => callRoute('exemptions-list', { accountId, pathParameters: { id: customer.id }, query });
    const ids = async (query?: Record<string, string>) => (await list(query)).body.data.map((c: { id: string }) => c.id);
    expect(await ids()).toEqual([soon, in45, open, expired, pending, revoked]);
    expect((await list()).body.has_more).toBe(false);
    expect(await ids({ status: 'active' })).toEqual([soon, in45, open]);
    expect(await ids({ status: 'expired' })).toEqual([expired]);
    expect(await ids({ status: 'pending' })).toEqual([pending]);
    expect(await ids({ status: 'revoked' })).toEqual([revoked]);
    expect(await ids({ status: 'expiring' })).toEqual([soon]);
    expect(await ids({ status: 'expiring', within_days: '45' })).toEqual([soon, in45]);
    expect(await ids({ status: 'expiring', within_days: '9' })).toEqual([]);
    expect((await list({ within_days: '30' })).status).toBe(400);
    expect((await list({ status: 'expiring', within_days: '0' })).status).toBe(400);
    expect((await list({ status: 'lapsed' })).status).toBe(400);
  });

  it('stores a document checked by its bytes and gives the same bytes back with their type', async () => {
    const { body: cert } = await create(resale);
    expect((await callRoute('exemption-document-get', at(cert.id))).status).toBe(404);
    // The header says PNG; the bytes are a PDF: the bytes win.
    const put = await callRoute('exemption-document-put', { ...at(cert.id), body: PDF, headers: { 'Content-Type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(put.body.document).toEqual({
      content_type: 'application/pdf',
      size: PDF.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      uploaded_at: expect.any(String),
    });
    const got = await callRoute('exemption-document-get', at(cert.id));
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(got.body, PDF)).toBe(0);
    // A replacement: the new bytes and type are answered.
    await callRoute('exemption-document-put', { ...at(cert.id), body: PNG });
    const again = await callRoute('exemption-document-get', at(cert.id));
    expect(again.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(again.body, PNG)).toBe(0);
  });

  it('answers 415 for bytes that are not PDF, PNG or JPEG, 413 over 4 MiB (naming the upload URL), 400 for none; nothing is stored', async () => {
    const { body: cert } = await create(resale);
    // A PDF sent as text reaches the function as text (API Gateway base64-encodes only binary media types): its bytes
    // above 0x7F would be replaced, so it is refused before anything is stored.
    const asText = await callRoute('exemption-document-put', {
      ...at(cert.id),
      body: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3])]),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(asText.status).toBe(415);
    expect(asText.body.message).toMatch(/application\/pdf, image\/png, image\/jpeg/);
    const html = await callRoute('exemption-document-put', {
      ...at(cert.id),
      body: Buffer.from('<html>%PDF-</html>'),
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(html.status).toBe(415);
    expect(html.body).toMatchObject({ error: 'unsupported_media_type', status: 415 });
    // A direct upload is held to what fits base64 in Lambda's 6 MB request; a larger one goes through upload_url.
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(MAX_INLINE_DOCUMENT_BYTES - 8)]);
    const tooLarge = await callRoute('exemption-document-put', { ...at(cert.id), body: big });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: 'document_too_large', status: 413 });
    expect(tooLarge.body.message).toMatch(/at most 4194304 .*document\/upload_url/);
    const empty = await callRoute('exemption-document-put', { ...at(cert.id), body: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect((await callRoute('exemptions-get', at(cert.id))).body.document).toBeNull();
    // Exactly 4 MiB is accepted.
    const justFits = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(MAX_INLINE_DOCUMENT_BYTES - 9)]);
    const ok = await callRoute('exemption-document-put', { ...at(cert.id), body: justFits });
    expect(ok.status).toBe(200);
    expect(ok.body.document.size).toBe(MAX_INLINE_DOCUMENT_BYTES);
  });

  it('deleting a customer takes its certificates with it; a re-used own id starts with none', async () => {
    const id = `reuse-${Date.now()}`;
    const body = { id, name: 'Reused', address: { country: 'US' } };
    await callRoute('customers-create', { accountId, body });
    await create(resale, id);
    await create({ ...resale, certificate_number: 'TX-2' }, id);
    expect((await callRoute('customers-delete', { accountId, pathParameters: { id } })).status).toBe(204);
    await callRoute('customers-create', { accountId, body });
    expect((await callRoute('exemptions-list', { accountId, pathParameters: { id } })).body.data).toEqual([]);
  });
});

describe('concurrent changes of a certificate', () => {
  it('checks a PATCH’s dates against the certificate as it is when written: a race that would store expires_on before effective_from is refused', async () => {
    const { account_id: accountId } = await newTestAccount('US');
    const customer = await callRoute('customers-create', { accountId, body: { name: 'Racer', address: { country: 'US', state: 'TX' } } });
    const cert = await callRoute('exemptions-create', {
      accountId,
      pathParameters: { id: customer.body.id },
      body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: 'TX-RACE-1', effective_from: '2026-01-01' },
    });
    // Another request moves effective_from to 2026-06-01 right after this PATCH read the certificate.
    let raced = false;
    const racing: typeof ports.exemptions = Object.create(ports.exemptions, {
      get: {
        value: async (account: string, customerId: string, id: string) => {
          const read = await ports.exemptions.get(account, customerId, id);
          if (!raced && read) {
            raced = true;
            await updateExemption({ exemptions: ports.exemptions }, account, customerId, id, { effective_from: '2026-06-01' });
          }
          return read;
        },
      },
    });
    // Against what it first read (effective_from 2026-01-01) an expiry of 2026-03-01 is fine; against the certificate
    // as it now is, it would end before it starts: the PATCH reads again and refuses it.
    await expect(updateExemption({ exemptions: racing }, accountId, customer.body.id, cert.body.id, { expires_on: '2026-03-01' })).rejects.toMatchObject({
      status: 400,
    });
    expect(raced).toBe(true);
    expect(await ports.exemptions.get(accountId, customer.body.id, cert.body.id)).toMatchObject({ effective_from: '2026-06-01', expires_on: null });
  });
});

describe('documents leave with what they belong to', () => {
  it('removes a replaced document’s bytes, and a deleted customer’s documents', async () => {
    const { account_id: accountId } = await newTestAccount('US');
    const customer = await callRoute('customers-create', { accountId, body: { name: 'Leaving Inc', address: { country: 'US', state: 'TX' } } });
    const customerId = customer.body.id as string;
    const cert = await callRoute('exemptions-create', {
      accountId,
      pathParameters: { id: customerId },
      body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: 'TX-LEAVE-1', effective_from: '2026-01-01' },
    });
    const at = { accountId, pathParameters: { id: customerId, eid: cert.body.id as string } };
    const first = await callRoute('exemption-document-put', { ...at, body: PDF });
    const firstKey = documentKey(accountId, customerId, cert.body.id, first.body.document.sha256);
    expect(await ports.documents.get(firstKey)).toBeDefined();
    const second = await callRoute('exemption-document-put', { ...at, body: PNG });
    const secondKey = documentKey(accountId, customerId, cert.body.id, second.body.document.sha256);
    expect(await ports.documents.get(firstKey)).toBeUndefined();
    expect(await ports.documents.get(secondKey)).toBeDefined();

    expect((await callRoute('customers-delete', { accountId, pathParameters: { id: customerId } })).status).toBe(204);
    expect(await ports.documents.get(secondKey)).toBeUndefined();
  });
});
