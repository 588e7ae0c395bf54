/**
 * Use case: a sale decided once, for every route that quotes or records one. Resolves the location offline, reads the
 * seller (the primary entity, or the subsidiary named by entity_id) and the imported ZIP rates in parallel, once per
 * sale, then asks the pure engine once per distinct product (category or tax code) + delivery. rate, unify,
 * transactions, invoices and checkouts all decide here who the customer is taxed as (customerTreatment), which code a
 * line is taxed under, why (`taxability_reason`), which certificate exempts it and what tax each line bears.
 *
 *   rateSale   the sale's customer, parties, seller and each line's rating (the rate route stops here)
 *   quoteSale  the same, with each line's amount taxed: a DecidedSale, what recordDecidedSale (./record-sale) stores
 *              and what unify answers
 *
 * A sale that names a stored customer (`customer_id`), a product (`product_id`) or a catalogue code (`tax_code`)
 * loads the code that reads them (./sale-subjects: the catalogue, the certificate rule, the stores' calls) through
 * `deps.subjects`, so the rate function's cold start never parses it; collection, establishments and the tax-ID
 * validators likewise (the composition root builds the loaders: src/composition/sale-parts.ts).
 */
import { calculateLine, exemptRate, type CartTotals } from '../../domain/cart/cart';
import { exemptByUsCustomerType, settledCustomer, withCertificateMissing } from '../../domain/sales/customer-exemption';
import { found } from '../../domain/errors';
import type { LocationInput } from '../../domain/fields/sale';
import { levelAmounts } from '../../domain/money/levels';
import { splitByExemptPercentage } from '../../domain/money/money';
import type { Entity } from '../../domain/records/entity';
import type { LineSubject, SaleParties } from '../../domain/sales/line-subject';
import { customerTreatment, taxIdCheckOf, type CustomerTreatment, type DeclaredCustomer } from '../../domain/tax/customer-treatment';
import type { CheckedTaxId } from '../../domain/tax-ids/types';
import { calculateTaxRateDetailed, todayUtc } from '../../domain/tax/rate-engine';
import type { Jurisdiction, TaxRateCalculation, TaxRateContext } from '../../domain/tax/rate-types';
import { defaultTaxCodeIds, taxabilityReasonOf } from '../../domain/tax/taxability';
import { governmentLevelMisfit, type DeliveryMethod, type GovernmentLevel, type ProductCategory } from '../../domain/tax/vocabulary';
import { lineTax, type LineFacts, type LineTax, type SaleParties as ResolvedParties } from '../../domain/transactions/sale';
import { fieldError } from '../../domain/validation';
import type { CollectionUse, QuoteDeps, RatedLine, SaleSubjects } from '../../ports/sale-parts';
import { checkPlaced, locationOfSale, originOf, usLocalRate } from './sale-location';
import { stateBaseRateNotesOf } from '../../domain/tax/us-placement';

export type { QuoteDeps, RatedLine } from '../../ports/sale-parts';

export interface SaleRequest<Line extends LineSubject = LineSubject> extends SaleParties {
  customer_tax_id?: string | undefined;
  /** unify only: the caller holds an exemption certificate for the whole sale. */
  exempt?: boolean | undefined;
  government_level?: GovernmentLevel | undefined;
  entity_id?: string | undefined;
  date?: string | undefined;
  /**
   * Whether the collection setting and the seller's registrations decide the lines (./sale-collection):
   * `apply` for unify and transactions, `report` for the rate route's apply_registrations; absent: not read.
   */
  collection?: CollectionUse | undefined;
  line_items: readonly Line[];
}

/** One line of a sale as stated: what it sells and its amount (unify: maybe tax-inclusive; transactions: maybe with the tax charged). */
export interface SaleLine extends LineSubject {
  id: string;
  amount: number;
  tax_inclusive?: boolean | undefined;
  /** The tax the seller already charged on the line (POST /v1/transactions); absent: Levy computes it. */
  tax_amount?: number | undefined;
}

export interface QuoteOptions {
  /** The day the quote is made (the sale's date when it states none). */
  today?: string;
  /** Where the request put government_level, for a refusal to name it (unify: `customer.government_level`). */
  governmentLevelPath?: string;
  /** How a 400 names line i (`line_items[2]`; '' for the rate request, whose one line sits at the top level). */
  linePath?: (index: number) => string;
  /**
   * `quote`: a US location without a state is rated with the engine's note instead of refused (a checkout asks for the
   * missing field through its required_fields); default `refuse` (400 location_incomplete).
   */
  unplacedUsLocation?: 'refuse' | 'quote';
}

