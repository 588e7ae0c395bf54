/**
 * HTTP: the worst case of the routes that answer a whole bounded list or one record without paging, measured as Lambda
 * counts it (the result's JSON; MAX_LAMBDA_RESPONSE_BYTES) and held under it; docs/local.md "Response sizes" quotes
 * these figures. The largest records are written straight through the stores (98 certificates, a return that fills
 * its item): the routes would take hundreds of calls to build them, and the stores are what bound them.
 */
import { MAX_LAMBDA_RESPONSE_BYTES } from '../../src/config/api-settings';
import { ports } from '../../src/composition/all-ports';
import { MAX_EXEMPTIONS_PER_CUSTOMER } from '../../src/adapters/dynamodb/exemption-store';
import { MAX_ITEM_BYTES } from '../../src/adapters/dynamodb/item-size';
import { MAX_CERTIFICATE_JURISDICTIONS, newExemption, type StoredExemption } from '../../src/domain/exemptions/certificate';
import { subdivisionCodes } from '../../src/domain/geography/countries';
import { emptyFigures, type ReturnFigures, type ReturnLine, type TaxReturn } from '../../src/domain/returns/return';
import { newId } from '../../src/domain/ids';
import { docsAssetNames } from '../../src/adapters/http/api-docs';
import { callRoute, newTestAccount } from '../support/api';

const sizes: Record<string, number> = {};
afterAll(() => console.log(`worst-case result bytes: ${JSON.stringify(sizes)}`));

