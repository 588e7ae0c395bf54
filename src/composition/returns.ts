/**
 * Composition: what the return use cases are given (src/usecases/returns/compute.ts ReturnDeps): the returns, the
 * return counters, the ledger's reads, the registrations, the entities (the primary one) and the ECB rates, from the one root (ports.ts).
 */
import { entities, fxRates, registrations, returnCounters, returnLedger, returns } from './ports';

export const returnDeps = { returns, ledger: returnLedger, counters: returnCounters, registrations, entities, fxRates };