/** A sale read and rated once: its customer, its effective parties, and each line's rating. */
export interface RatedSale {
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
  /** Each line of the request, rated (lines of one product and delivery share one rating). */
  rated: RatedLine[];
}

/**
 * A sale decided once, from quote to record: who, where, when and for which seller, each line rated and taxed. unify
 * answers it, and recording stores it as it is (./record-sale recordDecidedSale): the engine is never asked twice.
 */
export interface DecidedSale extends RatedSale {
  /** The rate result's jurisdiction (shared by every line: one location per sale). */
  jurisdiction: Jurisdiction;
  /** Every line at its rate, summed: net and tax of each line (a tax-inclusive amount split), unify's figures. */
  totals: CartTotals;
  /** What the sale stores of each line: its facts (code, reason, certificate, taxed shares) and its tax. */
  lines: { facts: LineFacts; tax: LineTax }[];
  /** The quote's notes a recorded sale keeps: a US rate that is its state base rate only (domain/tax/us-placement.ts). */
  notes?: string[];
}

async function sellerOf(deps: QuoteDeps, accountId: string, entityId: string | undefined): Promise<Entity> {
  if (entityId) return found(await deps.entities.get(accountId, entityId), 'entity', entityId);
  const primary = await deps.entities.primary(accountId);
  // Every account is created with its primary entity; its absence is a broken record, not a client error.
  if (!primary) throw new Error(`Account ${accountId} has no primary entity`);
  return primary;
}

/**
 * The tax-ID validators load on the first sale that carries a tax ID (deps.taxIds): most quotes carry none, so a
 * container that never sees a tax ID never loads them.
 */
async function checkedTaxId(
  deps: Pick<QuoteDeps, 'taxIds'>,
  check: { tax_id: string; type?: string; locationCountry: string | undefined } | null,
): Promise<CheckedTaxId | null> {
  if (!check) return null;
  const { checkTaxIdWhere } = await deps.taxIds.load();
  return checkTaxIdWhere(check, check.locationCountry);
}

const namesSubjects = (sale: SaleRequest): boolean =>
  sale.customer_id !== undefined || sale.line_items.some((line) => line.product_id !== undefined || line.tax_code !== undefined);

const lineItemPath = (index: number) => `line_items[${index}]`;

/**
 * The sale's customer: the request's fields over the stored customer's, field by field (docs/customers.md "How a
 * calculation uses it"), its location resolved and its tax ID checked, then the treatment they decide.
 */
async function customerOfSale(deps: QuoteDeps, sale: SaleRequest, stored: SaleSubjects['customer'], governmentLevelPath: string) {
  const customer_type = sale.customer_type ?? stored?.customer_type;
  const location = sale.location ?? stored?.location;
  // Only a sale without customer_id can lack these, and its schema requires them.
  if (customer_type === undefined || location === undefined) throw new Error('a sale without customer_id must state customer_type and location');
  const levelMisfit = governmentLevelMisfit(customer_type, sale.government_level, `the customer's type is ${customer_type}`);
  if (levelMisfit) throw fieldError(governmentLevelPath, levelMisfit);
  const resolved = locationOfSale(location, deps.locations, sale.location === undefined ? sale.customer_id : undefined);
  const declared: DeclaredCustomer = { type: customer_type, tax_id: sale.customer_tax_id ?? stored?.taxId?.value, exempt: sale.exempt };
  // A stored ID is checked as it was on write: by its type when it has one (customer.ts checkTaxId).
  const check =
    sale.customer_tax_id === undefined && stored?.taxId?.type
      ? { tax_id: stored.taxId.value, type: stored.taxId.type, locationCountry: resolved.country }
      : taxIdCheckOf(declared, resolved.country);
  const customer = customerTreatment(declared, resolved.country, await checkedTaxId(deps, check));
  return { customer_type, location, resolved, declared, customer };
}

type RateInput = { customer_type: CustomerTreatment['applied_type']; location: LocationInput; date: string; government_level?: GovernmentLevel };

