/**
 * Composition: what the use cases that quote or record a sale are given, from the one root (ports.ts), said once so
 * a route cannot forget a part (a recording route without `nexusWatch` would silently raise no nexus events). Plain
 * object literals, so a function's bundle keeps only the set it imports.
 */
import { cachedZipRates, customers, entities, exemptions, locations, nexusWatch, products, registrations, sales, settings, sellerEntities, zipRates } from './ports';

/** POST /v1/tax/rate: the seller and the ZIP rows through the container's read caches (one DynamoDB call when warm). */
export const taxRateDeps = { entities: sellerEntities, zipRates: cachedZipRates, locations, customers, exemptions, products, settings, registrations };

/** Quoting a cart as unify does (a checkout's quote, never recorded). */
export const saleQuoteDeps = { entities, zipRates, locations, sales, customers, exemptions, products, settings, registrations };

/** Recording a sale (unify's commit, transactions, a checkout's completion, a Stripe import, an invoice): with the nexus events it may raise. */
export const saleRecordingDeps = { entities, zipRates, locations, sales, customers, exemptions, products, settings, registrations, nexusWatch };
