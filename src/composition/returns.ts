/**
 * Composition: what the return use cases are given (src/usecases/returns/compute.ts ReturnDeps): the returns, the
 * ledger's date reads, the registrations, the entities (the primary one) and the ECB rates, from the one root (ports.ts).
 */
import { entities, fxRates, registrations, returnLedger, returns } from './ports';

export const returnDeps = { returns, ledger: returnLedger, registrations, entities, fxRates };
