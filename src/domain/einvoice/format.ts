/**
 * Domain (pure): how the e-invoice builders write values: amounts as the invoice's integer minor units in decimals
 * with the currency's digits, rates as percentages, dates as CII's format 102 (YYYYMMDD). The VAT identifier of a
 * party carries its country prefix (BR-CO-09; Greece's is EL).
 */
import { decimal } from '../money/minor-units';
import type { EInvoiceDocument } from './document';

export const amountOf = (minor: number, doc: Pick<EInvoiceDocument, 'currency'>): string => decimal(minor, doc.currency);

/** 0.19 -> "19", 0.055 -> "5.5", 0.0825 -> "8.25": the fraction as a percentage without trailing zeros. */
export const percentOf = (rate: number): string => String(Number((rate * 100).toFixed(4)));

export const date102 = (isoDate: string): string => isoDate.replace(/-/g, '');

/** A VAT identifier with its ISO 3166-1 prefix (EL for Greece, as VIES writes it). */
export function vatIdOf(taxId: string | null | undefined, country: string): string | undefined {
  if (!taxId) return undefined;
  const compact = taxId.replace(/[\s.-]/g, '').toUpperCase();
  if (/^[A-Z]{2}/.test(compact)) return compact;
  return `${country === 'GR' ? 'EL' : country}${compact}`;
}

/** The document's parties' VAT identifiers, left out when a line is not subject to VAT (BR-O-02). */
export function vatIdsOf(doc: EInvoiceDocument): { seller?: string; buyer?: string } {
  if (doc.lines.some((l) => l.category === 'O')) return {};
  const seller = vatIdOf(doc.seller.tax_id, doc.seller.address.country);
  const buyer = vatIdOf(doc.buyer.tax_id, doc.buyer.address.country);
  return { ...(seller ? { seller } : {}), ...(buyer ? { buyer } : {}) };
}
