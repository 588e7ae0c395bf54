/**
 * Domain (pure): the currency of a sale (unify carts, transactions). A module of its own so that a route without
 * money amounts (POST /v1/tax/rate) does not carry the ISO 4217 list in its bundle.
 */
import currencyCodes from 'currency-codes';
import * as z from 'zod';
import { requiredOr } from './validation';

/** ISO 4217 codes of real currencies (the package's list without metals, bond units, XTS and XXX). */
const currencySet: ReadonlySet<string> = new Set(
  currencyCodes.data.filter((c) => !c.countries.every((country) => country.startsWith('Zz'))).map((c) => c.code),
);
const isCurrencyCode = (code: string): boolean => currencySet.has(code);

export const currencyField = z
  .string({ error: requiredOr('must be an ISO 4217 code such as "EUR"') })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCurrencyCode, { error: 'must be an ISO 4217 code such as "EUR" or "USD"' })
  .meta({ description: 'ISO 4217 currency code ("EUR", "USD") of every amount; any case, answered upper case' });
