/**
 * Use case: the tax rates of a sale for an account. Resolves the location offline, reads the seller (the primary
 * entity, or the subsidiary named by entity_id) and the imported ZIP rates in parallel, once per sale, then asks the
 * pure engine once per distinct product (category or tax code) + delivery. Shared by tax-rate, unify and
 * transactions, so the three decide alike who the customer is taxed as (customerTreatment), which code a line is
 * taxed under, why (`taxability_reason`) and which certificate exempts it.
 *
 * A sale that names a stored customer (`customer_id`), a product (`product_id`) or a catalogue code (`tax_code`)
 * loads the modules that read them (./sale-subjects: the catalogue, the certificate rule, the stores' calls) with a
 * dynamic import, so the rate function's cold start never parses them (lib/bundling.ts splits the bundle there).
 */
import { exemptRate } from '../domain/cart/cart';
import { found, ValidationError } from '../domain/errors';
import type { LocationInput } from '../domain/fields/sale';
import { resolveLocation, type ResolvedLocation } from '../domain/geography/location';
import type { Entity } from '../domain/records/entity';
import type * as z from 'zod';
import { taxabilityFields, type TaxabilityFields } from '../domain/sales/line-taxability';
import type { Exactly, Expect } from '../domain/schema-check';
import type { taxRateAnswerSchema } from '../domain/tax/rate-response';
import type { LineSubject, SaleParties } from '../domain/sales/line-subject';
import { customerTreatment, taxIdCheckOf, type CustomerTreatment, type DeclaredCustomer } from '../domain/tax/customer-treatment';
import type { CheckedTaxId } from '../domain/tax-ids/types';
import type { SaleParties as ResolvedParties } from '../domain/transactions/sale';
import { calculateTaxRateDetailed, todayUtc } from '../domain/tax/rate-engine';
import type { TaxRateCalculation, TaxRateContext, TaxRateResult } from '../domain/tax/rate-types';
import { defaultTaxCodeIds, taxabilityReasonOf } from '../domain/tax/taxability';
import { governmentLevelMisfit, type DeliveryMethod, type GovernmentLevel, type ProductCategory } from '../domain/tax/vocabulary';
import { monthOfDate, type ZipRateOnMonth } from '../domain/tax/zip-rate-months';
import { fieldError } from '../domain/validation';
import type { QuoteDeps, RatedLine } from './sale-quote-types';
import type { CollectionUse } from './sale-collection';
import type { SaleSubjects } from './sale-subjects';

export type { QuoteDeps, RatedLine } from './sale-quote-types';

/** A sale as rate, unify and transactions state it: who, where, when and for which seller. */
export interface SaleRequest extends SaleParties {
  customer_tax_id?: string | undefined;
  /** unify only: the caller holds an exemption certificate for the whole sale. */
  exempt?: boolean | undefined;
  government_level?: GovernmentLevel | undefined;
  entity_id?: string | undefined;
  date?: string | undefined;
  /**
   * Whether the collection setting and the seller's registrations decide the lines (issue 13; ./sale-collection):
   * `apply` for unify and transactions, `report` for the rate route's apply_registrations; absent: not read.
   */
  collection?: CollectionUse | undefined;
}

/** POST /v1/tax/rate's request: a sale whose one line sits at the top level. */
export interface TaxRateRequest extends Omit<SaleRequest, 'collection'>, LineSubject {
  apply_registrations?: boolean | undefined;
}

/** POST /v1/tax/rate's answer: the rate for the applied customer type, how that type was decided, and why it is taxed. */
export type TaxRateAnswer = TaxRateResult &
  TaxabilityFields & {
    collecting?: boolean;
    customer: CustomerTreatment;
    customer_id?: string;
  };
/** The OpenAPI document's TaxRateAnswer (src/domain/tax/rate-response.ts) is this type, field for field. */
export type TaxRateAnswerMatches = Expect<Exactly<z.output<typeof taxRateAnswerSchema>, TaxRateAnswer>>;

/** A sale read and decided once: its customer, its effective parties, and each line's rating. */
export interface SaleQuote {
  customer: CustomerTreatment;
  /**
   * The stored customer named, the declared customer type applied (the request's, else the stored customer's) and the
   * location applied (the request's, else the stored customer's address): what a recorded sale stores.
   */
  parties: ResolvedParties;
  /** The customer's tax ID applied: the request's, else the customer's first valid one (absent: none). */
  tax_id?: string;
  date: string;
  /** The selling entity (the sale's entity_id, else the primary): the nexus counters are kept per entity. */
  seller_id: string;
  line(index: number): RatedLine;
}

