/** Domain (pure): Canada, GST federal (country_rate) + the provincial part (state_rate): HST, QST or PST. */
import type { ResolvedLocation } from '../geography/location';
import {
  canadaProvince,
  canadaProvincialRate,
  canadaProvincialRebate,
  canadaProvincialTaxApplies,
  canadaResaleRule,
  canadaZeroRatedTaxCode,
  standardVatRate,
} from './rate-data';
import type { Outcome, RuleBasis, TaxRateInput } from './rate-types';
import { notModelledSource, TAX_CODE_NOT_MODELLED } from './vat-rules';
import { isBusiness } from './vocabulary';

export function canadaOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const gstRate = standardVatRate('CA', date)!;
  const gst = gstRate.ppm;
  // Zero-rated supplies (basic groceries, prescription drugs) bear no GST/HST, QST or PST; the province's rates still
  // need to hold the date, as for any other sale.
  const zeroRated = input.tax_code_rules ? canadaZeroRatedTaxCode(input.tax_code_rules.vat) : undefined;
  if (zeroRated) {
    const province = location.state ? canadaProvince(location.state) : undefined;
    if (province) canadaProvincialRate(province, date);
    return { taxable: true, parts: { country: 0, state: 0 }, basis: { source: zeroRated.source, rate: 'zero' } };
  }
  return canadaRatedOutcome(input, location, sellerCountry, date, gst, standardBasisOf(gstRate));
}

/**
 * The basis of an answer at the GST rate in force, one object per rate row: the outcomes below carry it in their own
 * literals (a spread of a finished outcome gives every quote an object of a new shape, which made the engine's reads
 * of it several times slower: bench/tax-rate.ts, Canada).
 */
const standardBases = new WeakMap<object, RuleBasis>();
function standardBasisOf(rate: { source: string }): RuleBasis {
  let basis = standardBases.get(rate);
  if (!basis) standardBases.set(rate, (basis = { source: rate.source, rate: 'standard' }));
  return basis;
}

function canadaRatedOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string, gst: number, basis: RuleBasis): Outcome {
  const province = location.state ? canadaProvince(location.state) : undefined;
  // A business buying services or intangibles from abroad self-assesses GST/HST (Excise Tax Act ss. 217-218) and
  // QST. Goods delivered in Canada are supplies made in Canada (s. 142(1)(a)): taxed as below, never reverse charged.
  const imported = isBusiness(input.customer_type) && sellerCountry !== 'CA' && input.product_category !== 'PHYSICAL_GOODS';
  if (!province) {
    return imported ? { taxable: true, reverseCharge: true, basis } : { taxable: true, parts: { country: gst }, notes: ['province_unknown_gst_only'], basis };
  }

  const provincialRate = canadaProvincialRate(province, date);
  const provincial = provincialRate.ppm;
  // A point-of-sale rebate of the provincial part (Ontario's books, children's clothing, print newspapers), or a code
  // rebated elsewhere that the data holds no row for in this province: its provincial tax is then a stand-in.
  const rebate = input.tax_code_rules && province.regime !== 'GST' ? canadaProvincialRebate(province.code, input.tax_code_rules.vat, date) : undefined;
  const unmodelled =
    rebate?.kind === 'unmodelled'
      ? { notes: [TAX_CODE_NOT_MODELLED], basis: { source: notModelledSource(`CA-${province.code}`, provincialRate.source), rate: 'standard' as const } }
      : undefined;
  if (province.regime === 'GST_PST') {
    const pstApplies = canadaProvincialTaxApplies(province, input.product_category, input.delivery_method, date);
    const resale = input.customer_type === 'RESELLER' && canadaResaleRule.value;
    const notes = [...(resale ? ['pst_exempt_for_resale'] : []), ...(unmodelled?.notes ?? [])];
    const parts = { country: gst, state: pstApplies && !resale ? provincial : 0 };
    // PST/RST is a retail sales tax on the business's own use: the reverse charge covers only the GST.
    if (imported) return { taxable: true, reverseCharge: true, reverseChargeLevels: ['country'], parts, notes, basis };
    return { taxable: true, parts, notes, basis: unmodelled?.basis ?? basis };
  }
  if (imported) return { taxable: true, reverseCharge: true, basis };
  if (rebate?.kind === 'rebated') return { taxable: true, parts: { country: gst, state: 0 }, basis: { source: rebate.row.source, rate: 'reduced' } };
  if (unmodelled) return { taxable: true, parts: { country: gst, state: provincial }, notes: unmodelled.notes, basis: unmodelled.basis };
  return { taxable: true, parts: { country: gst, state: provincial }, basis };
}
