/**
 * Composition: what the return use cases (issue 15) are given: the returns, the ledger's date reads, the
 * registrations, the entities (the primary one) and the ECB rates, from the one composition root (ports.ts).
 */
import type { ReturnDeps } from '../usecases/returns';
import { entities, fxRates, registrations, returnLedger, returns } from './ports';

export const returnDeps: ReturnDeps = { returns, ledger: returnLedger, registrations, entities, fxRates };