async function sellerOf(deps: QuoteDeps, accountId: string, entityId: string | undefined): Promise<Entity> {
  if (entityId) return found(await deps.entities.get(accountId, entityId), 'entity', entityId);
  const primary = await deps.entities.primary(accountId);
  // Every account is created with its primary entity; its absence is a broken record, not a client error.
  if (!primary) throw new Error(`Account ${accountId} has no primary entity`);
  return primary;
}

/**
 * The imported row in force on the sale's date for the ZIP and the resolved state (a border ZIP is listed under two);
 * a US postal code always resolves to a state (resolveLocation refuses a ZIP it cannot place).
 */
async function usLocalRate(deps: QuoteDeps, location: ResolvedLocation, date: string): Promise<ZipRateOnMonth> {
  if (location.country !== 'US' || !location.postal_code || !location.state) return { row: null };
  return deps.zipRates.onMonth(location.postal_code.slice(0, 5), location.state, monthOfDate(date));
}

/**
 * The tax-ID validators (stdnum and Levy's overrides, about 250 KB minified) load on the first sale that carries a tax
 * ID: most quotes carry none, so the bundle keeps them in a chunk of their own (lib/bundling.ts splits the bundle at
 * dynamic imports) and a container that never sees a tax ID never loads them. Node caches the module after that.
 */
async function checkedTaxId(check: { tax_id: string; type?: string; locationCountry: string | undefined } | null): Promise<CheckedTaxId | null> {
  if (!check) return null;
  const { checkTaxIdWhere } = await import('../domain/tax-ids/validator');
  return checkTaxIdWhere(check, check.locationCountry);
}

/**
 * The sale's location resolved; when it is the stored customer's address (the request sent none), a refusal names the
 * customer whose address it is, not a `location` field the request never sent.
 */
function locationOfSale(location: LocationInput, lookups: QuoteDeps['locations'], fromCustomer: string | undefined): ResolvedLocation {
  try {
    return resolveLocation(location, lookups);
  } catch (error) {
    if (fromCustomer === undefined || !(error instanceof ValidationError)) throw error;
    throw new ValidationError(`The address of customer '${fromCustomer}' cannot be used as the sale's location: ${error.message} Send 'location', or correct the customer's address.`, 'customer_id');
  }
}

const namesSubjects = (sale: SaleRequest, lines: readonly LineSubject[]): boolean =>
  sale.customer_id !== undefined || lines.some((line) => line.product_id !== undefined || line.tax_code !== undefined);

/**
 * Reads and decides what a sale needs, once: the stored customer and its certificates, the products' codes on the
 * sale's date (./sale-subjects, loaded only when the sale names them), the location, the customer treatment, the
 * seller and the ZIP rates. `linePath(i)` names line i in a 400 (`line_items[2]`, or '' for the rate request).
 */