function expectWithinLimit(route: string, res: { status: number; body: unknown; resultBytes: number }, status = 200): void {
  if (res.status !== status) throw new Error(`${route}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  sizes[route] = res.resultBytes;
  expect(res.resultBytes).toBeLessThanOrEqual(MAX_LAMBDA_RESPONSE_BYTES);
}

let accountId: string;
beforeAll(async () => {
  ({ account_id: accountId } = await newTestAccount('US', 'Worst Lists Inc'));
});

it("GET /v1/customers/{id}/exemptions: a customer's 98 certificates, each of 60 jurisdictions, a number of 100 control characters and a document", async () => {
  const customerId = 'c'.repeat(64);
  const address = { country: 'US', state: 'CA', postal_code: '94103' };
  expect((await callRoute('customers-create', { accountId, body: { id: customerId, name: 'Buyer', customer_type: 'B2C', address } })).status).toBe(201);
  const jurisdictions = [...subdivisionCodes('US'), ...subdivisionCodes('CA')].slice(0, MAX_CERTIFICATE_JURISDICTIONS).map((state) => ({
    country: subdivisionCodes('US').includes(state) ? 'US' : 'CA',
    state,
  }));
  expect(jurisdictions).toHaveLength(MAX_CERTIFICATE_JURISDICTIONS);
  const certificate = (): StoredExemption => ({
    ...newExemption(
      customerId,
      {
        reason: 'MANUFACTURING',
        jurisdictions,
        certificate_number: `X${'\u0001'.repeat(98)}X`,
        effective_from: '2020-01-01',
        expires_on: '2099-12-31',
        exempt_percentage: 100,
      },
      new Date(),
    ),
    document: { content_type: 'application/pdf', size: 10_485_760, sha256: 'f'.repeat(64), uploaded_at: new Date().toISOString() },
    revoked_at: new Date().toISOString(),
  });
  for (let i = 0; i < MAX_EXEMPTIONS_PER_CUSTOMER; i++) expect(await ports.exemptions.create(accountId, certificate())).toBe('created');
  expect(await ports.exemptions.create(accountId, certificate())).toBe('too_many');
  const listed = await callRoute('exemptions-list', { accountId, pathParameters: { id: customerId } });
  expectWithinLimit('GET /v1/customers/{id}/exemptions', listed);
  expect(listed.body.data).toHaveLength(MAX_EXEMPTIONS_PER_CUSTOMER);
}, 60_000);

/** Every filer's reason a line's exempt sales can carry (docs/returns.md). */
const reasons = ['resale', 'government', 'nonprofit', 'manufacturing', 'agriculture', 'other', 'not_taxable_in_jurisdiction', 'zero_rated', 'reverse_charge'];
const widest = 9_999_999_999_999;
const widestFigures = (): ReturnFigures => ({
  ...emptyFigures(),
  ...Object.fromEntries(Object.keys(emptyFigures()).map((k) => [k, -widest])),
  exempt_sales_by_reason: Object.fromEntries(reasons.map((r) => [r, -widest])),
});
const line = (i: number): ReturnLine => ({
  ...widestFigures(),
  jurisdiction: `US-CA-${'SAN BERNARDINO'.padEnd(30, 'X')}-${String(i).padStart(30, 'C')}`,
  country: 'US',
  state: 'CA',
  level: 'city',
  name: String(i).padStart(30, 'C'),
  rate: 0.012345,
});

/** A return of `count` lines of every figure at its widest, every exempt reason, and the longest names. */
const returnOf = (count: number): TaxReturn => {
  const now = new Date().toISOString();
  return {
    id: newId('ret'),
    registration_id: newId('reg'),
    entity_id: newId('ent'),
    registration_type: 'SALES_TAX',
    country: 'US',
    state: 'CA',
    period_start: `2026-${String(1 + (count % 12)).padStart(2, '0')}-01`,
    period_end: `2026-${String(1 + (count % 12)).padStart(2, '0')}-28`,
    status: 'draft',
    currency: 'USD',
    cutoff: now,
    lines: Array.from({ length: count }, (_, i) => line(i)),
    corrections: [],
    adjustments: [],
    totals: widestFigures(),
    sale_count: widest,
    refund_count: widest,
    created_at: now,
    updated_at: now,
  };
};

it('GET /v1/returns/{id} and /csv: a return that fills its item (400 KB, written with its return.created event); a larger one is refused', async () => {
  // Its JSON at most the item's limit: DynamoDB counts no quotes or punctuation, and fewer bytes for a number than its digits.
  const count = Math.floor((MAX_ITEM_BYTES - JSON.stringify(returnOf(0)).length) / (JSON.stringify(line(0)).length + 1));
  const largest = returnOf(count);
  expect(await ports.returns.create(accountId, largest)).toBe('created');
  await expect(ports.returns.create(accountId, returnOf(2 * count))).rejects.toMatchObject({ code: 'record_too_large' });
  expectWithinLimit('GET /v1/returns/{id}', await callRoute('returns-get', { accountId, pathParameters: { id: largest.id } }));
  const csv = await callRoute('returns-csv', { accountId, pathParameters: { id: largest.id } });
  expectWithinLimit('GET /v1/returns/{id}/csv', csv);
  expect(csv.body.split('\r\n').length).toBeGreaterThan(count * reasons.length);
}, 60_000);

it('GET /v1/tax_codes, /v1/nexus and /v1/tax/coverage: lists of the bundled catalogue and rule data, and of the imported months', async () => {
  expectWithinLimit('GET /v1/tax_codes', await callRoute('tax-codes-list', { accountId }));
  expectWithinLimit('GET /v1/nexus', await callRoute('nexus-report', { accountId }));
  expectWithinLimit('GET /v1/tax/coverage', await callRoute('tax-coverage', { accountId }));
});

it('GET /openapi.json and the documentation page and assets: the bundled document and the Swagger UI files', async () => {
  expectWithinLimit('GET /openapi.json', await callRoute('docs-openapi', { accountId }));
  expectWithinLimit('GET /docs', await callRoute('docs-page', { accountId }));
  for (const asset of docsAssetNames) expectWithinLimit(`GET /docs/${asset}`, await callRoute('docs-asset', { accountId, pathParameters: { asset } }));
});
