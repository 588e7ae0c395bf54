/** Domain (pure): the United States: state, county, city (additional) and special districts from the ZIP5 row. */
import type { ResolvedLocation } from '../geography/location';
import { levelAmounts, sumLevels, type LevelAmounts } from '../money/levels';
import { fractionToPpm, percentToPpm, scalePpm } from '../money/money';
import {
  usGovernmentRule,
  usResaleExemption,
  usState,
  usStateBaseRate,
  usTaxability,
  usTaxCodeTaxability,
  type UsCategory,
  type UsStateData,
  type UsTaxabilityRule,
} from './rate-data';
import type { Outcome, RuleBasis, TaxRateInput, UsLocalRate } from './rate-types';
import type { CustomerType } from './vocabulary';

/** Title case of a region name, memoised (names repeat; at most TITLES kept, cleared when full). */
function titleCase(name: string): string {
  let title = titles.get(name);
  if (title === undefined) {
    title = name.toLowerCase().replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
    if (titles.size >= TITLES) titles.clear();
    titles.set(name, title);
  }
  return title;
}
const TITLES = 4_096;
const titles = new Map<string, string>();

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

/**
 * reconciledLocalParts of a ZIP row, memoised per row object (rows come from the container's cache and repeat; a
 * WeakMap keeps nothing alive). Frozen, as every quote of the row shares it.
 */
function localPartsOf(row: UsLocalRate): Readonly<ReturnType<typeof reconciledLocalParts>> {
  let parts = localParts.get(row);
  if (parts === undefined) {
    parts = Object.freeze(reconciledLocalParts(row));
    localParts.set(row, parts);
  }
  return parts;
}
const localParts = new WeakMap<UsLocalRate, Readonly<ReturnType<typeof reconciledLocalParts>>>();

/** `usLocalFirstMonth`: set when the ZIP has imported tables, but only for months after the date's (zip-rate-months.ts). */
export function usOutcome(input: TaxRateInput, location: ResolvedLocation, usLocal: UsLocalRate | null, date: string, usLocalFirstMonth?: string): Outcome {
  const state = location.state ? usState(location.state) : undefined;
  if (!state) return { taxable: false, notes: [location.state ? 'us_state_without_sales_tax_data' : 'us_state_required_for_sales_tax'], basis: noStateBasis };

  // The state's rate history decides which dates Levy can answer (422 outside it), with or without a ZIP row.
  const baseRate = usStateBaseRate(state, date);
  const base = baseRate.ppm;
  const notes: string[] = [];
  const local = usLocal && usLocal.state === state.code && usLocal.zip === location.postal_code ? usLocal : null;
  if (!local)
    notes.push(
      !location.postal_code
        ? 'us_postal_code_missing_state_base_rate_used'
        : usLocalFirstMonth
          ? 'us_local_rate_unavailable_for_date'
          : 'us_local_rate_unavailable_state_base_rate_used',
    );

  const rule = usRule(input, state, date);
  let parts: LevelAmounts;
  if (local) {
    const row = localPartsOf(local);
    parts = {
      country: 0,
      state: rule?.state_rate_pct !== undefined ? percentToPpm(rule.state_rate_pct) : row.state,
      county: rule?.local === false ? 0 : row.county,
      additional: rule?.local === false ? 0 : row.additional,
      special: rule?.local === false ? 0 : row.special,
    };
  } else {
    parts = { country: 0, state: rule?.state_rate_pct !== undefined ? percentToPpm(rule.state_rate_pct) : base, county: 0, additional: 0, special: 0 };
  }
  if (rule?.share_pct !== undefined) {
    // Only a share of the price is taxable (Texas: 80 % of data processing): expressed as an effective rate.
    const share = rule.share_pct;
    parts = levelAmounts((level) => scalePpm(parts[level], share));
    notes.push(`taxable_share_${rule.share_pct}_percent`);
  }

  if (rule?.note !== undefined) notes.push(rule.note);

  const total = sumLevels(parts);
  const taxable = rule ? rule.taxable : total > 0 || state.local_sales_taxes;
  const city = local && local.city_rate > 0 && local.region_name ? { city: titleCase(local.region_name) } : undefined;

  const exempt = customerExempt(input, state, notes);
  if (exempt) notes.push(`customer_exempt_${input.customer_type.toLowerCase()}`);
  const basis: RuleBasis = rule
    ? {
        source: rule.cite,
        rate:
          rule.state_rate_pct === undefined || percentToPpm(rule.state_rate_pct) >= base
            ? 'standard'
            : rule.state_rate_pct === 0 && rule.local === false
              ? 'zero'
              : 'reduced',
      }
    : { source: baseRate.source, rate: 'standard' };
  return { taxable, exempt, parts, jurisdiction: city, notes, basis };
}

const noStateBasis: RuleBasis = Object.freeze({
  source: 'Sales tax is levied by the states (no federal sales tax): without a state Levy holds data for, nothing is due',
  rate: 'standard',
});

/**
 * The rule that decides the sale: the tax code's rows where the data has them (data/us-states.json tax_codes), else
 * the category's (PHYSICAL_GOODS has none: the ZIP row or the state rate applies as it is). A business- or
 * personal-use code reads the rows of that buyer group, whoever the customer is.
 */
function usRule(input: TaxRateInput, state: UsStateData, date: string): UsTaxabilityRule | undefined {
  const code = input.tax_code_rules;
  const buyer: CustomerType = code?.usGroup ?? input.customer_type;
  const codeRule = code ? usTaxCodeTaxability(state, code.us, date, buyer, input.delivery_method) : undefined;
  if (codeRule) return codeRule;
  const category = input.product_category;
  return category === 'PHYSICAL_GOODS' ? undefined : usTaxability(state, category as UsCategory, date, buyer, input.delivery_method);
}

/**
 * Whether the customer type is exempt in the state: resellers everywhere (sale for resale), nonprofits where the
 * state exempts 501(c)(3) purchases, governments per level and state (absent level: federal, with a note).
 */
function customerExempt(input: TaxRateInput, state: UsStateData, notes: string[]): boolean {
  switch (input.customer_type) {
    case 'RESELLER':
      return usResaleExemption.exempt;
    case 'NONPROFIT':
      return state.nonprofit_exempt;
    case 'GOVERNMENT': {
      if (input.government_level === undefined) notes.push('government_level_federal_assumed');
      const rule = usGovernmentRule(state, input.government_level ?? 'federal');
      return rule.exempt && (rule.categories === undefined || rule.categories.includes(input.product_category));
    }
    default:
      return false;
  }
}
