// Domain (pure given its lookups): the tax-rate engine behind POST /v1/tax/rate, unify and transactions.
import { countryName, euMemberStates, subdivisionName, vatAreaOf } from './countries';
import { resolveLocation, type LocationLookups, type LocationSource, type ResolvedLocation } from './location';
import { fractionToPpm, percentToPpm, ppmToFraction, scalePpm } from './money';
import {
  canadaProvince,
  canadaProvincialRate,
  canadaResaleRule,
  reducedVatRate,
  standardVatRate,
  usExemptions,
  usState,
  usStateBaseRate,
  usTaxability,
  type UsCategory,
} from './rate-data';
import type { CustomerType, DeliveryMethod, LocationInput, ProductCategory } from './rate-request';
import { defaultLocationLookups } from '../geo';

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
  /** A location the caller already resolved (to look up usLocal); resolved here from the input otherwise. */
  location?: ResolvedLocation;
  /** Offline look-ups; defaults to functions/geo. */
  lookups?: LocationLookups;
  /** "Today" as YYYY-MM-DD (UTC) when the input has no date; defaults to the clock. */
  today?: string;
}

export interface TaxRateInput {
  product_category: ProductCategory;
  delivery_method: DeliveryMethod;
  customer_type: CustomerType;
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
export interface TaxRateResult {
  taxable: boolean;
  country_rate: number;
  state_rate: number;
  county_rate: number;
  additional_rate: number;
  special_rate: number;
  total_rate: number;
  reverse_charge_applicable: boolean;
  exempt: boolean;
  jurisdiction: Jurisdiction;
  location_source: LocationSource;
  /** Machine-readable remarks (e.g. us_local_rate_unavailable), present only when there is something to say. */
  notes?: string[];
}

/** The five parts in integer ppm; total is their exact sum. Money code (unify, transactions) computes with these. */
export interface RatePartsPpm {
  country: number;
  state: number;
  county: number;
  additional: number;
  special: number;
  total: number;
}

export interface TaxRateCalculation {
  result: TaxRateResult;
  ppm: RatePartsPpm;
  location: ResolvedLocation;
  /** The date whose rates were applied. */
  date: string;
}

interface Outcome {
  taxable: boolean;
  exempt?: boolean;
  reverseCharge?: boolean;
  parts?: Partial<Omit<RatePartsPpm, 'total'>>;
  jurisdiction?: Partial<Jurisdiction>;
  notes?: string[];
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The rate for a sale, with its ppm parts (see TaxRateCalculation). Throws ValidationError for a bad location. */
export function calculateTaxRateDetailed(input: TaxRateInput, context: TaxRateContext): TaxRateCalculation {
  const date = input.date ?? context.today ?? todayUtc();
  const lookups = context.lookups ?? defaultLocationLookups;
  const location = context.location ?? resolveLocation(input.location, lookups);
  const seller = { country: context.seller.country.toUpperCase(), state: context.seller.state ?? undefined };

  const outcome =
    location.country === 'US'
      ? usOutcome(input, location, context.usLocal, date)
      : location.country === 'CA'
        ? canadaOutcome(input, location, seller.country, date)
        : vatOutcome(input, location, seller.country, date);

  const zeroed = !outcome.taxable || outcome.exempt || outcome.reverseCharge;
  const parts = zeroed ? {} : outcome.parts ?? {};
  const ppm: RatePartsPpm = {
    country: parts.country ?? 0,
    state: parts.state ?? 0,
    county: parts.county ?? 0,
    additional: parts.additional ?? 0,
    special: parts.special ?? 0,
    total: 0,
  };
  ppm.total = ppm.country + ppm.state + ppm.county + ppm.additional + ppm.special;

  const jurisdiction = baseJurisdiction(location, lookups, outcome.jurisdiction);
  const result: TaxRateResult = {
    taxable: outcome.taxable,
    country_rate: ppmToFraction(ppm.country),
    state_rate: ppmToFraction(ppm.state),
    county_rate: ppmToFraction(ppm.county),
    additional_rate: ppmToFraction(ppm.additional),
    special_rate: ppmToFraction(ppm.special),
    total_rate: ppmToFraction(ppm.total),
    reverse_charge_applicable: outcome.reverseCharge ?? false,
    exempt: outcome.exempt ?? false,
    jurisdiction,
    location_source: location.source,
    ...(outcome.notes && outcome.notes.length > 0 ? { notes: outcome.notes } : {}),
  };
  return { result, ppm, location, date };
}

/** The public result of POST /v1/tax/rate (spec 2.3 + jurisdiction + location_source). */
export function calculateTaxRate(input: TaxRateInput, context: TaxRateContext): TaxRateResult {
  return calculateTaxRateDetailed(input, context).result;
}

function baseJurisdiction(location: ResolvedLocation, lookups: LocationLookups, override: Partial<Jurisdiction> | undefined): Jurisdiction {
  const country = override?.country ?? location.country;
  const jurisdiction: Jurisdiction = { country, country_name: countryName(country) };
  if (override?.country && override.country !== location.country) return jurisdiction; // tax due where the supplier is
  const state = location.state;
  if (state !== undefined) {
    jurisdiction.state = state;
    const name = subdivisionName(location.country, state);
    if (name) jurisdiction.state_name = name;
  }
  if (location.country === 'US' && location.postal_code && state) {
    const county = lookups.countyForZip(location.postal_code, state);
    if (county) jurisdiction.county = county;
  }
  if (override?.city) jurisdiction.city = override.city;
  return jurisdiction;
}

// ---------------------------------------------------------------------------------------------------------------
// VAT / GST countries

/** Business customers for VAT: RESELLER is a business buying for resale (no resale exemption in VAT systems). */
const isBusiness = (customerType: CustomerType): boolean => customerType === 'B2B' || customerType === 'RESELLER';

function vatOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const buyer = location.country;
  const crossBorder = vatAreaOf(sellerCountry) !== vatAreaOf(buyer);

