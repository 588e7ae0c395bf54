/**
 * Which valid tax IDs prove business status for B2B treatment (reverse charge): VAT numbers
 * everywhere, business tax numbers outside the EU, never business-register, excise, individual or
 * `other` numbers (src/domain/tax-ids/business-proof.ts; docs/tax-ids.md "Which numbers prove a
 * business"). The numbers are examples from python-stdnum's module docstrings.
 */
import { treatCustomer } from '../../support/customer-treatment';
import { provesBusinessStatus } from '../../../src/domain/tax-ids/business-proof';
import { validateTaxId, validateTaxIdWhere } from '../../../src/domain/tax-ids/validator';

describe('provesBusinessStatus', () => {
  const cases: [country: string, number: string, type: string, proves: boolean, why: string][] = [
    // Council Implementing Regulation (EU) 282/2011 art. 18(1)(a): the customer's VAT number.
    ['DE', 'DE136695976', 'eu_vat', true, 'EU VAT number (python-stdnum stdnum/de/vat.py docstring)'],
    // 282/2011 art. 18(1)(a): in the EU only the VAT number proves it; a register number does not.
    ['DE', 'Aachen HRB 11214', 'de_handelsregisternummer', false, 'commercial register (stdnum/de/handelsregisternummer.py docstring)'],
    ['FR', 'RCS Nanterre B 542 051 180', 'fr_rcs', false, 'trade register (stdnum/fr/rcs.py docstring)'],
    // An excise number identifies an excise warehouse or operator, not a VAT registration.
    ['ES', 'ES00008V1488Q', 'es_cae', false, 'excise CAE (stdnum/es/cae.py docstring)'],
    ['FR', 'FR023004N9448', 'fr_accise', false, "numéro d'accise (stdnum/fr/accise.py docstring)"],
    // Outside the EU a business tax number proves it (Levy's rule: docs/tax-ids.md)...
    ['RU', '1234567894', 'ru_inn', true, 'INN of an organisation (stdnum/ru/inn.py docstring)'],
    ['AU', '83 914 571 673', 'au_abn', true, 'ABN (stdnum/au/abn.py docstring)'],
    ['US', '91-1144442', 'us_ein', true, 'EIN (stdnum/us/ein.py docstring)'],
    // ...a register number does not: a registered company need not be registered for the tax.
    ['RU', '1022200525819', 'ru_ogrn', false, 'OGRN (stdnum/ru/ogrn.py docstring)'],
    ['AU', '004 085 616', 'au_acn', false, 'ACN (stdnum/au/acn.py docstring)'],
    // Individuals' numbers never do.
    ['US', 'P-00634642', 'us_ptin', false, 'PTIN (stdnum/us/ptin.py docstring)'],
  ];
  it.each(cases)('%s %s (%s) proves business: %s (%s)', (country, number, type, proves) => {
    const v = validateTaxId({ tax_id: number, country });
    expect(v).toMatchObject({ valid: true, type });
    expect(provesBusinessStatus(v)).toBe(proves);
  });

  it('never for an invalid or unsupported number', () => {
    // stdnum/au/abn.py docstring: '99 999 999 999' is InvalidChecksum.
    expect(provesBusinessStatus(validateTaxId({ tax_id: '99 999 999 999', country: 'AU', type: 'au_abn' }))).toBe(false);
    expect(provesBusinessStatus(validateTaxId({ tax_id: '12345678', country: 'NG' }))).toBe(false);
  });

  it('unify taxes a B2B customer with a register or excise number as B2C and says why', () => {
    for (const [taxId, country] of [
      ['1022200525819', 'RU'],
      ['004 085 616', 'AU'],
    ] as const) {
      expect(treatCustomer({ type: 'B2B', tax_id: taxId, exempt: false }, country)).toMatchObject({
        applied_type: 'B2C',
        reason: 'tax_id_invalid',
        message: expect.stringContaining('not a VAT or business tax registration'),
      });
    }
    // An excise number starting with its country's VAT prefix is read as a VAT number (unify tries
    // only VAT types after a prefix), which it is not: B2C as well.
    expect(treatCustomer({ type: 'B2B', tax_id: 'ES00008V1488Q', exempt: false }, 'ES')).toMatchObject({
      applied_type: 'B2C',
      reason: 'tax_id_invalid',
    });
    expect(treatCustomer({ type: 'B2B', tax_id: '1234567894', exempt: false }, 'RU')).toMatchObject({ applied_type: 'B2B' });
  });

  it('a customer located in the EU proves business status only with an EU VAT number', () => {
    // Implementing Regulation 282/2011 Art. 18(1)(a): the customer's VAT identification number; a customer in ES
    // holding only a GB VAT number is no taxable person in the EU: B2C (Art. 58: Spanish VAT).
    expect(treatCustomer({ type: 'B2B', tax_id: 'GB980780684' }, 'ES')).toMatchObject({ applied_type: 'B2C', reason: 'tax_id_invalid' });
    // A VAT number of another member state is an EU VAT number (a French company buying for its Spanish branch).
    expect(treatCustomer({ type: 'B2B', tax_id: 'FR40303265045' }, 'ES')).toMatchObject({ applied_type: 'B2B' });
    // Outside the EU the GB VAT number proves business status (VATA 1994 s. 7A(2)(a): a relevant business person).
    expect(treatCustomer({ type: 'B2B', tax_id: 'GB980780684' }, 'GB')).toMatchObject({ applied_type: 'B2B' });
  });

  it('a RESELLER outside the US needs the same proof as B2B; a US reseller keeps its declared type', () => {
    // Implementing Regulation 282/2011 Art. 18(1)(a): a reseller is a taxable person, proven by its VAT number.
    expect(treatCustomer({ type: 'RESELLER' }, 'FR')).toMatchObject({ applied_type: 'B2C', reason: 'tax_id_missing' });
    expect(treatCustomer({ type: 'RESELLER', tax_id: 'FR40303265045' }, 'FR')).toMatchObject({ applied_type: 'RESELLER' });
    // GST Act 1999 (AU) s. 84-5: only a registered recipient (ABN) takes the reverse charge.
    expect(treatCustomer({ type: 'RESELLER' }, 'AU')).toMatchObject({ applied_type: 'B2C', reason: 'tax_id_missing' });
    // US: the resale exemption rests on a resale certificate (e.g. CDTFA Publication 103), not on a tax ID.
    expect(treatCustomer({ type: 'RESELLER' }, 'US')).toMatchObject({ applied_type: 'RESELLER' });
  });
});

