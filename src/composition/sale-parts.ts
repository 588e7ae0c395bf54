/**
 * Composition: the loaders of the code only some sales need (src/usecases/sales/quote-sale.ts, QuoteDeps), and of
 * the nexus watch that recording a sale wakes. Each is a dynamic import, so esbuild keeps that code in a chunk of its
 * own (lib/bundling.ts) and a cold start that never needs it never parses it: the rate function's category path
 * never loads the catalogue, certificates, collection or tax-ID validators; unify without commit never loads the
 * nexus rules. The cold-start choice is made here, once; the use cases only call `load()`.
 */
import type { Loader } from '../ports/loader';
import type { NexusWatch } from '../ports/nexus-watch';
import type { EstablishmentModule, SaleCollectionModule, SaleSubjectsModule, TaxIdModule } from '../ports/sale-parts';
import { onceAsync } from '../shared/once';
import { entities, fxRates, nexusCounters, nexusEvents, registrations, sales, settings } from './ports';

export const subjects: Loader<SaleSubjectsModule> = { load: () => import('../usecases/sales/sale-subjects') };
export const collection: Loader<SaleCollectionModule> = { load: () => import('../usecases/sales/sale-collection') };
export const establishments: Loader<EstablishmentModule> = { load: () => import('../usecases/sales/sale-establishment') };
export const taxIds: Loader<TaxIdModule> = { load: () => import('../domain/tax-ids/validator') };

/** What recording a sale needs to raise its nexus events: the nexus report's reads and the event log. */
export const nexusWatch: Loader<NexusWatch> = {
  load: /* @__PURE__ */ onceAsync(async () => {
    const { nexusWatchOver } = await import('../usecases/nexus-events');
    return nexusWatchOver({ entities, registrations, settings, sales, nexusCounters, fxRates, nexusEvents });
  }),
};