  // Remote professional services to consumers: EU place of supply is the supplier's country (VAT Directive Art. 45).
  if (
    input.product_category === 'PROFESSIONAL_SERVICES' &&
    input.delivery_method !== 'IN_PERSON' &&
    !isBusiness(input.customer_type) &&
    crossBorder &&
    euMemberStates.has(vatAreaOf(buyer))
  ) {
    if (!euMemberStates.has(vatAreaOf(sellerCountry))) {
      return { taxable: false, notes: ['outside_scope_supplier_outside_eu_art45'] };
    }
    const sellerRate = categoryVatRate(vatAreaOf(sellerCountry), input.product_category, date);
    return sellerRate === undefined
      ? { taxable: false }
      : { taxable: true, parts: { country: sellerRate }, jurisdiction: { country: vatAreaOf(sellerCountry) }, notes: ['place_of_supply_supplier_country_art45'] };
  }

  const rate = categoryVatRate(buyer, input.product_category, date);
  if (rate === undefined) return { taxable: false, notes: ['no_vat_or_gst_in_country'] };
  if (isBusiness(input.customer_type) && crossBorder) return { taxable: true, reverseCharge: true };
  const notes = input.customer_type === 'GOVERNMENT' || input.customer_type === 'NONPROFIT' ? ['vat_applies_to_public_bodies_and_charities_as_final_consumers'] : [];
  return { taxable: true, parts: { country: rate }, notes };
}

/** The VAT rate in ppm for a category (reduced e-book rate where the data has one), undefined without VAT. */
function categoryVatRate(country: string, category: ProductCategory, date: string): number | undefined {
  const standard = standardVatRate(country, date);
  if (!standard) return undefined;
  return reducedVatRate(country, category, date)?.ppm ?? standard.ppm;
}

// ---------------------------------------------------------------------------------------------------------------
// Canada: GST federal (country_rate) + the provincial part (state_rate)

function canadaOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const gst = standardVatRate('CA', date)!.ppm;
  if (isBusiness(input.customer_type) && sellerCountry !== 'CA') {
    // Imported services and intangibles: a registered business self-assesses (Excise Tax Act ss. 217-218).
    return { taxable: true, reverseCharge: true };
  }
  const province = location.state ? canadaProvince(location.state) : undefined;
  if (!province) return { taxable: true, parts: { country: gst }, notes: ['province_unknown_gst_only'] };

  const provincial = canadaProvincialRate(province, date).ppm;
  if (province.regime === 'GST_PST') {
    const pstApplies = province.provincial_tax_applies[input.product_category] ?? false;
    const resale = input.customer_type === 'RESELLER' && canadaResaleRule.value;
    const notes = resale ? ['pst_exempt_for_resale'] : [];
    return { taxable: true, parts: { country: gst, state: pstApplies && !resale ? provincial : 0 }, notes };
  }
  return { taxable: true, parts: { country: gst, state: provincial } };
}

