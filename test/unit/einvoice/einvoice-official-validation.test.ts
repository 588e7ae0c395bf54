/**
 * Every e-invoice Levy writes for each case (test/support/einvoice-cases.ts), in each syntax and profile, passes the
 * official EN 16931 validation run as published (CEN/TC 434's XSLT under SaxonJS: no failed assertion flagged fatal
 * or error) and its schema (UBL 2.1 / CII D16B under xmllint-wasm). The artifacts are read from fetched copies outside
 * the repository (test/support/en16931-validation.ts); without them the suite is skipped, saying where it looked.
 */
import { ciiCreditNoteXml, ciiInvoiceXml, ublCreditNoteXml, ublInvoiceXml, type EInvoiceProfile } from '../../../src/domain/einvoice';
import { creditNoteOf, einvoiceCases } from '../../support/einvoice-cases';
import { blocking, findArtifacts, schemaErrors, schematronFindings, type Syntax } from '../../support/en16931-validation';

const { artifacts, lookedIn } = findArtifacts();

const formats: [Syntax, EInvoiceProfile][] = [
  ['ubl', 'en16931'],
  ['ubl', 'xrechnung'],
  ['ubl', 'peppol'],
  ['cii', 'en16931'],
  ['cii', 'xrechnung'],
];

const invoice = einvoiceCases['DE domestic 19 % + 7 %']!;
const notes = {
  'a credit note of part of a line': creditNoteOf(invoice, [{ id: 'seats', net_amount: 20_000, tax_amount: 3_800 }]),
  'a credit note of the whole invoice': creditNoteOf(
    invoice,
    invoice.taxed_lines!.map((l) => ({ id: l.id, net_amount: l.net_amount, tax_amount: l.tax_amount })),
    'CN-0002',
  ),
};

/** Every document, by `<case> <syntax> <profile>`. */
const documents: Record<Syntax, Record<string, string>> = { ubl: {}, cii: {} };
for (const [syntax, profile] of formats) {
  for (const [name, inv] of Object.entries(einvoiceCases)) {
    documents[syntax][`${name} ${syntax} ${profile}`] = syntax === 'ubl' ? ublInvoiceXml(inv, profile) : ciiInvoiceXml(inv, profile);
  }
  for (const [name, note] of Object.entries(notes)) {
    documents[syntax][`${name} ${syntax} ${profile}`] = syntax === 'ubl' ? ublCreditNoteXml(note, invoice, profile) : ciiCreditNoteXml(note, invoice, profile);
  }
}

if (!artifacts) {
  process.stdout.write(
    `\nEN 16931 validation artifacts not found; looked in:\n${lookedIn.map((d) => `  ${d}\n`).join('')}` +
      'Fetch github.com/ConnectingEurope/eInvoicing-EN16931 and github.com/kduvekot/ubl-release-package as git dirs there, ' +
      'or name them with LEVY_EN16931_GIT and LEVY_UBL_GIT (docs/invoices.md "Validation"). Skipping the official validation.\n',
  );
  describe.skip(`official EN 16931 validation (artifacts not found in ${lookedIn.join(', ')})`, () => {
    it('needs the EN 16931 validation artifacts and the UBL 2.1 schemas (docs/invoices.md)', () => undefined);
  });
} else {
  const a = artifacts;
  describe(`official EN 16931 validation (eInvoicing-EN16931 ${a.en16931Commit.slice(0, 7)}, UBL 2.1 schemas ${a.ublCommit.slice(0, 7)})`, () => {
    const schema: Record<string, string[]> = {};
    beforeAll(async () => {
      Object.assign(schema, await schemaErrors(a, 'ubl', documents.ubl), await schemaErrors(a, 'cii', documents.cii));
    }, 300_000);

    const all = (['ubl', 'cii'] as const).flatMap((syntax) => Object.keys(documents[syntax]).map((name) => [name, syntax] as const));
    it.each(all)('%s: no fatal or error assertion, schema-valid', (name, syntax) => {
      const failed = blocking(schematronFindings(a, syntax, documents[syntax][name]!)).map((f) => `${f.flag} ${f.id}: ${f.text} at ${f.location}`);
      expect({ schematron: failed, schema: schema[name] }).toEqual({ schematron: [], schema: [] });
    });

    it('sees a broken document (the validation is live): a wrong total fails BR-CO-15, an unknown element fails the schema', async () => {
      const xml = ublInvoiceXml(invoice).replace(/<cbc:TaxInclusiveAmount currencyID="EUR">[^<]*</, '<cbc:TaxInclusiveAmount currencyID="EUR">1.00<');
      expect(blocking(schematronFindings(a, 'ubl', xml)).map((f) => f.id)).toContain('BR-CO-15');
      const broken = await schemaErrors(a, 'cii', { broken: ciiInvoiceXml(invoice).replace('<ram:TypeCode>380', '<ram:Oops>1</ram:Oops><ram:TypeCode>380') });
      expect(broken.broken).not.toEqual([]);
    });
  });
}