describe('a customer tax ID checked where the customer is (validateTaxIdWhere)', () => {
  it('reads an unprefixed eu_vat number as the location country’s, a prefixed one of another country as that country’s', () => {
    // 136695976 is the German VAT number DE136695976 (python-stdnum de/vat doctest) without its prefix.
    expect(validateTaxIdWhere({ tax_id: '136695976', type: 'eu_vat' }, 'DE')).toMatchObject({ valid: true, country: 'DE', normalized: 'DE136695976' });
    // A French VAT number (python-stdnum fr/tva doctest) of a customer located in Germany.
    expect(validateTaxIdWhere({ tax_id: 'FR40303265045' }, 'DE')).toMatchObject({ valid: true, country: 'FR' });
  });

  it('keeps a Mexican RFC that starts with DE Mexican, and a type of its own country to that country', () => {
    // RFC of a person: 4 letters, birth date 800101, homoclave (SAT, Anexo 20; python-stdnum mx/rfc format).
    expect(validateTaxIdWhere({ tax_id: 'DEGA800101AB1' }, 'MX')).toMatchObject({ valid: true, country: 'MX', type: 'mx_rfc' });
    // 53 004 085 616 is the ABN of the ATO's own example (abr.business.gov.au, "ABN format").
    expect(validateTaxIdWhere({ tax_id: '53 004 085 616', type: 'au_abn' }, 'DE')).toMatchObject({ valid: true, country: 'AU' });
  });
});
