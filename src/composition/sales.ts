/**
 * Composition: what the use cases that quote or record a sale are given, from the one root (ports.ts), said once so
 * a route cannot forget a part. Plain object literals, so a function's bundle keeps only the set it imports.
 */
import { cachedZipRates, customers, entities, exemptions, locations, products, registrations, sales, sellerEntities, settings, zipRates } from './ports';
import { collection, establishments, nexusWatch, subjects, taxIds } from './sale-parts';
import { usLocalRatesRequired } from '../config/environment';

/** What a quote loads only for the sales that need it, and the setting that refuses a US sale without its ZIP table. */
const saleParts = { subjects, collection, establishments, taxIds, usLocalRatesRequired };

/** POST /v1/tax/rate: the seller and the ZIP rows through the container's read caches (one DynamoDB call when warm). */
export const taxRateDeps = {
  entities: sellerEntities,
  zipRates: cachedZipRates,
  locations,
  customers,
  exemptions,
  products,
  settings,
  registrations,
  ...saleParts,
};

/** Quoting a cart as unify does (a checkout's quote, never recorded). */
export const saleQuoteDeps = { entities, zipRates, locations, sales, customers, exemptions, products, settings, registrations, ...saleParts };

/** Recording a sale (unify's commit, transactions, a checkout's completion, a Stripe import, an invoice): with the nexus events it may raise. */
export const saleRecordingDeps = { ...saleQuoteDeps, nexusWatch };
