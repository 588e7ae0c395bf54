/**
 * Ports: what quoting a sale reads (src/usecases/sales/quote-sale.ts), with the code only some sales need behind
 * loaders the composition root builds over dynamic imports (src/composition/sale-parts.ts), and the shapes that code
 * answers. Here, not in the use case, so the loaded modules and the quote that loads them depend on this file and
 * never on each other.
 */
import type { LineRate } from '../domain/cart/cart';
import type { LocationInput } from '../domain/fields/sale';
import type { LocationLookups } from '../domain/geography/location';
import type { Entity } from '../domain/records/entity';
import type { LineSubject } from '../domain/sales/line-subject';
import type { LineTaxability } from '../domain/sales/line-taxability';
import type { CheckedTaxId } from '../domain/tax-ids/types';
import type { TaxRateCalculation, TaxRateContext, TaxRateInput } from '../domain/tax/rate-types';
import type { CustomerType, DeliveryMethod, ProductCategory } from '../domain/tax/vocabulary';
import type { CustomerStore, ExemptionStore } from './customers';
import type { Loader } from './loader';
import type { ProductStore } from './products';
import type { ZipRateTable } from './rates';
import type { EntityStore } from './records';
import type { RegistrationStore, SettingsStore } from './registrations';

/**
 * What a quote reads: the seller, the ZIP rates and the offline look-ups always; the stored customer, its
 * certificates and the products when the sale names them; the collection setting and registrations when it asks.
 */
export interface QuoteDeps {
  entities: EntityStore;
  zipRates: ZipRateTable;
  locations: LocationLookups;
  customers: Pick<CustomerStore, 'get'>;
  exemptions: Pick<ExemptionStore, 'listOf'>;
  products: Pick<ProductStore, 'get'>;
  settings: Pick<SettingsStore, 'get'>;
  registrations: Pick<RegistrationStore, 'listAll'>;
  /** The code of sales that name a customer, a product or a tax code (src/usecases/sales/sale-subjects.ts). */
  subjects: Loader<SaleSubjectsModule>;
  /** The collection decision, for sales that ask for it (src/usecases/sales/sale-collection.ts). */
  collection: Loader<SaleCollectionModule>;
  /** Where a PICKUP sale is taxed (src/usecases/sales/sale-establishment.ts). */
  establishments: Loader<EstablishmentModule>;
  /** The tax-ID validators (stdnum and Levy's overrides, about 250 KB minified), for sales that carry a tax ID. */
  taxIds: Loader<TaxIdModule>;
  /**
   * The setting LEVY_US_LOCAL_RATES=required (read when asked, so a test may set it): a US sale with no imported ZIP
   * table in force is refused instead of rated at its state base rate (src/domain/tax/us-placement.ts). Absent: false.
   */
  usLocalRatesRequired?: () => boolean;
}

/** What a stored customer contributes to a sale (docs/customers.md "How a calculation uses it"). */
export interface StoredParties {
  customer_type: CustomerType;
  location: LocationInput;
  /** The first tax ID that validated when stored: it proves business status as `customer_tax_id` does. */
  taxId?: { value: string; type?: string };
}

/** The code a line is taxed under and the product it came from. */
export interface LineCode {
  tax_code: string;
  /** The Stripe code the line named, when it named one (`tax_code` is then its Levy code through the crosswalk). */
  stripe_tax_code?: string;
  product_id?: string;
}

export interface SaleSubjects {
  customer?: StoredParties;
  /** The code of line i, or undefined for a line named by product_category. */
  codeOf(index: number): LineCode | undefined;
  rateByCode(
    input: Omit<TaxRateInput, 'product_category' | 'delivery_method'>,
    context: TaxRateContext,
    code: LineCode,
    delivery: DeliveryMethod | undefined,
  ): RatedLine;
  /** The line with the customer's certificate applied, when one covers its jurisdiction on `date` and tax is due. */
  withCertificate(line: RatedLine, date: string): RatedLine;
}

/**
 * `apply` (unify, transactions): under `registered_only` an uncovered line bears no tax (`not_collecting`).
 * `report` (the rate route's apply_registrations): the line keeps the spec's result and says `collecting`.
 */
export type CollectionUse = 'apply' | 'report';

export interface CollectionSale {
  sellerId: string;
  customerType: CustomerType;
  date: string;
}

// The parts of a quote only some sales need: each is loaded (deps' loaders, built by the composition root over a
// dynamic import) by the first sale that needs it, so a cold start that never sees such a sale never parses it.

export interface SaleSubjectsModule {
  loadSaleSubjects(
    deps: Pick<QuoteDeps, 'customers' | 'exemptions' | 'products'>,
    accountId: string,
    customerId: string | undefined,
    lines: readonly LineSubject[],
    date: string,
    linePath: (index: number) => string,
  ): Promise<SaleSubjects>;
}

export interface SaleCollectionModule {
  saleCollection(
    deps: Pick<QuoteDeps, 'settings' | 'registrations'>,
    accountId: string,
    use: CollectionUse,
  ): Promise<{ collect: (line: RatedLine, sale: CollectionSale) => RatedLine }>;
}

export interface EstablishmentModule {
  establishmentQuote<I extends { location: LocationInput }>(
    seller: Entity,
    lines: readonly LineSubject[],
    input: I,
    context: TaxRateContext,
    lookups: QuoteDeps['locations'],
  ): { input: I; context: TaxRateContext };
}

export interface TaxIdModule {
  checkTaxIdWhere(input: { tax_id: string; type?: string | undefined }, locationCountry: string | undefined): CheckedTaxId;
}

/** One line of a sale, rated: the rates its taxable share bears, what it is, and why it is or is not taxed. */
export interface RatedLine {
  /** Zero for a line wholly exempt by the request's `exempt` flag or a 100 % certificate. */
  rate: LineRate & Pick<TaxRateCalculation, 'basis'>;
  product_category: ProductCategory;
  delivery_method: DeliveryMethod;
  taxability: LineTaxability;
  /** The share of the line's amount a certificate exempts (0 without one): only the rest is taxed. */
  exemptPercentage: number;
  /** Only in the rate route's apply_registrations answer: whether the seller charges this tax (docs/nexus.md). */
  collecting?: boolean;
}
