/** Domain (pure): the request of POST /v1/tax/id-validate (its answer: validation-schema.ts). */
import * as z from 'zod';
import { customerTaxIdField } from '../fields/sale';
import { isAssignedCountry } from '../geography/countries';
import { COUNTRY_ALIASES, countrylessDefinitionsOf, countryOfType, isSupportedTaxIdType, vatPrefixOf } from './type-index';

export const taxIdValidateRequestSchema = z
  .strictObject({
    tax_id: customerTaxIdField,
    country: z
      .string({ error: 'must be a string (ISO 3166-1 alpha-2 code such as "DE")' })
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((c) => /^[A-Z]{2}$/.test(c) && (isAssignedCountry(c) || c in COUNTRY_ALIASES), {
        error: 'must be an ISO 3166-1 alpha-2 country code such as "DE" (or the VAT prefix "EL" or "XI")',
      })
      .optional(),
    type: z
      .string({ error: 'must be a string' })
      .trim()
      .toLowerCase()
      .refine((t) => isSupportedTaxIdType(t), {
        error: 'must be a supported tax ID type such as "eu_vat", "gb_vat" or "au_abn" (see docs/tax-ids.md)',
      })
      .optional(),
  })
  .superRefine((req, ctx) => {
    if (req.country !== undefined) return;
    if (req.type !== undefined && !isSupportedTaxIdType(req.type)) return;
    if (req.type !== undefined && countryOfType(req.type) !== undefined) return;
    if (req.type !== undefined && countrylessDefinitionsOf(req.type).length > 0) return;
    if (vatPrefixOf(req.tax_id) !== undefined) return;
    ctx.addIssue({
      code: 'custom',
      path: ['country'],
      message: 'is required unless tax_id starts with a VAT country prefix (such as DE, EL or XI) or type names a single country (or none, as gen_ean)',
    });
  });
