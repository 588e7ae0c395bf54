/**
 * Domain (pure): the e-invoice profiles Levy writes (EN 16931 core, XRechnung 3.0, Peppol BIS Billing 3.0), their
 * specification identifiers (BT-24) and business process (BT-23), and what each needs from the invoice's data. A
 * document that would break a rule is never written: every missing business term is named with its field path
 * (422 `einvoice_incomplete`). Each check cites the rule it follows: EN 16931-1 business rules (BR-...), XRechnung's
 * (BR-DE-..., itplr-kosit/xrechnung-schematron) and Peppol's (PEPPOL-EN16931-..., DE-R-..., OpenPEPPOL/peppol-bis-invoice-3).
 */
import * as z from 'zod';
import { AppError } from '../errors';
import { peppolEasCodes } from './fields';
import type { EInvoiceDocument } from './document';

export const einvoiceProfiles = ['en16931', 'xrechnung', 'peppol'] as const;
export type EInvoiceProfile = (typeof einvoiceProfiles)[number];

/** The profiles each syntax is written in: Peppol BIS Billing 3.0 is UBL only. */
export const syntaxProfiles = { ubl: ['en16931', 'xrechnung', 'peppol'], cii: ['en16931', 'xrechnung'] } as const satisfies Record<
  string,
  readonly EInvoiceProfile[]
>;
export type EInvoiceSyntax = keyof typeof syntaxProfiles;

/** `?profile=` of a route in `syntax`: one of the profiles it offers (400 naming them), en16931 when absent. */
export const einvoiceQuerySchema = (syntax: EInvoiceSyntax) =>
  z.strictObject({
    profile: z
      .enum(syntaxProfiles[syntax], { error: `must be one of the profiles ${syntax.toUpperCase()} is written in: ${syntaxProfiles[syntax].join(', ')}` })
      .default('en16931')
      .meta({ description: `The profile: ${syntaxProfiles[syntax].join(', ')} (default en16931)` }),
  });

