/**
 * Ports: every interface the use cases depend on, together, one field for each port src/composition/ports.ts (and
 * its neighbours sale-parts.ts, invoice-pdf.ts, stdnum-modules.ts) exports, so a use case names its dependencies as a
 * `Pick<Ports, ...>`. The production implementations are DynamoDB, S3, the offline geo look-ups and dynamic imports;
 * unit tests pass in-memory fakes of the few a use case needs (test/support/memory-ports.ts).
 */
import type { LocationLookups } from '../domain/geography/location';
import type { AccountDirectory, ApiKeyRegistry, KeyActivity } from './accounts';
import type { BlobStore } from './blobs';
import type { CheckoutStore, PaymentLinkStore } from './checkouts';
import type { CustomerStore, ExemptionStore } from './customers';
import type { CalendarSource, DeliveryLog, DeliveryQueue, EventLog, HostResolver, NexusEventLog, WebhookEndpointStore, WebhookTransport } from './events';
import type { InvoiceRenderer, InvoiceStore } from './invoices';
import type { Inflater, LogoStore } from './logos';
import type { RefundLedger, SaleLedger } from './ledger';
import type { Loader } from './loader';
import type { NexusWatch } from './nexus-watch';
import type { CertificateRequestStore, NoticeStore, UrlTokenSecrets } from './notices';
import type { NotificationStore } from './notifications';
import type { ProductStore } from './products';
import type { ZipRateTable, ZipSidesOf } from './rates';
import type { EntityStore, VendorStore } from './records';
import type { RegistrationStore, SettingsStore } from './registrations';
import type { ExposureTotals, FxRateTable, NexusCounterStore, UsageMeter } from './reports';
import type { ReturnCounterStore, ReturnLedger, ReturnStore } from './returns';
import type { EstablishmentModule, SaleCollectionModule, SaleSubjectsModule, TaxIdModule } from './sale-parts';
import type { CalendarFeedTokenStore, FiledReturnSource } from './tax-calendar';
import type { StdnumModuleLoader } from './tax-id-modules';

export interface Ports {
  // Accounts and keys (the authorizer, the CLI).
  accounts: AccountDirectory;
  apiKeys: ApiKeyRegistry;
  keyActivity: KeyActivity;

  // Records of an account.
  vendors: VendorStore;
  /** Entity CRUD: reads go to the table; writes also drop this container's cached copies. */
  entities: EntityStore;
  /** The seller of a quote, through the container's read cache (POST /v1/tax/rate). */
  sellerEntities: EntityStore;
  /** The entities' logo images, by SHA-256 (what the invoice documents print). */
  logos: LogoStore;
  /** Checks that a PNG logo's image data decodes. */
  inflater: Inflater;
  customers: CustomerStore;
  exemptions: ExemptionStore;
  /** Exemption certificate documents (S3 deployed, `.levy/` locally). */
  documents: BlobStore;
  certificateRequests: CertificateRequestStore;
  /** The link-signing secret of certificate requests, kept in their table. */
  urlTokenSecrets: UrlTokenSecrets;
  products: ProductStore;
  registrations: RegistrationStore;
  settings: SettingsStore;
  notices: NoticeStore;
  checkouts: CheckoutStore;
  paymentLinks: PaymentLinkStore;
  invoices: InvoiceStore;
  invoicePdf: InvoiceRenderer;

  // Sales, their ledger and what is reported from it.
  sales: SaleLedger;
  refunds: RefundLedger;
  exposure: ExposureTotals;
  nexusCounters: NexusCounterStore;
  usage: UsageMeter;
  fxRates: FxRateTable;
  returns: ReturnStore;
  /** The ledger's date reads a return is computed from. */
  returnLedger: ReturnLedger;
  returnCounters: ReturnCounterStore;
  /** The tax calendar's view of the returns (the same store). */
  filedReturns: FiledReturnSource;
  /** The tax calendar's feed token, kept in the Registrations table. */
  calendarFeedTokens: CalendarFeedTokenStore;

  // Rates and places.
  zipRates: ZipRateTable;
  /** The ZIP rows of a quote, through the container's read cache. */
  cachedZipRates: ZipRateTable;
  zipSides: ZipSidesOf;
  locations: LocationLookups;

  // Events, notifications and webhooks.
  events: EventLog;
  notifications: NotificationStore;
  nexusEvents: NexusEventLog;
  /** What the daily run of time-driven events reads. */
  calendar: CalendarSource;
  webhookEndpoints: WebhookEndpointStore;
  deliveries: DeliveryLog;
  deliveryQueue: DeliveryQueue;
  hostResolver: HostResolver;
  webhookTransport: WebhookTransport;

  /** The code only some sales need (src/ports/sale-parts.ts), loaded by the first that does. */
  subjects: Loader<SaleSubjectsModule>;
  collection: Loader<SaleCollectionModule>;
  establishments: Loader<EstablishmentModule>;
  taxIds: Loader<TaxIdModule>;
  /** What recording a sale wakes: its nexus events. */
  nexusWatch: Loader<NexusWatch>;
  /** The stdnum country modules of POST /v1/tax/id-validate, one chunk per country. */
  stdnumModules: StdnumModuleLoader;
}
