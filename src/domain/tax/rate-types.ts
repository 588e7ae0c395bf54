/** Domain (pure, types only): what the rate engine takes and answers, shared by the engine and its rule modules. */
import type { LocationInput } from '../fields/sale';
import type { LocationLookups, LocationSource, ResolvedLocation } from '../geography/location';
import type { LevelAmounts, LevelRateFields, TaxLevel } from '../money/levels';
import type { CustomerType, DeliveryMethod, GovernmentLevel, ProductCategory } from './vocabulary';
import type { DatedRate } from './rate-data';

/** One row of the ZIP5 rate table (Avalara TAXRATES_ZIP5 format) as the Rates store returns it; rates are fractions. */
export interface UsLocalRate {
  zip: string;
  state: string;
  region_name: string;
  state_rate: number;
  county_rate: number;
  city_rate: number;
  special_rate: number;
  combined_rate: number;
  /** YYYY-MM of the table the row was imported from. */
  effective_month: string;
}

/** The selling entity: the account's primary entity or the subsidiary named by entity_id. */
export interface SellerContext {
  country: string;
  state?: string | null;
}

export interface TaxRateContext {
  seller: SellerContext;
  /** The ZIP5 row for the resolved US ZIP, or null when none was imported (then the state base rate is used). */
  usLocal: UsLocalRate | null;
  /** When usLocal is null because the ZIP's imported tables all start after the date: the first month (YYYY-MM). */
  usLocalFirstMonth?: string;
  /** A location the caller already resolved (to look up usLocal); resolved here from the input with `lookups` otherwise. */
  location?: ResolvedLocation;
  /** Offline look-ups (IP -> country, ZIP -> state and county): src/adapters/geo in production. */
  lookups: LocationLookups;
  /** "Today" as YYYY-MM-DD (UTC) when the input has no date; defaults to the clock. */
  today?: string;
}

/**
 * A tax code as the rules read it, resolved from the catalogue by src/domain/tax/tax-codes.ts (so the rate engine
 * never loads the catalogue): whose rows apply in the US and in VAT/GST countries, and the US buyer group it forces.
 */
export interface TaxCodeRules {
  /** The code whose rows apply in the US (data/us-states.json tax_codes): the code itself or the one it follows. */
  readonly us: string;
  /** The code whose rows apply in VAT/GST countries and Canada (data/vat-tax-code-rates.json, canada-provinces.json). */
  readonly vat: string;
  /**
   * That code's own VAT rate in a country on a date, read by the catalogue's chunk; without a row then, 'category'
   * (its category's rate applies), or 'unmodelled' when it has rows elsewhere but none here on that date (the
   * category rate is only a stand-in).
   */
  readonly vatRate: (country: string, date: string) => DatedRate | 'category' | 'unmodelled';
  /** A business-use code reads the B2B rows and a personal-use code the B2C rows, whoever the buyer is. */
  readonly usGroup?: 'B2B' | 'B2C';
}

export interface TaxRateInput {
  product_category: ProductCategory;
  /** A tax code refining the category (its rows win over the category's); absent: the category's rules alone. */
  tax_code_rules?: TaxCodeRules;
  delivery_method: DeliveryMethod;
  customer_type: CustomerType;
  /** Only with GOVERNMENT; absent: federal (docs/tax-rules.md). */
  government_level?: GovernmentLevel;
  location: LocationInput;
  date?: string;
}

export interface Jurisdiction {
  country: string;
  country_name: string;
  state?: string;
  state_name?: string;
  county?: string;
  city?: string;
}

/** Spec 2.3 plus where the tax is due and where the location came from. Rates are decimal fractions, 6 places. */
export interface TaxRateResult extends LevelRateFields {
  taxable: boolean;
  total_rate: number;
  reverse_charge_applicable: boolean;
  exempt: boolean;
  jurisdiction: Jurisdiction;
  location_source: LocationSource;
  /** Machine-readable remarks (e.g. us_local_rate_unavailable), present only when there is something to say. */
  notes?: string[];
}

export interface TaxRateCalculation {
  result: TaxRateResult;
  /** The level rates in integer ppm: money code (unify, transactions) computes with these. */
  ppm: LevelAmounts;
  /** Their exact sum. */
  totalPpm: number;
  location: ResolvedLocation;
  /** The date whose rates were applied. */
  date: string;
  /** The rule or rate row the answer rests on (absent where only a note explains it). */
  basis?: RuleBasis;
}

/**
 * What an outcome rests on: the source of the rule or rate row applied, and whether that rate is the jurisdiction's
 * standard one, a reduced one, or zero (zero-rated: taxable at 0 %, unlike a product the jurisdiction does not tax).
 */
export interface RuleBasis {
  source: string;
  rate: 'standard' | 'reduced' | 'zero';
}

/** What one jurisdiction's rules decide about a sale; the engine turns it into the result. */
export interface Outcome {
  taxable: boolean;
  exempt?: boolean;
  reverseCharge?: boolean;
  /** The levels the customer self-assesses under the reverse charge; absent: every level (Canada: not the PST). */
  reverseChargeLevels?: readonly TaxLevel[];
  parts?: Partial<LevelAmounts>;
  jurisdiction?: Partial<Jurisdiction>;
  notes?: string[];
  basis?: RuleBasis;
}