// ---------------------------------------------------------------------------------------------------------------
// United States: state, county, city (additional) and special districts from the ZIP5 row

function titleCase(name: string): string {
  return name.toLowerCase().replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

/**
 * The ZIP5 row's parts in ppm, made to add up to its combined rate. Avalara truncates each part to 6 decimals, so
 * in ~1 % of rows the parts sum to 1 ppm less than EstimatedCombinedRate (Fort Collins: city 0.043499 for 4.35 %).
 * The missing ppm goes back to the truncated part (the one ending in 9), else to the largest local part; a larger
 * gap means a bad row and the parts are kept as published.
 */
export function reconciledLocalParts(row: UsLocalRate): { state: number; county: number; additional: number; special: number } {
  const parts = {
    state: fractionToPpm(row.state_rate),
    county: fractionToPpm(row.county_rate),
    additional: fractionToPpm(row.city_rate),
    special: fractionToPpm(row.special_rate),
  };
  const gap = fractionToPpm(row.combined_rate) - (parts.state + parts.county + parts.additional + parts.special);
  if (gap === 0 || Math.abs(gap) > 2) return parts;
  const locals = (['additional', 'county', 'special'] as const).filter((key) => parts[key] > 0);
  const truncated = locals.find((key) => parts[key] % 10 === 9) ?? [...locals].sort((a, b) => parts[b] - parts[a])[0] ?? 'state';
  parts[truncated] += gap;
  return parts;
}

function usOutcome(input: TaxRateInput, location: ResolvedLocation, usLocal: UsLocalRate | null, date: string): Outcome {
  const state = location.state ? usState(location.state) : undefined;
  if (!state) return { taxable: false, notes: [location.state ? 'us_state_without_sales_tax_data' : 'us_state_required_for_sales_tax'] };

  const notes: string[] = [];
  const local = usLocal && usLocal.state === state.code && usLocal.zip === location.postal_code ? usLocal : null;
  if (!local) notes.push(location.postal_code ? 'us_local_rate_unavailable_state_base_rate_used' : 'us_postal_code_missing_state_base_rate_used');

  const category = input.product_category;
  const rule = category === 'PHYSICAL_GOODS' ? undefined : usTaxability(state, category as UsCategory, date, input.customer_type);
  let parts: Omit<RatePartsPpm, 'total'>;
  if (local) {
    const row = reconciledLocalParts(local);
    parts = {
      country: 0,
      state: rule?.state_rate_pct !== undefined ? percentToPpm(rule.state_rate_pct) : row.state,
      county: rule?.local === false ? 0 : row.county,
      additional: rule?.local === false ? 0 : row.additional,
      special: rule?.local === false ? 0 : row.special,
    };
  } else {
    const base = usStateBaseRate(state, date).ppm;
    parts = { country: 0, state: rule?.state_rate_pct !== undefined ? percentToPpm(rule.state_rate_pct) : base, county: 0, additional: 0, special: 0 };
  }
  if (rule?.share_pct !== undefined) {
    // Only a share of the price is taxable (Texas: 80 % of data processing): expressed as an effective rate.
    parts = {
      country: 0,
      state: scalePpm(parts.state, rule.share_pct),
      county: scalePpm(parts.county, rule.share_pct),
      additional: scalePpm(parts.additional, rule.share_pct),
      special: scalePpm(parts.special, rule.share_pct),
    };
    notes.push(`taxable_share_${rule.share_pct}_percent`);
  }

  const total = parts.state + parts.county + parts.additional + parts.special;
  const taxable = rule ? rule.taxable : total > 0 || state.local_sales_taxes;
  const city = local && local.city_rate > 0 && local.region_name ? { city: titleCase(local.region_name) } : undefined;

  const exemption = usExemptions[input.customer_type];
  const exempt =
    exemption?.exempt === true || (input.customer_type === 'NONPROFIT' && state.nonprofit_exempt);
  if (exempt) notes.push(`customer_exempt_${input.customer_type.toLowerCase()}`);
  return { taxable, exempt, parts, jurisdiction: city, notes };
}