/** What rates a sale's lines: the sale-wide input and context (the establishment's for PICKUP lines), the customer, collection and certificates. */
interface LineRating {
  subjects: SaleSubjects | undefined;
  input: RateInput;
  context: TaxRateContext;
  pickup: { input: RateInput; context: TaxRateContext } | undefined;
  customer: CustomerTreatment;
  collection:
    { collect: (line: RatedLine, sale: { sellerId: string; customerType: CustomerTreatment['applied_type']; date: string }) => RatedLine } | undefined;
  sellerId: string;
  date: string;
}

/** Each line's rating, computed once per kind of line (same code or category and delivery): a cart repeats kinds. */
function rateLines(lines: SaleRequest['line_items'], rating: LineRating): RatedLine[] {
  const { subjects, input, context, pickup, customer, collection, sellerId, date } = rating;
  const byKind = new Map<string, RatedLine>();
  const rateLine = (index: number): RatedLine => {
    const line = lines[index]!;
    const code = subjects?.codeOf(index);
    const key = code
      ? `code|${code.tax_code}|${line.delivery_method ?? ''}|${code.product_id ?? ''}`
      : `category|${line.product_category}|${line.delivery_method}`;
    let rated = byKind.get(key);
    if (!rated) {
      const [lineInput, lineContext] = pickup && line.delivery_method === 'PICKUP' ? [pickup.input, pickup.context] : [input, context];
      const rateAs = (asInput: RateInput): RatedLine =>
        code
          ? subjects!.rateByCode(asInput, lineContext, code, line.delivery_method)
          : categoryLine(
              calculateTaxRateDetailed({ ...asInput, product_category: line.product_category!, delivery_method: line.delivery_method! }, lineContext),
              line.product_category!,
              line.delivery_method!,
            );
      rated = rateAs(lineInput);
      // A stored customer's type exempts a US line only with a certificate for its state: rated as the business
      // purchase it is, the certificate below exempts it, or the missing one is noted (customer-exemption.ts).
      const certificatesDecide = subjects?.customer !== undefined && !customer.exempt && exemptByUsCustomerType(rated);
      if (certificatesDecide) rated = rateAs({ customer_type: 'B2B', location: lineInput.location, date: lineInput.date });
      if (customer.exempt) rated = whollyExempt(rated);
      else {
        // A line the seller does not collect bears no tax whatever certificate the customer holds.
        if (collection) rated = collection.collect(rated, { sellerId, customerType: customer.applied_type, date });
        if (subjects && rated.taxability.taxability_reason !== 'not_collecting') rated = subjects.withCertificate(rated, date);
      }
      if (certificatesDecide && rated.taxability.exemption === undefined && rated.rate.totalPpm > 0) rated = withCertificateMissing(rated);
      byKind.set(key, rated);
    }
    return rated;
  };
  return lines.map((_, index) => rateLine(index));
}

/** Where a PICKUP sale is rated (./sale-establishment), with the ZIP table in force there on the sale's date. */
async function establishmentRating(deps: QuoteDeps, seller: Entity, lines: SaleRequest['line_items'], input: RateInput, context: TaxRateContext, date: string) {
  const pickup = (await deps.establishments.load()).establishmentQuote(seller, lines, input, context, deps.locations);
  const place = pickup.context.location!;
  const zip = await usLocalRate(deps, place, date, { entityId: seller.id });
  return { input: pickup.input, context: { ...pickup.context, usLocal: zip.row, usLocalFirstMonth: zip.firstMonth } };
}

/**
 * Reads and rates what a sale needs, once: the stored customer and its certificates, the products' codes on the
 * sale's date (./sale-subjects, loaded only when the sale names them), the location, the customer treatment, the
 * seller and the ZIP rates, then each line's rating.
 */
