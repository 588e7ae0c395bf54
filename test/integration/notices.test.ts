/** Integration: tax-authority notices and their documents on DynamoDB Local (documents in the test run's folder). */
import { callRoute, newTestAccount } from '../support/api';
import { ports } from '../../src/composition/all-ports';
import { noticeDocumentKey } from '../../src/usecases/notices';
import { MAX_INLINE_DOCUMENT_BYTES } from '../../src/config/documents';
import { MAX_DOCUMENT_BYTES } from '../../src/domain/documents/document-type';
import { newId } from '../../src/domain/ids';
import { storeDocument } from '../../src/usecases/documents';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(1500, 7), Buffer.from('\n%%EOF\n', 'latin1')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(400, 1)]);

describe('tax-authority notices', () => {
  let accountId: string;
  let otherAccountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount('US', 'Seller Inc')).account_id;
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
  });

  const assessment = {
    jurisdiction: { country: 'us', state: 'tx' },
    received_on: day(-3),
    due_on: day(27),
    kind: 'assessment',
    summary: 'Proposed additional sales tax, Q3',
    reference: 'TX-2026-0042',
  };
  const create = (body: unknown, account = accountId) => callRoute('notices-create', { accountId: account, body });
  const events = async (type: string) => (await callRoute('events-list', { accountId, query: { type, limit: '100' } })).body.data as any[];

  it('logs a notice (open by default), reads it back, and writes notice.created with it', async () => {
    const res = await create(assessment);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      jurisdiction: { country: 'US', state: 'TX' },
      kind: 'assessment',
      status: 'open',
      documents: [],
      reference: 'TX-2026-0042',
      due_on: day(27),
    });
    expect(res.body.id).toMatch(/^ntc_/);
    expect((await callRoute('notices-get', { accountId, pathParameters: { id: res.body.id } })).body).toEqual(res.body);
    const created = (await events('notice.created')).filter((e) => e.data.object.id === res.body.id);
    expect(created).toHaveLength(1);
    expect(created[0].data.object).toEqual(res.body);
  });

  it.each([
    [{ ...assessment, due_on: day(-4) }, 'due_on', 'before'],
    [{ ...assessment, received_on: day(2), due_on: undefined }, 'received_on', 'after today'],
    [{ ...assessment, kind: 'letter' }, 'kind', 'assessment, inquiry, penalty, registration, other'],
    [{ ...assessment, status: 'pending' }, 'status', 'open, responded, closed'],
    [{ ...assessment, summary: '' }, 'summary', 'empty'],
    [{ ...assessment, jurisdiction: { country: 'US', state: 'ZZ' } }, 'jurisdiction.state', 'ZZ'],
    [{ ...assessment, received_on: undefined }, 'received_on', 'required'],
    [{ ...assessment, colour: 'red' }, 'colour', ''],
  ])('answers 400 naming the field: %j', async (body, field, words) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.message).toContain(field);
    expect(res.body.message).toContain(words);
  });

  it('lists notices in creation order, filtered by status and paginated', async () => {
    const account = (await newTestAccount('US', 'Lister Inc')).account_id;
    const ids: string[] = [];
    for (const status of ['open', 'closed', 'open', 'responded', 'open']) ids.push((await create({ ...assessment, status }, account)).body.id);
    const all = await callRoute('notices-list', { accountId: account, query: { limit: '10' } });
    expect(all.body.data.map((n: { id: string }) => n.id)).toEqual(ids);
    const open1 = await callRoute('notices-list', { accountId: account, query: { status: 'open', limit: '2' } });
    expect(open1.body).toMatchObject({ has_more: true });
    expect(open1.body.data.map((n: { id: string }) => n.id)).toEqual([ids[0], ids[2]]);
    const open2 = await callRoute('notices-list', { accountId: account, query: { status: 'open', limit: '2', starting_after: ids[2] } });
    expect(open2.body).toEqual({ data: [expect.objectContaining({ id: ids[4] })], has_more: false });
    const bad = await callRoute('notices-list', { accountId: account, query: { status: 'lost' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('status');
  });

  it('PATCHes a notice (status, cleared due date), writes notice.updated, and checks dates against the stored ones', async () => {
    const id = (await create(assessment)).body.id;
    const patched = await callRoute('notices-update', { accountId, pathParameters: { id }, body: { status: 'responded', due_on: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, status: 'responded', due_on: null, summary: assessment.summary });
    expect((await events('notice.updated')).some((e) => e.data.object.id === id && e.data.object.status === 'responded')).toBe(true);
    const withDue = await callRoute('notices-update', { accountId, pathParameters: { id }, body: { due_on: day(-10) } });
    expect(withDue.status).toBe(400);
    expect(withDue.body.message).toContain('due_on');
    expect((await callRoute('notices-update', { accountId, pathParameters: { id }, body: {} })).status).toBe(400);
    // Another account's notice is a 404, as a missing one.
    expect((await callRoute('notices-update', { accountId: otherAccountId, pathParameters: { id }, body: { status: 'closed' } })).status).toBe(404);
    expect((await callRoute('notices-get', { accountId: otherAccountId, pathParameters: { id } })).status).toBe(404);
    expect((await callRoute('notices-get', { accountId, pathParameters: { id: 'ntc_nope' } })).status).toBe(404);
  });

  it('takes a document of 4 MiB and answers one byte more 413 document_too_large: as base64 it would pass the 6 MB a function accepts', async () => {
    const id = (await create(assessment)).body.id;
    const add = (size: number) =>
      callRoute('notice-documents-add', {
        accountId,
        pathParameters: { id },
        body: Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 7)]),
        headers: { 'Content-Type': 'application/pdf' },
      });
    const tooLarge = await add(MAX_INLINE_DOCUMENT_BYTES + 1);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: 'document_too_large', status: 413, message: expect.stringMatching(/at most 4194304 \(4 MiB\)/) });
    expect((await callRoute('notices-get', { accountId, pathParameters: { id } })).body.documents).toEqual([]);
    const added = await add(MAX_INLINE_DOCUMENT_BYTES);
    expect(added.status).toBe(201);
    expect(added.body.documents[0].size).toBe(MAX_INLINE_DOCUMENT_BYTES);
  });

  it('answers a stored document over 4 MiB with a 303 to a pre-signed GET: as base64 it would pass what a function may answer deployed', async () => {
    // No upload route takes one any more, but a notice may hold one of up to 5 MiB: stored here as the route stores it.
    const id = (await create(assessment)).body.id;
    const largest = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES - PDF.length, 7)]);
    const notice = (await ports.notices.get(accountId, id))!;
    const stored = await storeDocument(ports.documents, (sha256) => noticeDocumentKey(accountId, id, sha256), largest, new Date());
    const document = { id: newId('doc', Date.now()), ...stored };
    expect(await ports.notices.replaceIfUnchanged(accountId, { ...notice, documents: [document] }, notice.updated_at)).toBe(true);
    expect(document.size).toBe(MAX_DOCUMENT_BYTES);
    const got = await callRoute('notice-documents-get', { accountId, pathParameters: { id, did: document.id } });
    expect(got.status).toBe(303);
    expect(got.headers.location).toEqual(expect.any(String));
    expect(got.resultBytes).toBeLessThan(64 * 1024);
  });

  it('keeps several documents per notice in the certificates blob store, and reads each back', async () => {
    const id = (await create(assessment)).body.id;
    const first = await callRoute('notice-documents-add', { accountId, pathParameters: { id }, body: PDF, headers: { 'Content-Type': 'application/pdf' } });
    expect(first.status).toBe(201);
    const second = await callRoute('notice-documents-add', { accountId, pathParameters: { id }, body: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(second.body.documents).toHaveLength(2);
    const [pdf, png] = second.body.documents;
    expect(pdf).toMatchObject({ content_type: 'application/pdf', size: PDF.length });
    expect(png).toMatchObject({ content_type: 'image/png', size: PNG.length });
    expect(pdf.id).toMatch(/^doc_/);
    expect(await ports.documents.get(noticeDocumentKey(accountId, id, pdf.sha256))).toMatchObject({ contentType: 'application/pdf' });
    const got = await callRoute('notice-documents-get', { accountId, pathParameters: { id, did: png.id } });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.body, PNG)).toBe(0);
    // The bytes decide, never the Content-Type: text is refused (415), nothing is added.
    const text = await callRoute('notice-documents-add', {
      accountId,
      pathParameters: { id },
      body: Buffer.from('not a document'),
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(text.status).toBe(415);
    expect((await callRoute('notices-get', { accountId, pathParameters: { id } })).body.documents).toHaveLength(2);
    expect((await callRoute('notice-documents-get', { accountId, pathParameters: { id, did: 'doc_0mhx2k3c0a1b2c3d4e5f60718' } })).status).toBe(404);
    expect((await callRoute('notice-documents-get', { accountId: otherAccountId, pathParameters: { id, did: png.id } })).status).toBe(404);
    expect(
      (
        await callRoute('notice-documents-add', {
          accountId: otherAccountId,
          pathParameters: { id },
          body: PDF,
          headers: { 'Content-Type': 'application/pdf' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await events('notice.updated'))
        .filter((e) => e.data.object.id === id)
        .map((e) => e.data.object.documents.length)
        .sort(),
    ).toEqual([1, 2]);
  });
});
