/**
 * Test support: in-memory fakes of the ports (src/ports), one file per area under memory-ports/, with the same outcomes as the DynamoDB adapters
 * (`created | replayed | exists | stale`, undefined for a missing record), so the use cases can be unit-tested without a database.
 * Each fake keeps its state in plain maps the tests can read; `hooks` lets a test run code at the moment a write lands
 * (a concurrent writer), which a real database cannot be asked to do on demand.
 */
import type { Vendor } from '../../src/domain/records/vendor';
import type { UsLocalRate } from '../../src/domain/tax/rate-types';
import { zipRateOnMonth } from '../../src/domain/tax/zip-rate-months';
import type { Ports } from '../../src/ports/ports';
import { MemoryAccounts, MemoryApiKeys, MemoryKeyActivity, MemoryUsage } from './memory-ports/accounts';
import { MemoryExposure, MemoryLedgerState, MemoryRefundLedger, MemorySaleLedger } from './memory-ports/ledger';
import { MemoryEntityStore, MemoryProductStore, MemoryRecordStore } from './memory-ports/records';

export { MemoryAccounts, MemoryApiKeys, MemoryKeyActivity, MemoryUsage } from './memory-ports/accounts';
export { MemoryExposure, MemoryLedgerState, MemoryRefundLedger, MemorySaleLedger, type LedgerHooks } from './memory-ports/ledger';
export { MemoryEntityStore, MemoryProductStore, MemoryRecordStore } from './memory-ports/records';

/**
 * The customer, certificate and document ports have no fakes: their use cases are tested against DynamoDB Local. A
 * quote reads none of them here (no stored customers or certificates, default settings, no registrations: collected
 * everywhere), and recording raises no nexus events.
 */
/** The ports faked in memory: the ones the unit-tested use cases read (Ports lists every port of the root). */
type FakedPorts = Pick<
  Ports,
  | 'accounts'
  | 'apiKeys'
  | 'keyActivity'
  | 'vendors'
  | 'entities'
  | 'sales'
  | 'refunds'
  | 'exposure'
  | 'usage'
  | 'zipRates'
  | 'locations'
  | 'products'
  | 'subjects'
  | 'collection'
  | 'establishments'
  | 'taxIds'
  | 'nexusWatch'
>;

export interface MemoryPorts extends FakedPorts {
  customers: Pick<Ports['customers'], 'get'>;
  exemptions: Pick<Ports['exemptions'], 'listOf'>;
  settings: Pick<Ports['settings'], 'get'>;
  registrations: Pick<Ports['registrations'], 'listAll'>;
  accounts: MemoryAccounts;
  apiKeys: MemoryApiKeys;
  keyActivity: MemoryKeyActivity;
  vendors: MemoryRecordStore<Vendor>;
  entities: MemoryEntityStore;
  exposure: MemoryExposure;
  sales: MemorySaleLedger;
  refunds: MemoryRefundLedger;
  ledger: MemoryLedgerState;
  /** US local rate rows by ZIP, every state and month (each row's month in effective_month). */
  zipRows: Map<string, UsLocalRate[]>;
  usage: MemoryUsage;
  products: MemoryProductStore;
}

/** Every port in memory; `locations` answers like a world with only the ZIPs and IPs a test gives it. */
export function memoryPorts(options: { zipStates?: Record<string, string>; zipCounties?: Record<string, string> } = {}): MemoryPorts {
  const exposure = new MemoryExposure();
  const ledger = new MemoryLedgerState(exposure);
  const entities = new MemoryEntityStore();
  const apiKeys = new MemoryApiKeys();
  const zipRows = new Map<string, UsLocalRate[]>();
  const zipStates = options.zipStates ?? {};
  return {
    accounts: new MemoryAccounts(entities, apiKeys),
    apiKeys,
    keyActivity: new MemoryKeyActivity(),
    vendors: new MemoryRecordStore<Vendor>(),
    entities,
    sales: new MemorySaleLedger(ledger),
    refunds: new MemoryRefundLedger(ledger),
    ledger,
    exposure,
    usage: new MemoryUsage(),
    zipRates: { onMonth: async (zip, state, month) => zipRateOnMonth(zipRows.get(zip) ?? [], state, month) },
    zipRows,
    products: new MemoryProductStore(),
    customers: { get: async () => undefined },
    exemptions: { listOf: async () => [] },
    settings: { get: async () => undefined },
    registrations: { listAll: async () => [] },
    subjects: { load: () => import('../../src/usecases/sales/sale-subjects') },
    collection: { load: () => import('../../src/usecases/sales/sale-collection') },
    establishments: { load: () => import('../../src/usecases/sales/sale-establishment') },
    taxIds: { load: () => import('../../src/domain/tax-ids/validator') },
    nexusWatch: { load: async () => ({ saleRecorded: async () => 0 }) },
    locations: {
      countryForIp: () => undefined,
      stateForZip: (zip) => zipStates[zip],
      isStatePlausibleForZip: (state, zip) => zipStates[zip] === state,
      countyForZip: (zip) => options.zipCounties?.[zip],
    },
  };
}