const PEPPOL_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** BT-24 and BT-23 per profile (BR-DE-21 for XRechnung; PEPPOL-EN16931-R004 and R001/R007 for Peppol, which XRechnung 3.0 adopted). */
export const profileIdentifiers: Readonly<Record<EInvoiceProfile, { customizationId: string; profileId?: string }>> = {
  en16931: { customizationId: 'urn:cen.eu:en16931:2017' },
  xrechnung: { customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', profileId: PEPPOL_PROCESS },
  peppol: { customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0', profileId: PEPPOL_PROCESS },
};

export interface MissingTerm {
  /** The business term or group (BT-10, BG-16). */
  term: string;
  /** Where Levy takes it from (`buyer_reference`, `seller.contact.phone`). */
  path: string;
  /** The rule that requires it. */
  rule: string;
}

const need = (term: string, path: string, rule: string): MissingTerm => ({ term, path, rule });
const blank = (value: string | undefined | null) => value === undefined || value === null || value.trim() === '';
const CREDIT_TRANSFER = ['30', '58'];
const DIRECT_DEBIT = ['49', '59'];

/** EN 16931 itself, from the categories the lines carry (BR-S/Z/E/AE/IC/G/O-02, BR-CO-26, BR-O-11, BR-61, BR-DEC). */
function coreNeeds(doc: EInvoiceDocument): MissingTerm[] {
  const missing: MissingTerm[] = [];
  const categories = new Set(doc.lines.map((l) => l.category));
  if (categories.has('O')) {
    if (categories.size > 1) missing.push(need('BT-118', 'line_items', 'BR-O-11 (a supply not subject to VAT has an invoice of its own)'));
    if (blank(doc.seller.legal_registration_id)) missing.push(need('BT-30', 'seller.legal_registration_id', 'BR-CO-26 (category O carries no VAT id)'));
  } else if (blank(doc.seller.tax_id)) {
    missing.push(need('BT-31', 'seller.tax_id', `BR-${[...categories][0] === 'K' ? 'IC' : [...categories][0]}-02`));
  }
  for (const category of ['AE', 'K'] as const) {
    if (categories.has(category) && blank(doc.buyer.tax_id)) missing.push(need('BT-48', 'customer.tax_id', category === 'AE' ? 'BR-AE-02' : 'BR-IC-02'));
  }
  if (doc.payment && CREDIT_TRANSFER.includes(doc.payment.means_code) && blank(doc.payment.iban)) missing.push(need('BT-84', 'payment.iban', 'BR-61'));
  if (doc.payment && DIRECT_DEBIT.includes(doc.payment.means_code)) {
    missing.push(need('BG-19', 'payment.means_code', 'BR-DE-25-a / PEPPOL-EN16931-R061 (direct debit needs a mandate Levy does not carry: use 58 or 30)'));
  }
  if (doc.digits > 2) missing.push(need('BT-5', 'currency', `BR-DEC-09 (amounts have at most 2 decimals; ${doc.currency} has ${doc.digits})`));
  return missing;
}

/** The seller contact and the cities and post codes XRechnung (BR-DE-2..9) and Peppol's German rules (DE-R-002..009) require. */
function germanNeeds(doc: EInvoiceDocument, ruleOf: (n: number) => string): MissingTerm[] {
  const missing: MissingTerm[] = [];
  if (!doc.payment) missing.push(need('BG-16', 'payment', ruleOf(1)));
  if (blank(doc.buyerReference)) missing.push(need('BT-10', 'buyer_reference', ruleOf(15)));
  const contact = doc.seller.contact;
  if (!contact) missing.push(need('BG-6', 'seller.contact', ruleOf(2)));
  else {
    if (blank(contact.name)) missing.push(need('BT-41', 'seller.contact.name', ruleOf(5)));
    if (blank(contact.phone)) missing.push(need('BT-42', 'seller.contact.phone', ruleOf(6)));
    if (blank(contact.email)) missing.push(need('BT-43', 'seller.contact.email', ruleOf(7)));
  }
  if (blank(doc.seller.address.city)) missing.push(need('BT-37', 'seller.address.city', ruleOf(3)));
  if (blank(doc.seller.address.postal_code)) missing.push(need('BT-38', 'seller.address.postal_code', ruleOf(4)));
  if (blank(doc.buyer.address.city)) missing.push(need('BT-52', 'customer.address.city', ruleOf(8)));
  if (blank(doc.buyer.address.postal_code)) missing.push(need('BT-53', 'customer.address.postal_code', ruleOf(9)));
  return missing;
}

/**
 * A Leitweg-ID (KoSIT, "Format-Spezifikation Leitweg-ID" 2.0.2): coarse address (2 to 12 digits), optional fine
 * address (up to 30 letters or digits), check digits by ISO/IEC 7064 MOD 97-10 over the rest.
 */
export function isLeitwegId(value: string): boolean {
  const match = /^(\d{2,12})(?:-([A-Z0-9]{1,30}))?-(\d{2})$/.exec(value.trim().toUpperCase());
  if (!match) return false;
  const digits = [...`${match[1]}${match[2] ?? ''}`].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('') + '00';
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return 98 - remainder === Number(match[3]);
}

/** GS1 GLN: 13 digits, the last a mod-10 check digit (PEPPOL-COMMON-R040). */
export function isGln(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const sum = [...value.slice(0, 12)].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(value[12]);
}

/** A public buyer addressed by its Leitweg-ID (EAS 0204) is invoiced with that id as BT-10 (XRechnung's purpose). */
function leitwegNeeds(doc: EInvoiceDocument): MissingTerm[] {
  if (doc.buyer.electronic_address?.scheme !== '0204') return [];
  const missing: MissingTerm[] = [];
  if (!isLeitwegId(doc.buyer.electronic_address.value)) {
    missing.push(
      need('BT-49', 'customer.electronic_address.value', 'EAS 0204 is a Leitweg-ID (KoSIT Format-Spezifikation Leitweg-ID: check digits MOD 97-10)'),
    );
  }
  if (!blank(doc.buyerReference) && !isLeitwegId(doc.buyerReference!)) {
    missing.push(need('BT-10', 'buyer_reference', "a public buyer's BT-10 is its Leitweg-ID (KoSIT Format-Spezifikation Leitweg-ID)"));
  }
  return missing;
}

function endpointNeeds(doc: EInvoiceDocument, peppol: boolean): MissingTerm[] {
  const missing: MissingTerm[] = [];
  const parties = [
    ['BT-34', 'seller', doc.seller, 'PEPPOL-EN16931-R020'],
    ['BT-49', 'customer', doc.buyer, 'PEPPOL-EN16931-R010'],
  ] as const;
  for (const [term, path, party, rule] of parties) {
    const address = party.electronic_address;
    if (!address) missing.push(need(term, `${path}.electronic_address`, rule));
    else if (peppol && !peppolEasCodes.has(address.scheme))
      missing.push(need(term, `${path}.electronic_address.scheme`, 'PEPPOL-EN16931-CL008 (an ICD-based EAS code)'));
    else if (peppol && address.scheme === '0088' && !isGln(address.value))
      missing.push(need(term, `${path}.electronic_address.value`, 'PEPPOL-COMMON-R040 (a GLN)'));
  }
  return missing;
}

/** Every business term the profile needs that the document lacks; empty when it can be written. */
export function missingTerms(doc: EInvoiceDocument, profile: EInvoiceProfile): MissingTerm[] {
  const missing = coreNeeds(doc);
  if (profile === 'xrechnung') {
    missing.push(...germanNeeds(doc, (n) => `BR-DE-${n}`), ...endpointNeeds(doc, false), ...leitwegNeeds(doc));
  }
  if (profile === 'peppol') {
    if (blank(doc.buyerReference) && blank(doc.purchaseOrder)) missing.push(need('BT-10', 'buyer_reference (or purchase_order, BT-13)', 'PEPPOL-EN16931-R003'));
    missing.push(...endpointNeeds(doc, true), ...leitwegNeeds(doc));
    if (doc.seller.address.country === 'DE' && doc.buyer.address.country === 'DE') {
      missing.push(...germanNeeds(doc, (n) => `DE-R-${String(n).padStart(3, '0')}`));
    }
  }
  const seen = new Set<string>();
  return missing.filter((m) => !seen.has(m.path) && seen.add(m.path));
}

/** 422 naming every missing term with its field path and rule, or nothing. */
export function checkComplete(doc: EInvoiceDocument, profile: EInvoiceProfile, what: string): void {
  const missing = missingTerms(doc, profile);
  if (missing.length === 0) return;
  throw new AppError(
    422,
    'einvoice_incomplete',
    `${what} cannot be written as profile ${profile}: it lacks ${missing.map((m) => `${m.term} (${m.path}; ${m.rule})`).join(', ')}. ` +
      "Set the seller's on the entity (the primary entity with `levy accounts update`), the buyer's on the customer, the rest on the draft invoice.",
  );
}
