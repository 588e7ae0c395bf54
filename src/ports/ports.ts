/**
 * Ports: every interface the use cases depend on, together. src/composition/ports.ts builds the production
 * implementations (DynamoDB, the offline geo look-ups); unit tests pass in-memory fakes of the few a use case needs.
 */
import type { LocationLookups } from '../domain/geography/location';
import type { AccountDirectory, ApiKeyRegistry, KeyActivity } from './accounts';
import type { BlobStore } from './blobs';
import type { CustomerStore, ExemptionStore } from './customers';
import type { RefundLedger, SaleLedger } from './ledger';
import type { ZipRateTable } from './rates';
import type { EntityStore, VendorStore } from './records';
import type { ExposureTotals, UsageMeter } from './reports';
import type { ProductStore } from './products';
import type { RegistrationStore, SettingsStore } from './registrations';
import type { Loader } from './loader';
import type { NexusWatch } from './nexus-watch';
import type { EstablishmentModule, SaleCollectionModule, SaleSubjectsModule, TaxIdModule } from './sale-parts';

export interface Ports {
  accounts: AccountDirectory;
  apiKeys: ApiKeyRegistry;
  keyActivity: KeyActivity;
  vendors: VendorStore;
  entities: EntityStore;
  sales: SaleLedger;
  refunds: RefundLedger;
  exposure: ExposureTotals;
  usage: UsageMeter;
  zipRates: ZipRateTable;
  locations: LocationLookups;
  customers: CustomerStore;
  exemptions: ExemptionStore;
  /** Exemption certificate documents (S3 deployed, `.levy/` locally). */
  documents: BlobStore;
  products: ProductStore;
  registrations: RegistrationStore;
  settings: SettingsStore;
  /** The code only some sales need (src/ports/sale-parts.ts), loaded by the first that does. */
  subjects: Loader<SaleSubjectsModule>;
  collection: Loader<SaleCollectionModule>;
  establishments: Loader<EstablishmentModule>;
  taxIds: Loader<TaxIdModule>;
  /** What recording a sale wakes: its nexus events. */
  nexusWatch: Loader<NexusWatch>;
}
