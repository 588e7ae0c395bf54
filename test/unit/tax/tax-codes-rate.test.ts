/**
 * Unit tests (pure, no database): the rate of a sale named by tax code (src/domain/tax/tax-code-rate.ts) in VAT
 * countries and Canada, and bad input. Every expected value names its source.
 */
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { RateHistoryUnavailableError, ValidationError } from '../../../src/domain/errors';
import { type TaxRateContext } from '../../../src/domain/tax/rate-engine';
import { calculateTaxCodeRate, type TaxCodeRateInput } from '../../../src/domain/tax/tax-code-rate';
import { taxCode } from '../../../src/domain/tax/tax-codes';

const usSeller: TaxRateContext = { seller: { country: 'US', state: 'CA' }, usLocal: null, today: '2026-03-15', lookups };
const deSeller: TaxRateContext = { seller: { country: 'DE' }, usLocal: null, today: '2026-03-15', lookups };
const gbSeller: TaxRateContext = { seller: { country: 'GB' }, usLocal: null, today: '2026-03-15', lookups };

const sale = (tax_code: string, location: TaxCodeRateInput['location'], extra: Partial<TaxCodeRateInput> = {}): TaxCodeRateInput => ({
  tax_code,
  customer_type: 'B2C',
  location,
  ...extra,
});

