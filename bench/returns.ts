/**
 * Benchmark: building a quarterly return (POST /v1/returns' use case) of 100,000 sales of one registration
 * (California, 1-3 lines each, ZIP 90001: state, county, city and district levels), plus 2% of them refunded in the
 * quarter; and the first page of its records (GET /v1/returns/{id}/transactions). docs/benchmarks.md says why a
 * return reads its sales instead of the exposure counters.
 *
 *   npx tsx bench/returns.ts            (BENCH_SALES=10000 for a shorter run)
 *
 * Starts its own in-memory DynamoDB Local. The sales are loaded with BatchWriteItem (the very items the ledger
 * writes, without the counters, which a return does not read), not through HTTP, to keep the run short.
 */
import '../local/quiet-sdk-warning';
import { createAccount } from '../local/admin/accounts';
import { batchWriteMany } from '../src/adapters/dynamodb/batch';
import { DynamoDbTransactionStore } from '../src/adapters/dynamodb/transaction-store';
import { ports } from '../src/composition/all-ports';
import { rateTable } from '../local/rates/rates-import';
import { tableName } from '../src/config/environment';
import { customerTreatment } from '../src/domain/tax/customer-treatment';
import { allocateRefund } from '../src/domain/transactions/refund';
import { transactionFingerprint } from '../src/domain/transactions/fingerprint';
import { buildTransaction, lineTax } from '../src/domain/transactions/sale';
import { transactionRequestSchema } from '../src/domain/transactions/schema';
import { quoteTaxRateDetailed } from '../src/usecases/sales/quote-tax-rate';
import { cleanUp, runBenchmark, startBenchDatabase, zipRowsByFile } from './support';

const TOTAL_SALES = Number(process.env.BENCH_SALES ?? 100_000);
const REFUND_EVERY = 50;

/** Writes TOTAL_SALES sales in April to June 2026 (and a refund of every REFUND_EVERY-th) straight into the Transactions table. */
async function loadSales(
  store: DynamoDbTransactionStore,
  transactionsTable: string,
  accountId: string,
  quote: Awaited<ReturnType<typeof quoteTaxRateDetailed>>,
  registrationId: string,
): Promise<void> {
  const recordedAt = new Date(Date.now() - 60_000).toISOString();
  for (let chunk = 0; chunk < TOTAL_SALES; chunk += 5_000) {
    const puts: Record<string, unknown>[] = [];
    for (let i = chunk; i < Math.min(TOTAL_SALES, chunk + 5_000); i++) {
      const month = ['04', '05', '06'][i % 3];
      const request = transactionRequestSchema.parse({
        id: `s${String(i).padStart(7, '0')}`,
        date: `2026-${month}-${String((i % 28) + 1).padStart(2, '0')}`,
        currency: 'USD',
        customer_type: 'B2C',
        location: { country: 'US', postal_code: '90001' },
        line_items: Array.from({ length: 1 + (i % 3) }, (_, j) => ({
          amount: 1_000 + ((i * 7919 + j * 104_729) % 99_000),
          product_category: 'PHYSICAL_GOODS',
          delivery_method: 'SHIPPED',
        })),
      });
      const taxes = request.line_items.map((l) => lineTax(l.amount, quote.ppm, undefined, quote.result.jurisdiction));
      const facts = request.line_items.map((l) => ({
        product_category: l.product_category!,
        delivery_method: l.delivery_method!,
        taxability: { tax_code: 'levy_general_goods', taxability_reason: 'taxable' as const, registration_id: registrationId },
        taxable_amount: l.amount,
        exempt_amount: 0,
      }));
      const sale = buildTransaction(
        request,
        { customer_type: 'B2C', location: request.location! },
        customerTreatment({ type: 'B2C' }, 'US', null),
        quote.result.jurisdiction,
        facts,
        taxes,
        recordedAt,
      );
      puts.push(store.putItem(accountId, sale, transactionFingerprint(request)).Put!.Item as Record<string, unknown>);
      if (i % REFUND_EVERY === 0) {
        const { refund } = allocateRefund(sale, {}, { id: `r${i}`, date: '2026-06-30' } as never, recordedAt);
        puts.push(store.refundItems(accountId, refund, 'bench', {}, 0)[0]!.Put!.Item as Record<string, unknown>);
      }
    }
    await batchWriteMany(
      transactionsTable,
      puts.map((Item) => ({ PutRequest: { Item } })),
      'the benchmark sales',
      { concurrency: 16 },
    );
  }
}

