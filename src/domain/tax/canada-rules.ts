/** Domain (pure): Canada, GST federal (country_rate) + the provincial part (state_rate): HST, QST or PST. */
import type { ResolvedLocation } from '../geography/location';
import { canadaProvince, canadaProvincialRate, canadaResaleRule, standardVatRate } from './rate-data';
import type { Outcome, TaxRateInput } from './rate-types';
import { isBusiness } from './vocabulary';

export function canadaOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
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
