/**
 * Use case: POST /v1/nexus/simulate (docs/nexus.md "Simulation"): hypothetical sales, each in the shape of
 * POST /v1/transactions and taxed by the same engine, added in memory to the recorded counters; the same report as
 * GET /v1/nexus, and nothing written. A hypothetical sale that crosses a threshold is named by its id.
 */
import { counterOf, saleNexusDeltas } from '../domain/nexus/counters';
import type { NexusReport, ReportCounter } from '../domain/nexus/report';
import type { NexusSimulationRequest } from '../domain/nexus/simulation';
import { transactionRequestSchema } from '../domain/transactions/schema';
import { fieldError, parseWith } from '../domain/validation';
import { namedOrPrimaryEntity } from './entity-of-request';
import { nexusReport, type NexusReportDeps } from './nexus-report';
import type { QuoteDeps } from './sales/quote-sale';
import { decideTransaction } from './sales/record-sale';

type SimulationDeps = NexusReportDeps & QuoteDeps;

/**
 * The reads every hypothetical sale repeats (its seller, the settings, the registrations), each made once per
 * request: plain objects over the ports (which are Proxies, so spreading one copies nothing).
 */
function readingOnce(deps: SimulationDeps): SimulationDeps {
  const reads = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let made = reads.get(key);
    if (!made) reads.set(key, (made = read()));
    return made as Promise<T>;
  };
  const { entities, registrations, settings } = deps;
  return {
    ...deps,
    entities: {
      get: (accountId, id) => once(`entity|${id}`, () => entities.get(accountId, id)),
      primary: (accountId) => once('primary', () => entities.primary(accountId)),
      list: (accountId, page) => entities.list(accountId, page),
      create: (accountId, entity) => entities.create(accountId, entity),
      updateSubsidiary: (accountId, id, patch) => entities.updateSubsidiary(accountId, id, patch),
      updatePrimarySellerDetails: (accountId, id, patch) => entities.updatePrimarySellerDetails(accountId, id, patch),
    },
    registrations: {
      listAll: (accountId) => once('registrations', () => registrations.listAll(accountId)),
      get: (accountId, id) => registrations.get(accountId, id),
      slot: (accountId, slot) => registrations.slot(accountId, slot),
      write: (accountId, registration, slot, periods, seen) => registrations.write(accountId, registration, slot, periods, seen),
    },
    settings: {
      get: (accountId) => once('settings', () => settings.get(accountId)),
      update: (accountId, patch) => settings.update(accountId, patch),
    },
  };
}

export async function simulateNexus(ports: SimulationDeps, accountId: string, request: NexusSimulationRequest): Promise<NexusReport> {
  const deps = readingOnce(ports);
  const entity = await namedOrPrimaryEntity(deps, accountId, request.entity_id);
  const counters: ReportCounter[] = [];
  for (const [index, input] of request.transactions.entries()) {
    // The report's entity sells them, unless a sale names it itself (another entity is a mistake: 400).
    if (input.entity_id !== undefined && input.entity_id !== entity.id)
      throw fieldError(`transactions[${index}].entity_id`, `is '${input.entity_id}', but the simulation reports on entity '${entity.id}'`);
    // Validated here first, so a mistake names its place in the request (transactions[2].line_items[0].amount).
    const request = { ...parseWith(transactionRequestSchema, input, { prefix: `transactions[${index}]` }), entity_id: entity.id };
    const { transaction, seller_id } = await decideTransaction(deps, accountId, request);
    counters.push(...saleNexusDeltas(transaction, seller_id).map((delta) => ({ ...counterOf(delta, transaction.date), transaction_id: transaction.id })));
  }
  return nexusReport(deps, accountId, { entity_id: entity.id, as_of: request.as_of, country: request.country }, { counters });
}