describe('the rate of a tax code', () => {
  describe('VAT countries', () => {
    it("GB zero-rates groceries, printed books, children's clothing and prescription drugs; adult clothing and candy are standard-rated", () => {
      // VATA 1994 Sch. 8 Group 1 (food), Group 3 (books), Group 16 (young children's clothing), Group 12 (dispensed drugs): 0 %.
      for (const id of ['levy_groceries', 'levy_books', 'levy_childrens_clothing', 'levy_prescription_drugs']) {
        const answer = calculateTaxCodeRate(sale(id, { country: 'GB' }), gbSeller);
        expect(answer).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0, result: { taxable: true, total_rate: 0 } });
        expect(answer.rule_source).toMatch(/VATA 1994 Sch\. 8/);
      }
      // VATA 1994 s. 2(1): standard rate 20 %; confectionery is an excepted item of Sch. 8 Group 1 (no row: standard).
      for (const id of ['levy_clothing', 'levy_candy']) {
        expect(calculateTaxCodeRate(sale(id, { country: 'GB' }), gbSeller)).toMatchObject({ taxability_reason: 'taxable', result: { country_rate: 0.2 } });
      }
    });

    it('Germany: 7 % on food and books (5 % in the second half of 2020), 19 % on medicines', () => {
      // UStG § 12 Abs. 2 Nr. 1 with Anlage 2: 7 %.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'DE' }), deSeller)).toMatchObject({
        taxability_reason: 'reduced_rate',
        result: { country_rate: 0.07 },
      });
      // UStG § 28 Abs. 1 (Zweites Corona-Steuerhilfegesetz): 5 % from 2020-07-01 to 2020-12-31.
      expect(calculateTaxCodeRate(sale('levy_books', { country: 'DE' }, { date: '2020-08-01' }), deSeller).result.country_rate).toBe(0.05);
      // UStG § 12 Abs. 1: medicines have no reduced rate in Germany, 19 %.
      expect(calculateTaxCodeRate(sale('levy_prescription_drugs', { country: 'DE' }), deSeller)).toMatchObject({
        taxability_reason: 'taxable',
        result: { country_rate: 0.19 },
      });
    });

    it('France, the Netherlands, Ireland: reduced and zero rates with their dates', () => {
      // CGI art. 278-0 bis A: books 5.5 %; CGI art. 281 octies: reimbursable medicines 2.1 %.
      expect(calculateTaxCodeRate(sale('levy_books', { country: 'FR' }), deSeller).result.country_rate).toBe(0.055);
      expect(calculateTaxCodeRate(sale('levy_prescription_drugs', { country: 'FR' }), deSeller).result.country_rate).toBe(0.021);
      // Wet OB 1968 Tabel I post a.1: 6 % until 2018-12-31, 9 % from 2019-01-01 (Belastingplan 2019).
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'NL' }, { date: '2018-06-01' }), deSeller).result.country_rate).toBe(0.06);
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'NL' }, { date: '2026-03-15' }), deSeller).result.country_rate).toBe(0.09);
      // VATCA 2010 Sch. 2: children's clothing zero-rated.
      expect(calculateTaxCodeRate(sale('levy_childrens_clothing', { country: 'IE' }), deSeller)).toMatchObject({
        taxability_reason: 'zero_rated',
        totalPpm: 0,
      });
    });

    it("press: magazines at the newspapers' rate in FR, ES and IT; Ireland 9 %, its newspapers zero-rated from 2023", () => {
      // CGI art. 298 septies (publications de presse) 2.1 %; LIVA art. 91.Dos.1.2º ('periódicos y revistas') 4 %;
      // DPR 633/1972 Tabella A Parte II n. 18 ('periodici') 4 %.
      expect(calculateTaxCodeRate(sale('levy_magazines', { country: 'FR' }), deSeller)).toMatchObject({
        taxability_reason: 'reduced_rate',
        result: { country_rate: 0.021 },
      });
      expect(calculateTaxCodeRate(sale('levy_magazines', { country: 'ES' }), deSeller).result.country_rate).toBe(0.04);
      expect(calculateTaxCodeRate(sale('levy_magazines', { country: 'IT' }), deSeller).result.country_rate).toBe(0.04);
      // VATCA 2010 Sch. 3: newspapers and periodicals 9 % (Finance (No. 2) Act 2011); Finance Act 2022: newspapers 0 %
      // from 2023-01-01, periodicals still 9 % (Dáil written answer 2024-07-11, Q169).
      expect(calculateTaxCodeRate(sale('levy_newspapers', { country: 'IE' }, { date: '2022-06-01' }), deSeller).result.country_rate).toBe(0.09);
      expect(calculateTaxCodeRate(sale('levy_newspapers', { country: 'IE' }, { date: '2023-06-01' }), deSeller)).toMatchObject({
        taxability_reason: 'zero_rated',
        totalPpm: 0,
      });
      expect(calculateTaxCodeRate(sale('levy_magazines', { country: 'IE' }), deSeller)).toMatchObject({
        taxability_reason: 'reduced_rate',
        result: { country_rate: 0.09 },
      });
    });

    it('food and medicines in Spain, Italy, Belgium and Luxembourg at their reduced rates', () => {
      // LIVA art. 91.Uno.1.1º: food 10 %; DPR 633/1972 Tabella A Parte III: food 10 % (staples at 4 %: not modelled).
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'ES' }), deSeller)).toMatchObject({
        taxability_reason: 'reduced_rate',
        result: { country_rate: 0.1 },
      });
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'IT' }), deSeller)).toMatchObject({
        taxability_reason: 'reduced_rate',
        result: { country_rate: 0.1 },
      });
      // Arrêté royal n° 20 du 20 juillet 1970, tableau A: food and medicines 6 %; tableau B: general-news dailies 0 %.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'BE' }), deSeller).result.country_rate).toBe(0.06);
      expect(calculateTaxCodeRate(sale('levy_prescription_drugs', { country: 'BE' }), deSeller).result.country_rate).toBe(0.06);
      expect(calculateTaxCodeRate(sale('levy_newspapers', { country: 'BE' }), deSeller).taxability_reason).toBe('zero_rated');
      // Loi TVA du 12 février 1979 art. 40 and annexe A: food and medicines 3 % (standard 17 %).
      for (const id of ['levy_groceries', 'levy_prescription_drugs'])
        expect(calculateTaxCodeRate(sale(id, { country: 'LU' }), deSeller).result.country_rate).toBe(0.03);
    });

    it('a code taxed apart elsewhere but without a row here answers the category rate and says so', () => {
      // Hungary: no levy_groceries row in Levy's data (Áfa tv. 82. § and 3. számú melléklet tax milk, eggs, poultry
      // and pork at 5 %, other food at the standard 27 %: not one rate); the answer is the standard 27 % (Áfa tv. 82. §
      // (1)) with the note and a rule_source that does not pretend.
      const hungary = calculateTaxCodeRate(sale('levy_groceries', { country: 'HU' }), deSeller);
      expect(hungary).toMatchObject({ taxability_reason: 'taxable', result: { country_rate: 0.27, notes: ['tax_code_not_modelled_in_jurisdiction'] } });
      expect(hungary.rule_source).toMatch(/^no row for this tax code in HU: the category rate \(/);
      // Children's clothing has rows in GB and IE only (VATA 1994 Sch. 8 Group 16; VATCA 2010 Sch. 2): Germany is not modelled.
      expect(calculateTaxCodeRate(sale('levy_childrens_clothing', { country: 'DE' }), deSeller).result.notes).toEqual([
        'tax_code_not_modelled_in_jurisdiction',
      ]);
      // A row at the standard rate is a modelled answer: DE medicines 19 % (UStG § 12 Abs. 1), no note.
      const germany = calculateTaxCodeRate(sale('levy_prescription_drugs', { country: 'DE' }), deSeller);
      expect(germany.result.notes).toBeUndefined();
      expect(germany.rule_source).toMatch(/UStG § 12 Abs\. 1/);
      // A code no country's rows tax apart (candy follows its category everywhere) carries no note.
      expect(calculateTaxCodeRate(sale('levy_candy', { country: 'AT' }), deSeller).result.notes).toBeUndefined();
      // The note is the answer's, not the reverse charge's: a business across the border self-assesses, no note.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'HU' }, { customer_type: 'B2B' }), deSeller).result.notes).toBeUndefined();
    });

    it('a code without rows in a country follows its category: an audiobook is an e-book (DE 7 %), a textbook a book (GB 0 %)', () => {
      // data/vat-reduced-rates.json DE EBOOKS 7 % from 2021-01-01 (UStG § 12 Abs. 2 Nr. 14).
      expect(calculateTaxCodeRate(sale('levy_audiobooks', { country: 'DE' }), deSeller).result.country_rate).toBe(0.07);
      // VATA 1994 Sch. 8 Group 3 item 1 (vat_rules_like levy_books).
      expect(calculateTaxCodeRate(sale('levy_textbooks', { country: 'GB' }), gbSeller).taxability_reason).toBe('zero_rated');
    });

    it('a business across a VAT border self-assesses, whatever the code', () => {
      // Directive 2006/112/EC Art. 138 and Art. 200: intra-Community supply of goods to a business.
      expect(calculateTaxCodeRate(sale('levy_groceries', { country: 'FR' }, { customer_type: 'B2B' }), deSeller).taxability_reason).toBe('reverse_charge');
    });

    it('refuses a date before the history Levy holds (422), as the category path does', () => {
      expect(() => calculateTaxCodeRate(sale('levy_groceries', { country: 'GB' }, { date: '2001-01-01' }), gbSeller)).toThrow(RateHistoryUnavailableError);
    });
  });

  describe('Canada', () => {
    it('basic groceries and prescription drugs are zero-rated: no GST/HST, QST or PST', () => {
      // Excise Tax Act Sch. VI Part III s. 1 (basic groceries), Part I s. 2 (prescription drugs).
      for (const state of ['ON', 'QC', 'BC']) {
        const answer = calculateTaxCodeRate(sale('levy_groceries', { country: 'CA', state }), usSeller);
        expect(answer).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0, result: { taxable: true } });
        expect(answer.rule_source).toMatch(/Excise Tax Act Sch\. VI/);
      }
      // Excise Tax Act s. 165(1) 5 % + Ontario's 8 % HST part (Sch. VIII): clothing is fully taxed.
      expect(calculateTaxCodeRate(sale('levy_clothing', { country: 'CA', state: 'ON' }), usSeller).result.total_rate).toBe(0.13);
    });

    it("Ontario rebates its 8 % part of the HST on printed books, children's clothing and print newspapers at the point of sale", () => {
      // ontario.ca, Refunds and rebates: HST (point-of-sale rebates since 2010-07-01); CRA GI-063 (children's goods),
      // GI-060 (newspapers): only the 5 % GST is due (Excise Tax Act s. 165(1)).
      for (const id of ['levy_books', 'levy_textbooks', 'levy_childrens_clothing', 'levy_newspapers']) {
        const answer = calculateTaxCodeRate(sale(id, { country: 'CA', state: 'ON' }), usSeller);
        expect(answer).toMatchObject({ taxability_reason: 'reduced_rate', result: { country_rate: 0.05, state_rate: 0, total_rate: 0.05 } });
        expect(answer.rule_source).toMatch(/point-of-sale rebate/);
      }
      // Magazines are not print newspapers (GI-060): the full 13 %.
      expect(calculateTaxCodeRate(sale('levy_magazines', { country: 'CA', state: 'ON' }), usSeller).result).toMatchObject({ total_rate: 0.13 });
      expect(calculateTaxCodeRate(sale('levy_magazines', { country: 'CA', state: 'ON' }), usSeller).result.notes).toBeUndefined();
    });

    it("a rebated code in a province without rows answers that province's rate with the note; GST-only territories need none", () => {
      // CRA GI-063: Nova Scotia also rebates children's clothing (not yet in Levy's data): NS 14 % HST from 2025-04-01
      // (5 % GST + 9 %, Nova Scotia Finance Act amendments 2025) answered, with the note.
      const novaScotia = calculateTaxCodeRate(sale('levy_childrens_clothing', { country: 'CA', state: 'NS' }), usSeller);
      expect(novaScotia).toMatchObject({ taxability_reason: 'taxable', result: { total_rate: 0.14, notes: ['tax_code_not_modelled_in_jurisdiction'] } });
      expect(novaScotia.rule_source).toMatch(/^no row for this tax code in CA-NS: the category rate/);
      // British Columbia's PST: children's clothing not modelled either (BC exempts it: PST Act, not yet in the data).
      expect(calculateTaxCodeRate(sale('levy_childrens_clothing', { country: 'CA', state: 'BC' }), usSeller).result.notes).toEqual([
        'tax_code_not_modelled_in_jurisdiction',
      ]);
      // Alberta levies no provincial sales tax: 5 % GST (Excise Tax Act s. 165(1)) is the whole answer, no note.
      const alberta = calculateTaxCodeRate(sale('levy_books', { country: 'CA', state: 'AB' }), usSeller);
      expect(alberta.result).toMatchObject({ total_rate: 0.05 });
      expect(alberta.result.notes).toBeUndefined();
    });
  });

  describe('bad input', () => {
    it('names an unknown tax_code and a delivery its category does not allow', () => {
      expect(() => calculateTaxCodeRate(sale('levy_unicorns', { country: 'DE' }), deSeller)).toThrow(
        expect.objectContaining({ field: 'tax_code', message: expect.stringContaining('levy_unicorns') }),
      );
      expect(() => calculateTaxCodeRate(sale('levy_groceries', { country: 'DE' }, { delivery_method: 'CLOUD' }), deSeller)).toThrow(ValidationError);
      expect(taxCode('txcd_99999999')).toBeUndefined();
    });

    it("uses the code's default delivery when none is sent", () => {
      expect(calculateTaxCodeRate(sale('levy_training', { country: 'DE' }), deSeller).result.country_rate).toBe(0.19); // UStG § 12 Abs. 1
    });
  });
});
