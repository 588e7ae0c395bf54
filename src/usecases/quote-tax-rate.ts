/**
 * Use case: the tax rates of a sale for an account. Resolves the location offline, reads the seller (the primary
 * entity, or the subsidiary named by entity_id) and the imported ZIP rates in parallel, once per sale, then asks the
 * pure engine once per distinct category + delivery. Shared by tax-rate, unify and transactions. POST /v1/tax/rate
 * decides who the customer is taxed as exactly like unify (customerTreatment), and says so in `customer`.
 */
import { found } from '../domain/errors';
import { resolveLocation, type ResolvedLocation } from '../domain/geography/location';
import type { Entity } from '../domain/records/entity';
import { customerTreatment, taxIdCheckOf, type CustomerTreatment, type DeclaredCustomer } from '../domain/tax/customer-treatment';
import type { TaxIdValidation } from '../domain/tax-ids/types';
import { calculateTaxRateDetailed, todayUtc } from '../domain/tax/rate-engine';
import type { TaxRateCalculation, TaxRateInput, TaxRateResult } from '../domain/tax/rate-types';
import { monthOfDate, type ZipRateOnMonth } from '../domain/tax/zip-rate-months';
import type { Ports } from '../ports/ports';

export type QuoteDeps = Pick<Ports, 'entities' | 'zipRates' | 'locations'>;

export interface RateQuoteRequest extends TaxRateInput {
  entity_id?: string;
}

/** POST /v1/tax/rate's request: a sale and, optionally, the customer's tax ID (B2B needs one, as in unify). */
export interface TaxRateRequest extends RateQuoteRequest {
  customer_tax_id?: string;
}

/** POST /v1/tax/rate's answer: the rate for the applied customer type, and how that type was decided. */
export type TaxRateAnswer = TaxRateResult & { customer: CustomerTreatment };

/** What every line of one sale shares: customer, place, date and seller. */
export type SaleContext = Omit<RateQuoteRequest, 'product_category' | 'delivery_method'>;

/** What varies per line. */
export type LineKind = Pick<TaxRateInput, 'product_category' | 'delivery_method'>;

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

/** Reads what the sale needs once; the returned function rates each line kind (memoised). */
export async function saleRateQuoter(deps: QuoteDeps, accountId: string, sale: SaleContext): Promise<(line: LineKind) => TaxRateCalculation> {
  return quoterAt(deps, accountId, sale, resolveLocation(sale.location, deps.locations));
}

async function quoterAt(deps: QuoteDeps, accountId: string, sale: SaleContext, location: ResolvedLocation): Promise<(line: LineKind) => TaxRateCalculation> {
  // The day is fixed here, so the ZIP table and the engine's rates are those of the same date.
  const today = todayUtc();
  const [seller, usLocal] = await Promise.all([sellerOf(deps, accountId, sale.entity_id), usLocalRate(deps, location, sale.date ?? today)]);
  const byKind = new Map<string, TaxRateCalculation>();
  return (line) => {
    const key = `${line.product_category}|${line.delivery_method}`;
    let calculation = byKind.get(key);
    if (!calculation) {
      calculation = calculateTaxRateDetailed({ ...sale, product_category: line.product_category, delivery_method: line.delivery_method }, {
        seller: { country: seller.country },
        usLocal: usLocal.row,
        usLocalFirstMonth: usLocal.firstMonth,
        location,
        lookups: deps.locations,
        today,
      });
      byKind.set(key, calculation);
    }
    return calculation;
  };
}

/**
 * The tax-ID validators (stdnum and Levy's overrides, about 250 KB minified) load on the first sale that carries a tax
 * ID: most quotes carry none, so the bundle keeps them in a chunk of their own (lib/bundling.ts splits the bundle at
 * dynamic imports) and a container that never sees a tax ID never loads them. Node caches the module after that.
 */
async function validatedTaxId(check: ReturnType<typeof taxIdCheckOf>): Promise<TaxIdValidation | null> {
  if (!check) return null;
  const { validateTaxIdWhere } = await import('../domain/tax-ids/validator');
  return validateTaxIdWhere(check, check.locationCountry);
}

/**
 * The customer treatment and the rates of a sale whose customer is declared (rate, unify and transactions): the
 * location is resolved first, so a tax ID is checked against the resolved country even when the location was given
 * only by postal code or IP address; the lines are then rated for the applied customer type.
 */
export async function customerSaleQuoter(
  deps: QuoteDeps,
  accountId: string,
  sale: Omit<SaleContext, 'customer_type'>,
  declared: DeclaredCustomer,
): Promise<{ customer: CustomerTreatment; quote: (line: LineKind) => TaxRateCalculation }> {
  const location = resolveLocation(sale.location, deps.locations);
  const customer = customerTreatment(declared, location.country, await validatedTaxId(taxIdCheckOf(declared, location.country)));
  const quote = await quoterAt(deps, accountId, { ...sale, customer_type: customer.applied_type }, location);
  return { customer, quote };
}

export async function quoteTaxRateDetailed(deps: QuoteDeps, accountId: string, request: RateQuoteRequest): Promise<TaxRateCalculation> {
  return (await saleRateQuoter(deps, accountId, request))(request);
}

export async function quoteTaxRate(deps: QuoteDeps, accountId: string, request: TaxRateRequest): Promise<TaxRateAnswer> {
  const { customer_tax_id, customer_type, ...sale } = request;
  const { customer, quote } = await customerSaleQuoter(deps, accountId, sale, { type: customer_type, tax_id: customer_tax_id });
  return { ...quote({ product_category: request.product_category, delivery_method: request.delivery_method }).result, customer };
}
