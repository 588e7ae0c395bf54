/**
 * Docs data: the rules Levy decides in code rather than in a data file, each with where it lives and its source, for
 * the "Rules and their sources" section of docs/tax-rules.md (tax-rule-sources.ts renders it).
 */

/** Rules decided in code rather than in a data file, each with where it lives and its source. */
export const rulesInCode: readonly { rule: string; code: string; source: string }[] = [
  {
    rule: 'B2B and RESELLER across a VAT border: reverse charge (every category)',
    code: 'src/domain/tax/vat-rules.ts',
    source:
      'Directive 2006/112/EC Art. 44 and Art. 196 (services), Art. 138 and Art. 200 (intra-Community goods); outside the EU the importing business self-assesses (e.g. VATA 1994 s. 8, GST Act 1999 s. 84-5, IGST Notification 10/2017 Sl. 1)',
  },
  {
    rule: 'B2C (and GOVERNMENT, NONPROFIT) goods and digital services: the customer country’s rate',
    code: 'src/domain/tax/vat-rules.ts',
    source:
      'Directive 2006/112/EC Art. 33 (distance sales of goods), Art. 58 (electronic services); public bodies and charities are non-taxable persons (Art. 13, Art. 43)',
  },
  {
    rule: 'Domestic B2B: the domestic rate, no reverse charge',
    code: 'src/domain/tax/vat-rules.ts',
    source: 'Directive 2006/112/EC Art. 193 (the supplier is liable) and Art. 168 (the business deducts input VAT)',
  },
  {
    rule: 'Remote services follow their place of supply (data below); Art. 45: a seller in another EU country charges its own rate',
    code: 'src/domain/tax/place-of-supply.ts',
    source: 'Directive 2006/112/EC Art. 45 (B2C general rule: the supplier’s place of establishment), Art. 44 (B2B)',
  },
  {
    rule: 'IN_PERSON and PICKUP services are taxed at the location sent (where performed)',
    code: 'src/domain/tax/vocabulary.ts (remoteDeliveryMethods)',
    source:
      'Directive 2006/112/EC Art. 45 second sentence (a fixed establishment from which the service is supplied); VATA 1994 s. 9(2)(a); Levy decision in docs/tax-rules.md section 4',
  },
  {
    rule: 'Monaco, the Isle of Man and Liechtenstein share the French, UK and Swiss VAT areas',
    code: 'src/domain/geography/countries.ts (vatAreaOf)',
    source: 'Directive 2006/112/EC Art. 7(1) (Monaco, Isle of Man); Swiss-Liechtenstein VAT treaty of 28 Nov 1994 (SR 0.641.295.142)',
  },
  {
    rule: 'A B2B customer is taxed as B2B only with a tax ID that validates (a VAT number in the EU, a VAT or business number elsewhere), checked against the country the location resolves to',
    code: 'src/domain/tax/customer-treatment.ts',
    source:
      'Implementing Regulation 282/2011 Art. 18(1)-(2) (the VAT number proves the customer’s status; without it the supplier may treat the customer as non-taxable); HMRC VATPOSS01350',
  },
  {
    rule: 'A customer located in the EU proves business status only with an EU VAT number (a GB or other foreign VAT number does not)',
    code: 'src/domain/tax/customer-treatment.ts',
    source:
      'Implementing Regulation 282/2011 Art. 18(1)(a) (the customer’s individual VAT identification number); Directive 2006/112/EC Art. 214 (identification of taxable persons in the Member States)',
  },
  {
    rule: 'A RESELLER outside the US needs the same tax-ID proof as B2B; in the US the declared RESELLER stands (resale certificate)',
    code: 'src/domain/tax/customer-treatment.ts',
    source:
      'Implementing Regulation 282/2011 Art. 18 (a reseller is a taxable person, proven like any business); US: sale-for-resale certificates (e.g. CDTFA Publication 103, Streamlined Sales Tax certificate of exemption)',
  },
  {
    rule: 'US: a RESELLER is exempt in every state on its declared type (the certificate is the seller’s to keep)',
    code: 'src/domain/tax/us-rules.ts (customerExempt), data/us-states.json (exemptions.RESELLER)',
    source:
      'Sale for resale exclusion (Cal. Rev. & Tax. Code § 6091, Tex. Tax Code § 151.302, N.Y. Tax Law § 1101(b)(4)); Streamlined Sales and Use Tax Agreement § 317 (certificate of exemption)',
  },
  {
    rule: 'US: GOVERNMENT, NONPROFIT and RESELLER are rated with the B2B group of a state’s taxability rows',
    code: 'src/domain/tax/rate-data.ts (usTaxability)',
    source:
      'State rules that differ by use key on business vs. personal use (e.g. Ohio R.C. 5739.01(B)(3)(e) business use; Ohio R.C. 5739.01(Y)(1)(c) personal use); an organisation does not buy for personal use',
  },
  {
    rule: 'US: EBOOKS follow a state’s DIGITAL_GOODS rule unless the state has an EBOOKS row',
    code: 'src/domain/tax/rate-data.ts (usTaxability)',
    source:
      'Streamlined Sales and Use Tax Agreement Library of Definitions (“specified digital products”: digital audio-visual works, digital audio works and digital books); states without a separate e-book rule tax them as digital products',
  },
  {
    rule: 'Canada: GST on every supply made in Canada, the provincial part by regime',
    code: 'src/domain/tax/canada-rules.ts',
    source: 'Excise Tax Act s. 165(1) (GST 5 %), s. 165(2) and Sch. VIII (HST), provincial acts (data/canada-provinces.json)',
  },
  {
    rule: 'Canada: a registered business buying from a non-resident self-assesses',
    code: 'src/domain/tax/canada-rules.ts',
    source: 'Excise Tax Act ss. 217-218 (imported taxable supplies of services and intangibles)',
  },
  {
    rule: 'Canada: no province known: GST only',
    code: 'src/domain/tax/canada-rules.ts',
    source: 'Excise Tax Act s. 165(1) (GST applies everywhere in Canada); the provincial part needs the province (s. 144.1 place of supply rules)',
  },
  {
    rule: 'US: destination sourcing, the ZIP row’s combined rate or the statewide rate; no reverse charge',
    code: 'src/domain/tax/us-rules.ts',
    source:
      'Streamlined Sales and Use Tax Agreement § 310 (destination sourcing); South Dakota v. Wayfair, 585 U.S. 162 (2018); state rates in data/us-states.json',
  },
  {
    rule: 'US: no state known: not taxable, note us_state_required_for_sales_tax',
    code: 'src/domain/tax/us-rules.ts',
    source: 'Sales tax is levied by the states (no federal sales tax); the state decides taxability (data/us-states.json)',
  },
  {
    rule: 'US: a GOVERNMENT buyer is exempt or taxed by its level (federal, state, local) and the state’s rule; federal when no level is sent',
    code: 'src/domain/tax/us-rules.ts',
    source:
      'Federal immunity: U.S. Const. art. VI; United States v. Mississippi Tax Comm’n, 421 U.S. 599 (1975); per-state statutes in data/us-states.json (government)',
  },
  {
    rule: 'Canada: goods delivered in Canada are never reverse charged; BC, SK and MB PST stays on a business’s imported software and services',
    code: 'src/domain/tax/canada-rules.ts',
    source:
      'Excise Tax Act s. 217 (imported taxable supply: services and intangibles only), s. 143; PST is a retail sales tax on the business’s own use (BC PST Bulletin 105 and PST Act ss. 172.1-172.2; SK Bulletin PST-5; MB RST Bulletin 003)',
  },
  {
    rule: 'US: Texas data processing taxed on 80 % of the price, expressed as an effective rate',
    code: 'src/domain/tax/us-rules.ts',
    source: 'Tex. Tax Code § 151.351 (20 % of the value of data processing services is exempt)',
  },
  {
    rule: 'A tax code’s rows (US tax_codes, VAT rows with tax_code, Canada zero-rated and point-of-sale-rebated codes) win over its category’s; a code without rows follows its category',
    code: 'src/domain/tax/us-rules.ts, vat-rules.ts, canada-rules.ts',
    source:
      'The statutes of each row below (e.g. VATA 1994 Sch. 8 Group 1, Tenn. Code Ann. § 67-6-228, Ontario’s point-of-sale rebates); categories as in section 1',
  },
  {
    rule: 'A tax code with VAT rows (or Canadian rebate rows) elsewhere but none for the country or province asked, or none yet on the date, answers its category’s rate with the note tax_code_not_modelled_in_jurisdiction (its internal rule source starts “no row for this tax code in …”)',
    code: 'src/domain/tax/vat-rules.ts (vatRateOf), canada-rules.ts, tax-code-vat-rates.ts (taxCodeVat), rate-data.ts (canadaProvincialRebate)',
    source:
      'The code’s rows in other countries show its rate can differ from the category’s (e.g. food: Directive 2006/112/EC Annex III point 1); Levy holds no row for this one, so it says so rather than pretend',
  },
  {
    rule: 'A US rule with a note (Illinois food and drugs) carries it in the answer: us_local_rate_for_tax_code_not_modelled where local taxes reach the product at other rates than the ZIP table’s',
    code: 'src/domain/tax/us-rules.ts, data/us-states.json (note)',
    source:
      'IDOR, Mass Transit District Sales Tax (70 ILCS 3615/4.03, 70 ILCS 3610/5.01): RTA 1.25 % / 0.75 % and Metro-East 0.25-0.75 % on qualifying food, drugs and medical appliances; P.A. 103-0592 (municipal and county grocery taxes from 2026)',
  },
  {
    rule: 'US: a business-use tax code reads a state’s B2B rows and a personal-use code its B2C rows, whoever the declared customer',
    code: 'src/domain/tax/us-rules.ts (usRule), data/tax-codes.json (us_use)',
    source:
      'States key SaaS and software taxability on business vs. personal use (Iowa Code § 423.3(104); Ohio R.C. 5739.01(B)(3)(e); Conn. Gen. Stat. § 12-408(1)); Stripe’s business-use and personal-use SaaS codes (txcd_10103001, txcd_10103000) draw the same line',
  },
];
