/**
 * Domain (pure): a tax ID's verdict as answered, by POST /v1/tax/id-validate and inside a rate answer's customer. Apart
 * from the catalogue (type-index.ts), so that a rate answer's schema does not load every country's types.
 */
import * as z from 'zod';
import { once } from '../../shared/once';
import type { Exactly, Expect } from '../schema-check';
import type { TaxIdInvalidReason, TaxIdKind, TaxIdValidation } from './types';

const taxIdKinds = ['vat', 'business', 'individual', 'excise', 'other'] as const satisfies readonly TaxIdKind[];
const invalidReasons = ['invalid_format', 'invalid_checksum', 'invalid_length', 'unsupported'] as const satisfies readonly TaxIdInvalidReason[];

/** The answer of POST /v1/tax/id-validate (the OpenAPI document's `TaxIdValidation`). */
const buildTaxIdValidationSchema = () =>
  z
    .object({
      valid: z.boolean().nullable().meta({ description: 'null when the country or the type is not supported' }),
      country: z.string().nullable(),
      type: z.string().nullable().meta({ example: 'eu_vat' }),
      kind: z.enum(taxIdKinds).nullable(),
      normalized: z.string().nullable().meta({ description: 'Compact form (VAT numbers with their VIES/HMRC prefix); null unless valid' }),
      reason: z.enum(invalidReasons).optional().meta({ description: 'Present whenever `valid` is not true' }),
      message: z
        .string()
        .optional()
        .meta({ description: 'When the number is recognisably something close (a Norwegian organisation number without MVA): what to send instead' }),
      registry_checked: z.literal(false).meta({ description: 'Always false: no national registry was consulted (format and check digits only)' }),
    })
    .meta({
      id: 'TaxIdValidation',
      example: { valid: true, country: 'DE', type: 'eu_vat', kind: 'vat', normalized: 'DE136695976', registry_checked: false },
    });

/** Built when first read (answer schemas are for the OpenAPI document and the tests; nothing parses an answer). */
export const taxIdValidationSchema = z.lazy(once(buildTaxIdValidationSchema));

export type TaxIdKindsMatch = Expect<Exactly<(typeof taxIdKinds)[number], TaxIdKind>>;
export type TaxIdReasonsMatch = Expect<Exactly<(typeof invalidReasons)[number], TaxIdInvalidReason>>;
export type TaxIdValidationMatches = Expect<Exactly<z.output<typeof taxIdValidationSchema>, TaxIdValidation>>;