async function main() {
  // DynamoDB Local answers a page deep in a 100,000-sale partition in seconds: a longer request timeout than the
  // client's 5 s, set before the database's first call makes the client.
  process.env.LEVY_DYNAMODB_LOCAL_TIMEOUT_MS ??= '120000';
  await startBenchDatabase();
  Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'SILENT', LEVY_RETURNS_SETTLE_SECONDS: '0' });
  // Loaded after the database: the composition reads the table names on first use.
  const { returnDeps } = await import('../src/composition/returns');
  const { createReturn, listReturnRecords } = await import('../src/usecases/returns');
  const transactionsTable = tableName('Transactions');
  const store = new DynamoDbTransactionStore(transactionsTable);

  const ca = zipRowsByFile()
    .find(({ file }) => file.includes('_CA'))!
    .rows.find((r) => r.zip === '90001')!;
  await rateTable().putAll([ca]);
  const { account_id: accountId } = await createAccount(ports, { name: 'Bench Returns Inc', country: 'US' });
  const primary = (await ports.entities.primary(accountId))!;
  const registration = await (
    await import('../src/usecases/registrations')
  ).createRegistration(ports, accountId, { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: '2025-01-01', entity_id: primary.id });
  const quote = await quoteTaxRateDetailed(ports, accountId, {
    product_category: 'PHYSICAL_GOODS',
    delivery_method: 'SHIPPED',
    customer_type: 'B2C',
    location: { country: 'US', postal_code: '90001' },
    date: '2026-05-01',
  });

  const started = performance.now();
  await loadSales(store, transactionsTable, accountId, quote, registration.id);
  console.log(`loaded ${TOTAL_SALES} sales (+ ${Math.ceil(TOTAL_SALES / REFUND_EVERY)} refunds) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The time spent reading the period's sales (the by-date index), measured around the ledger port the use case calls.
  let readMs = 0;
  const ledger = returnDeps.ledger;
  const deps = {
    ...returnDeps,
    ledger: Object.assign(Object.create(ledger) as typeof ledger, {
      eachSaleDated: async (...args: Parameters<typeof ledger.eachSaleDated>) => {
        const t = performance.now();
        await ledger.eachSaleDated(...args);
        readMs += performance.now() - t;
      },
    }),
  };

  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const taxReturn = await createReturn(deps, accountId, { registration_id: registration.id, period_start: '2026-04-01', period_end: '2026-06-30' });
  const build = performance.now() - t0;
  const heap = process.memoryUsage().heapUsed - heapBefore;
  console.log(
    `quarterly return of ${taxReturn.sale_count} sales and ${taxReturn.refund_count} refunds: ${(build / 1000).toFixed(2)} s (of which reading the sales ${(readMs / 1000).toFixed(2)} s; ${taxReturn.lines.length} lines; heap +${Math.round(heap / 1e6)} MB)`,
  );
  const t1 = performance.now();
  const page = await listReturnRecords(deps, accountId, taxReturn.id, { limit: 100 });
  console.log(
    `first page of its records (100 of ${taxReturn.sale_count + taxReturn.refund_count}): ${((performance.now() - t1) / 1000).toFixed(2)} s, has_more ${page.has_more}`,
  );
  await cleanUp();
}

runBenchmark(main);