export async function quoteSale(
  deps: QuoteDeps,
  accountId: string,
  sale: SaleRequest,
  lines: readonly LineSubject[],
  linePath: (index: number) => string,
  today = todayUtc(),
  /** Where the request put government_level, for a refusal to name it (unify: `customer.government_level`). */
  governmentLevelPath = 'government_level',
): Promise<SaleQuote> {
  const date = sale.date ?? today;
  // The seller is read while the subjects load; it is awaited after them and the checks below, so when both fail the
  // subjects' (or a check's) refusal still wins. The no-op catch keeps an unawaited failure from being unhandled.
  const sellerRead = sellerOf(deps, accountId, sale.entity_id);
  sellerRead.catch(() => {});
  const subjects: SaleSubjects | undefined = namesSubjects(sale, lines)
    ? await (await import('./sale-subjects')).loadSaleSubjects(deps, accountId, sale.customer_id, lines, date, linePath)
    : undefined;
  const stored = subjects?.customer;

  // The request's fields override the stored customer's, field by field (docs/customers.md "How a calculation uses it").
  const customer_type = sale.customer_type ?? stored?.customer_type;
  const location = sale.location ?? stored?.location;
  // Only a sale without customer_id can lack these, and its schema requires them.
  if (customer_type === undefined || location === undefined) throw new Error('a sale without customer_id must state customer_type and location');
  const levelMisfit = governmentLevelMisfit(customer_type, sale.government_level, `the customer's type is ${customer_type}`);
  if (levelMisfit) throw fieldError(governmentLevelPath, levelMisfit);
  const resolved = locationOfSale(location, deps.locations, sale.location === undefined ? sale.customer_id : undefined);
  const declared: DeclaredCustomer = { type: customer_type, tax_id: sale.customer_tax_id ?? stored?.taxId?.value, exempt: sale.exempt };
  // A stored ID is checked as it was on write: by its type when it has one (customer.ts checkTaxId).
  const check = sale.customer_tax_id === undefined && stored?.taxId?.type ? { tax_id: stored.taxId.value, type: stored.taxId.type, locationCountry: resolved.country } : taxIdCheckOf(declared, resolved.country);
  const customer = customerTreatment(declared, resolved.country, await checkedTaxId(check));

  // The day is fixed here, so the ZIP table and the engine's rates are those of the same date.
  // The collection setting and registrations are read only when the sale asks (./sale-collection, loaded on demand);
  // deps without their stores (unit tests' memory ports) collect everywhere.
  const { settings, registrations } = deps;
  const use = sale.collection;
  const collecting = use && settings && registrations ? import('./sale-collection').then((m) => m.saleCollection({ settings, registrations }, accountId, use)) : undefined;
  const [seller, usLocal, collection] = await Promise.all([sellerRead, usLocalRate(deps, resolved, date), collecting]);
  const input = { customer_type: customer.applied_type, location, date, ...(sale.government_level !== undefined ? { government_level: sale.government_level } : {}) };
  const context: TaxRateContext = { seller: { country: seller.country }, usLocal: usLocal.row, usLocalFirstMonth: usLocal.firstMonth, location: resolved, lookups: deps.locations, today };
  // A PICKUP sale is handed over at the selling entity's establishment and taxed there as a domestic sale (issue 13).
  const pickup = lines.some((line) => line.delivery_method === 'PICKUP') ? (await import('./sale-establishment')).establishmentQuote(seller, lines, input, context, deps.locations) : undefined;

  const byKind = new Map<string, RatedLine>();
  const rateLine = (index: number): RatedLine => {
    const line = lines[index]!;
    const code = subjects?.codeOf(index);
    const key = code ? `code|${code.tax_code}|${line.delivery_method ?? ''}|${code.product_id ?? ''}` : `category|${line.product_category}|${line.delivery_method}`;
    let rated = byKind.get(key);
    if (!rated) {
      const [lineInput, lineContext] = pickup && line.delivery_method === 'PICKUP' ? [pickup.input, pickup.context] : [input, context];
      rated = code
        ? subjects!.rateByCode(lineInput, lineContext, code, line.delivery_method)
        : categoryLine(calculateTaxRateDetailed({ ...lineInput, product_category: line.product_category!, delivery_method: line.delivery_method! }, lineContext), line.product_category!, line.delivery_method!);
      if (customer.exempt) rated = whollyExempt(rated);
      else {
        // A line the seller does not collect bears no tax whatever certificate the customer holds.
        if (collection) rated = collection.collect(rated, { sellerId: seller.id, customerType: customer.applied_type, date });
        if (subjects && rated.taxability.taxability_reason !== 'not_collecting') rated = subjects.withCertificate(rated, date);
      }
      byKind.set(key, rated);
    }
    return rated;
  };
  return {
    customer,
    parties: { ...(sale.customer_id !== undefined ? { customer_id: sale.customer_id } : {}), customer_type, location },
    ...(declared.tax_id !== undefined ? { tax_id: declared.tax_id } : {}),
    date,
    seller_id: seller.id,
    line: rateLine,
  };
}

function categoryLine(calculation: TaxRateCalculation, product_category: ProductCategory, delivery_method: DeliveryMethod): RatedLine {
  return {
    rate: calculation,
    product_category,
    delivery_method,
    taxability: { tax_code: defaultTaxCodeIds[product_category], taxability_reason: taxabilityReasonOf(calculation) },
    exemptPercentage: 0,
  };
}

/** The request's `exempt` flag (unify): no tax on any line, whatever the rules say. */
function whollyExempt(line: RatedLine): RatedLine {
  return { ...line, rate: exemptRate(line.rate), taxability: { ...line.taxability, taxability_reason: 'customer_exempt' } };
}

export async function quoteTaxRate(deps: QuoteDeps, accountId: string, request: TaxRateRequest): Promise<TaxRateAnswer> {
  const { product_category, delivery_method, product_id, tax_code, apply_registrations, ...sale } = request;
  const quote = await quoteSale(deps, accountId, { ...sale, ...(apply_registrations ? { collection: 'report' as const } : {}) }, [{ product_category, delivery_method, product_id, tax_code }], () => '');
  const { rate, taxability, exemptPercentage, collecting } = quote.line(0);
  return {
    ...rate.result,
    customer: quote.customer,
    ...(quote.parties.customer_id !== undefined ? { customer_id: quote.parties.customer_id } : {}),
    ...taxabilityFields(taxability, exemptPercentage),
    ...(collecting !== undefined ? { collecting } : {}),
  };
}

/** One quote's rates (the benchmarks profile this path). */
export async function quoteTaxRateDetailed(deps: QuoteDeps, accountId: string, request: TaxRateRequest): Promise<RatedLine['rate']> {
  const { product_category, delivery_method, product_id, tax_code, apply_registrations: _, ...sale } = request;
  return (await quoteSale(deps, accountId, sale, [{ product_category, delivery_method, product_id, tax_code }], () => '')).line(0).rate;
}
