/** Domain (pure): the request and the answer of POST /v1/tax/id-validate. */
import * as z from 'zod';
import { customerTaxIdField } from '../fields';
import { isAssignedCountry } from '../geography/countries';
import type { Exactly, Expect } from '../schema-check';
import { COUNTRY_ALIASES, countrylessDefinitionsOf, countryOfType, isSupportedTaxIdType, vatPrefixOf } from './type-index';
import type { TaxIdInvalidReason, TaxIdKind, TaxIdValidation } from './types';

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
      message:
        'is required unless tax_id starts with a VAT country prefix (such as DE, EL or XI) or type names a single country (or none, as gen_ean)',
    });
  });

const taxIdKinds = ['vat', 'business', 'individual', 'excise', 'other'] as const satisfies readonly TaxIdKind[];
const invalidReasons = ['invalid_format', 'invalid_checksum', 'invalid_length', 'unsupported'] as const satisfies readonly TaxIdInvalidReason[];

/** The answer of POST /v1/tax/id-validate (the OpenAPI document's `TaxIdValidation`). */
export const taxIdValidationSchema = z
  .object({
    valid: z.boolean().nullable().meta({ description: 'null when the country or the type is not supported' }),
    country: z.string().nullable(),
    type: z.string().nullable().meta({ example: 'eu_vat' }),
    kind: z.enum(taxIdKinds).nullable(),
    normalized: z.string().nullable().meta({ description: 'Compact form (VAT numbers with their VIES/HMRC prefix); null unless valid' }),
    reason: z.enum(invalidReasons).optional().meta({ description: 'Present whenever `valid` is not true' }),
    registry_checked: z.literal(false).meta({ description: 'Always false: no national registry was consulted (format and check digits only)' }),
  })
  .meta({
    id: 'TaxIdValidation',
    example: { valid: true, country: 'DE', type: 'eu_vat', kind: 'vat', normalized: 'DE136695976', registry_checked: false },
  });

export type TaxIdKindsMatch = Expect<Exactly<(typeof taxIdKinds)[number], TaxIdKind>>;
export type TaxIdReasonsMatch = Expect<Exactly<(typeof invalidReasons)[number], TaxIdInvalidReason>>;
export type TaxIdValidationMatches = Expect<Exactly<z.output<typeof taxIdValidationSchema>, TaxIdValidation>>;