export async function rateSale(deps: QuoteDeps, accountId: string, sale: SaleRequest, options: QuoteOptions = {}): Promise<RatedSale> {
  const { today = todayUtc(), governmentLevelPath = 'government_level', linePath = lineItemPath } = options;
  const lines = sale.line_items;
  const date = sale.date ?? today;
  // The seller is read while the subjects load; it is awaited after them and the checks below, so when both fail the
  // subjects' (or a check's) refusal still wins. The no-op catch keeps an unawaited failure from being unhandled.
  const sellerRead = sellerOf(deps, accountId, sale.entity_id);
  sellerRead.catch(() => {});
  const subjects: SaleSubjects | undefined = namesSubjects(sale)
    ? await (await deps.subjects.load()).loadSaleSubjects(deps, accountId, sale.customer_id, lines, date, linePath)
    : undefined;

  const { customer_type, location, resolved, declared, customer } = await customerOfSale(deps, sale, subjects?.customer, governmentLevelPath);
  // A sale wholly collected at the seller's establishment is not rated where the customer is (./sale-establishment).
  const atEstablishment = lines.every((line) => line.delivery_method === 'PICKUP');
  const origin = atEstablishment ? undefined : originOf(sale);
  if (origin && options.unplacedUsLocation !== 'quote') checkPlaced(resolved, origin);

  // The day is fixed here, so the ZIP table and the engine's rates are those of the same date.
  // The collection setting and registrations are read only when the sale asks (./sale-collection, loaded on demand).
  const { settings, registrations } = deps;
  const use = sale.collection;
  const collecting = use ? deps.collection.load().then((m) => m.saleCollection({ settings, registrations }, accountId, use)) : undefined;
  const [seller, usLocal, collection] = await Promise.all([sellerRead, usLocalRate(deps, resolved, date, origin), collecting]);
  const input = {
    customer_type: customer.applied_type,
    location,
    date,
    ...(sale.government_level !== undefined ? { government_level: sale.government_level } : {}),
  };
  const context: TaxRateContext = {
    seller: { country: seller.country },
    usLocal: usLocal.row,
    usLocalFirstMonth: usLocal.firstMonth,
    location: resolved,
    lookups: deps.locations,
    today,
  };
  // A PICKUP sale is handed over at the selling entity's establishment and taxed there as a domestic sale.
  const pickup = lines.some((line) => line.delivery_method === 'PICKUP') ? await establishmentRating(deps, seller, lines, input, context, date) : undefined;

  const rated = rateLines(lines, { subjects, input, context, pickup, customer, collection, sellerId: seller.id, date });
  return {
    customer: settledCustomer(customer, rated, sale.customer_id, date),
    parties: { ...(sale.customer_id !== undefined ? { customer_id: sale.customer_id } : {}), customer_type, location },
    ...(declared.tax_id !== undefined ? { tax_id: declared.tax_id } : {}),
    date,
    seller_id: seller.id,
    rated,
  };
}

/**
 * The sale decided: rated (rateSale), then each line's amount taxed. A line's tax is the engine's on the share a
 * certificate leaves taxable (a tax-inclusive amount split into net and tax), or the tax the seller states it charged
 * (`tax_amount`, split over the levels the same way). Which share is taxable is Levy's decision even when the seller
 * states the tax: a sale the law taxes stays a taxable sale in the records and the exposure report whatever tax was
 * collected (tax_source says whose tax it is).
 */
export async function quoteSale(deps: QuoteDeps, accountId: string, request: SaleRequest<SaleLine>, options: QuoteOptions = {}): Promise<DecidedSale> {
  const sale = await rateSale(deps, accountId, request, options);
  const jurisdiction = sale.rated[0]!.rate.result.jurisdiction;
  const cartLines = request.line_items.map((line, index) => {
    const { rate, exemptPercentage } = sale.rated[index]!;
    return calculateLine({ id: line.id, amount: line.amount, tax_inclusive: line.tax_inclusive ?? false }, rate, exemptPercentage);
  });
  const subtotal = cartLines.reduce((sum, l) => sum + l.net_amount, 0);
  const tax_total = cartLines.reduce((sum, l) => sum + l.tax_amount, 0);
  const lines = request.line_items.map((line, index) => {
    const { rate, product_category, delivery_method, taxability, exemptPercentage } = sale.rated[index]!;
    const cart = cartLines[index]!;
    const tax: LineTax =
      line.tax_amount !== undefined
        ? lineTax(splitByExemptPercentage(cart.net_amount, exemptPercentage).taxable, rate.ppm, line.tax_amount, jurisdiction)
        : { tax_amount: cart.tax_amount, tax_source: 'computed', tax_breakdown: levelAmounts((level) => cart.breakdown[level].amount) };
    const facts: LineFacts = { product_category, delivery_method, taxability, taxable_amount: cart.taxable_amount, exempt_amount: cart.exempt_amount };
    return { facts, tax };
  });
  const notes = stateBaseRateNotesOf(sale.rated.map((line) => line.rate.result.notes));
  return { ...sale, jurisdiction, totals: { line_items: cartLines, subtotal, tax_total, total: subtotal + tax_total }, lines, notes };
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
