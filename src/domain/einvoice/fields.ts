/**
 * Domain (pure): the optional fields e-invoices need (EN 16931 business terms), as request fields and as stored:
 * an electronic address (BT-34 seller, BT-49 buyer), a seller contact (BG-6: BT-41..43), a legal registration id
 * (BT-30), the buyer reference (BT-10), the purchase order (BT-13) and the payment instructions (BG-16). docs/invoices.md.
 */
import * as z from 'zod';
import { emailField } from '../fields/records';
import { dateField } from '../fields/sale';
import { expected } from '../validation';

/**
 * The Electronic Address Scheme codes (CEF EAS list, as the EN 16931 validation artefacts and Peppol BIS 3.0's
 * PEPPOL-EN16931-CL008 accept them): "0204" Leitweg-ID, "9930" German VAT number, "0088" GLN, "EM" e-mail...
 */
export const easCodes: ReadonlySet<string> = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 0191 0192 0193 0194 ' +
    '0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0221 0225 0230 0235 0240 ' +
    '9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 ' +
    '9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'
  ).split(' '),
);

/** The EAS codes Peppol BIS Billing 3.0 accepts on an endpoint (PEPPOL-EN16931-CL008): the list less the non-ICD ones. */
export const peppolEasCodes: ReadonlySet<string> = new Set([...easCodes].filter((code) => /^\d{4}$/.test(code)));

const text = (max: number) =>
  z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

export const electronicAddressField = z
  .strictObject(
    {
      scheme: z
        .string({ error: expected('a string (an EAS code such as "0204", "9930", "0088" or "EM")') })
        .trim()
        .refine((code) => easCodes.has(code), { error: 'must be an EAS code (CEF Electronic Address Scheme) such as "0204", "9930", "0088" or "EM"' })
        .meta({ description: 'EAS code of the address scheme ("0204" Leitweg-ID, "9930" German VAT number, "EM" e-mail ...)' }),
      value: text(200).meta({ description: 'The address within that scheme (a Leitweg-ID, a VAT number, an e-mail address ...)' }),
    },
    { error: expected('an object {scheme, value}') },
  )
  .meta({ description: 'EN 16931 BT-34 (seller) / BT-49 (buyer): where the party receives e-invoices; `scheme` is an EAS code' });

export type ElectronicAddress = z.output<typeof electronicAddressField>;

export const contactField = z
  .strictObject(
    {
      name: text(200).optional().meta({ description: 'BT-41: the contact person or department' }),
      phone: text(50).optional().meta({ description: 'BT-42: telephone number' }),
      email: emailField.optional().meta({ description: 'BT-43: e-mail address' }),
    },
    { error: expected('an object {name?, phone?, email?}') },
  )
  .meta({ description: 'EN 16931 BG-6 seller contact: BT-41 name, BT-42 telephone, BT-43 e-mail (XRechnung requires all three)' });

export type Contact = z.output<typeof contactField>;

export const legalRegistrationIdField = text(100).meta({
  description: 'EN 16931 BT-30: the seller\'s legal registration (e.g. a Handelsregister number "HRB 12345 B"); a supply outside the scope of VAT needs it',
});

/** UNTDID 4461 payment means codes: "58" SEPA credit transfer, "30" credit transfer, "59" SEPA direct debit, "ZZZ" mutually defined... */
const meansCodeField = z
  .string({ error: expected('a string (a UNTDID 4461 code such as "58")') })
  .trim()
  .regex(/^(\d{1,3}|ZZZ)$/, { error: 'must be a UNTDID 4461 payment means code such as "58" (SEPA credit transfer) or "30" (credit transfer)' });

/** ISO 13616 IBAN: the country, two check digits and up to 30 letters or digits, its mod-97 check 1. */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  const digits = [...(iban.slice(4) + iban.slice(0, 4))].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}

export const paymentField = z
  .strictObject(
    {
      means_code: meansCodeField,
      iban: z
        .string({ error: expected('a string') })
        .transform((s) => s.replace(/\s+/g, '').toUpperCase())
        .refine(isIban, { error: 'must be an IBAN (ISO 13616: country, check digits, account; its check digits must match)' })
        .optional(),
      bic: z
        .string({ error: expected('a string') })
        .trim()
        .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: 'must be a BIC (8 or 11 letters and digits)' })
        .optional(),
      terms: text(1000).optional(),
      due_date: dateField.optional(),
    },
    { error: expected('an object {means_code, iban?, bic?, terms?, due_date?}') },
  )
  .meta({
    description: 'EN 16931 BG-16 payment instructions: BT-81 means code (UNTDID 4461), BT-84 IBAN, BT-86 BIC, BT-20 payment terms, BT-9 due date',
  });

export type Payment = z.output<typeof paymentField>;

export const buyerReferenceField = text(200).meta({
  description: 'EN 16931 BT-10: the reference the buyer asked for (for a German public buyer its Leitweg-ID); never derived from other fields',
});
export const purchaseOrderField = text(200).meta({ description: "EN 16931 BT-13: the buyer's purchase order reference" });

/** The e-invoice fields of a party as frozen on a finalized invoice (absent: not set when it was finalized). */
export const partyEInvoiceShape = {
  electronic_address: z
    .object({
      scheme: z.string().meta({ description: 'EAS code of the address scheme' }),
      value: z.string().meta({ description: 'The address within that scheme' }),
    })
    .optional()
    .meta({ description: 'EN 16931 BT-34 / BT-49: where the party receives e-invoices' }),
  contact: z
    .object({
      name: z.string().optional().meta({ description: 'BT-41: the contact person or department' }),
      phone: z.string().optional().meta({ description: 'BT-42: telephone number' }),
      email: z.string().optional().meta({ description: 'BT-43: e-mail address' }),
    })
    .optional()
    .meta({ description: 'EN 16931 BG-6 (the seller only)' }),
  legal_registration_id: z.string().optional().meta({ description: 'EN 16931 BT-30 (the seller only)' }),
};
