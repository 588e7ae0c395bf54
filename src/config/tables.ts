/**
 * Config (single source of truth): every DynamoDB table Levy uses, once.
 * The CDK stack, the local bootstrap (`npm start`, tests) and the stores all read this list.
 * Pure data: no AWS import, so Lambda bundles can import it too.
 */

export type KeyType = 'S' | 'N';

export interface KeyDefinition {
  readonly name: string;
  readonly type: KeyType;
}

export interface TableDefinition {
  /** Logical id in the stack and suffix of the local table name. */
  readonly id: TableId;
  /** Environment variable that carries the physical table name into a function. */
  readonly envVar: string;
  readonly partitionKey: KeyDefinition;
  readonly sortKey?: KeyDefinition;
  /**
   * Local secondary indexes: same partition key, another sort key, projection ALL. DynamoDB creates an LSI only
   * with its table (never added later), and an LSI caps each partition key value's items (table + index) at 10 GB.
   * An item without the index's sort key attribute is not in the index (a sparse index).
   */
  readonly localIndexes?: readonly LocalIndexDefinition[];
  /** Global secondary indexes (projection ALL): another partition key; may be added to an existing table. */
  readonly globalIndexes?: readonly GlobalIndexDefinition[];
  /** The table's DynamoDB Stream carries each new item (the events outbox feeds webhook delivery from it). */
  readonly stream?: 'NEW_IMAGE';
  /** Attribute holding an epoch-seconds expiry; DynamoDB TTL deletes expired items. */
  readonly ttlAttribute?: string;
  readonly description: string;
}

export interface LocalIndexDefinition {
  /** IndexName, as the stores query it. */
  readonly name: string;
  readonly sortKey: KeyDefinition;
}

export interface GlobalIndexDefinition {
  readonly name: string;
  readonly partitionKey: KeyDefinition;
  readonly sortKey?: KeyDefinition;
}

export type TableId =
  | 'Accounts'
  | 'ApiKeys'
  | 'KeyActivity'
  | 'Vendors'
  | 'Entities'
  | 'Rates'
  | 'Transactions'
  | 'Exposure'
  | 'Usage'
  | 'Idempotency'
  | 'Customers'
  | 'Exemptions'
  | 'Products'
  | 'Registrations'
  | 'Settings'
  | 'FxRates'
  | 'Events'
  | 'WebhookEndpoints'
  | 'WebhookDeliveries'
  | 'Notifications'
  | 'Checkouts'
  | 'PaymentLinks'
  | 'Invoices'
  | 'Returns'
  | 'ReturnCounters'
  | 'Notices'
  | 'CertificateRequests'
  | 'Logos';

/** GSI of the ApiKeys table: an account's keys by `key_id`, for `levy keys list` and plan changes. */
export const API_KEYS_BY_ACCOUNT_INDEX = 'by-account';

/** LSI of the Transactions table: the account's sales by `date_id` (`<YYYY-MM-DD>#<id>`). */
export const TRANSACTIONS_BY_DATE_INDEX = 'by-date';

/** The environment variable that carries a table's physical name into a function: `ApiKeys` -> `API_KEYS_TABLE`. */
export const tableEnvVar = (id: TableId): string => `${id.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_TABLE`;

/** A table as listed below; its `envVar` follows from its id (tableEnvVar). */
type ListedTable = Omit<TableDefinition, 'envVar'>;

/**
 * The tables, built by a function marked pure: a deployed function needs only tableEnvVar (src/config/environment.ts),
 * so esbuild leaves the definitions and their descriptions out of every bundle.
 */
export const tables: Readonly<Record<TableId, TableDefinition>> = /* @__PURE__ */ (() => {
  const listed: Record<TableId, ListedTable> = {
    Accounts: {
      id: 'Accounts',
      partitionKey: { name: 'account_id', type: 'S' },
      description: 'One item per account: name, country, primary entity id.',
    },
    ApiKeys: {
      id: 'ApiKeys',
      partitionKey: { name: 'key_hash', type: 'S' },
      globalIndexes: [{ name: API_KEYS_BY_ACCOUNT_INDEX, partitionKey: { name: 'account_id', type: 'S' }, sortKey: { name: 'key_id', type: 'S' } }],
      description: 'SHA-256 of each API key -> key id, prefix, account id, plan, status (active | revoked), created_at.',
    },
    KeyActivity: {
      id: 'KeyActivity',
      partitionKey: { name: 'key_id', type: 'S' },
      description: 'The UTC day each API key was last used, written by the authorizer at most once a day per key.',
    },
    Vendors: {
      id: 'Vendors',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      description: 'Vendor records, partitioned by account.',
    },
    Entities: {
      id: 'Entities',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      description: 'Primary and subsidiary entities, partitioned by account.',
    },
    Rates: {
      id: 'Rates',
      partitionKey: { name: 'zip', type: 'S' },
      // `<state>#<YYYY-MM>`: the state and the month of the imported table. The attribute keeps its name from before
      // monthly tables (when it held the state alone), because DynamoDB cannot rename a key attribute without replacing
      // the table; `levy migrate` rewrites items of that layout (src/adapters/dynamodb/rate-store.ts).
      sortKey: { name: 'state', type: 'S' },
      description:
        'US local sales-tax rates, one item per ZIP5, state (two for a border ZIP) and month (sort key `<state>#<YYYY-MM>`), ' +
        "imported by `levy rates import`; a month's table is in force until a later month's is imported. " +
        'A ZIP that spans counties also has one item per state under `counties#<state>` (`levy zip-counties import`).',
    },
    Transactions: {
      id: 'Transactions',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'sk', type: 'S' },
      // Sales carry `date_id` = `<YYYY-MM-DD>#<id>` (date-range listing); refunds `rfd#<YYYY-MM-DD>#...`, after every date (returns).
      localIndexes: [{ name: TRANSACTIONS_BY_DATE_INDEX, sortKey: { name: 'date_id', type: 'S' } }],
      description: 'Recorded sales and their refunds, partitioned by account.',
    },
    Exposure: {
      id: 'Exposure',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'sk', type: 'S' },
      description: 'Precomputed exposure totals per account, month, currency and jurisdiction.',
    },
    Usage: {
      id: 'Usage',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'sk', type: 'S' },
      // Only the markers of keyed calls already billed (`billed#...`) expire; the daily counters have no `expiration`.
      ttlAttribute: 'expiration',
      description: 'Billable call counts per account, UTC day and endpoint, and a 48 h marker per keyed call billed.',
    },
    Idempotency: {
      id: 'Idempotency',
      // Powertools idempotency persistence layer defaults: key attribute `id`, TTL attribute `expiration`.
      partitionKey: { name: 'id', type: 'S' },
      ttlAttribute: 'expiration',
      description: 'Powertools idempotency records (account + endpoint + Idempotency-Key), expired by TTL after 24 h.',
    },
    Customers: {
      id: 'Customers',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      description: 'Customers of an account (address, type, checked tax IDs), with the counts of their transactions and certificates.',
    },
    Exemptions: {
      id: 'Exemptions',
      partitionKey: { name: 'account_id', type: 'S' },
      // `<customer_id>#<exemption_id>`: a customer's certificates are one Query, oldest first.
      sortKey: { name: 'sk', type: 'S' },
      description: "Exemption certificates of the account's customers (revoked ones kept for audit).",
    },
    Products: {
      id: 'Products',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      description: "Products with their tax code history, partitioned by account (the id is Levy's or the caller's own).",
    },
    Registrations: {
      id: 'Registrations',
      partitionKey: { name: 'account_id', type: 'S' },
      // `reg_...` registrations, and `slot#<entity>|<type>|<country>|<state>` items that serialise overlapping writes.
      sortKey: { name: 'id', type: 'S' },
      description: 'Tax registrations, and one slot item per entity, type and jurisdiction (overlaps).',
    },
    Settings: {
      id: 'Settings',
      partitionKey: { name: 'account_id', type: 'S' },
      description: 'The tax settings an account changed.',
    },
    FxRates: {
      id: 'FxRates',
      partitionKey: { name: 'currency', type: 'S' },
      sortKey: { name: 'date', type: 'S' },
      description:
        'ECB euro reference rates (units per euro), one item per currency and day, imported by `levy fx import`; the nexus report converts sales with them.',
    },
    Events: {
      id: 'Events',
      partitionKey: { name: 'account_id', type: 'S' },
      // `evt_...`: ids sort by time, so an account's events are one Query, newest first.
      sortKey: { name: 'id', type: 'S' },
      ttlAttribute: 'expires_at_epoch',
      stream: 'NEW_IMAGE',
      description: 'Events (the outbox: written in the same transaction as the change they report), kept 30 days; their stream feeds webhook delivery.',
    },
    WebhookEndpoints: {
      id: 'WebhookEndpoints',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      description: 'Webhook endpoints of an account with their signing secrets (never answered again after create or rotate).',
    },
    WebhookDeliveries: {
      id: 'WebhookDeliveries',
      partitionKey: { name: 'account_id', type: 'S' },
      // `<endpoint_id>#<event_id>#<attempt, 3 digits>`: an endpoint's attempts are one Query.
      sortKey: { name: 'sk', type: 'S' },
      ttlAttribute: 'expires_at_epoch',
      description: 'Each delivery attempt of an event to a webhook endpoint (status code, duration, next retry), kept 30 days.',
    },
    Notifications: {
      id: 'Notifications',
      partitionKey: { name: 'account_id', type: 'S' },
      // `ntf_...`: the id of the event that raised it with another prefix, so they sort by time (newest first).
      sortKey: { name: 'id', type: 'S' },
      // Set only on dismissal: open notifications are kept, dismissed ones go 90 days later (docs/notifications.md).
      ttlAttribute: 'expires_at_epoch',
      description: 'Notifications (written by the events outbox in the same transaction as their event): open until dismissed, then kept 90 days.',
    },
    Checkouts: {
      id: 'Checkouts',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      // Open checkouts only: completing removes it, so completed checkouts are kept (docs/checkouts.md).
      ttlAttribute: 'expires_at_epoch',
      description: 'Checkouts (tax quote sessions) with their quote and completion claim; an expired one is removed 30 days after it expired.',
    },
    PaymentLinks: {
      id: 'PaymentLinks',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      description: 'Payment links (reusable quote templates) of an account.',
    },
    Invoices: {
      id: 'Invoices',
      partitionKey: { name: 'account_id', type: 'S' },
      // `isr_...` numbering series and `inv_...` invoices: each kind is one Query by id prefix.
      sortKey: { name: 'id', type: 'S' },
      description: 'Invoice numbering series (their next number) and invoices (docs/invoices.md).',
    },
    Returns: {
      id: 'Returns',
      partitionKey: { name: 'account_id', type: 'S' },
      // `ret_...` returns, and one `period#<registration_id>#<start>#<end>` item per return (one return per period).
      sortKey: { name: 'id', type: 'S' },
      description: 'Tax returns, and one item per registration and period that keeps a period to one return.',
    },
    ReturnCounters: {
      id: 'ReturnCounters',
      partitionKey: { name: 'account_id', type: 'S' },
      // `d#<day>#...` counters and counts (a period is one key range), `t#<month>#<recorded_at>#...` records by recording time.
      sortKey: { name: 'sk', type: 'S' },
      description:
        'Return counters per account, day, cover, currency and return line, written with each sale and refund; and each record by the instant it was recorded (docs/returns.md).',
    },
    Notices: {
      id: 'Notices',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'id', type: 'S' },
      description: 'Tax-authority notices of an account with the facts of their documents (docs/notices.md).',
    },
    CertificateRequests: {
      id: 'CertificateRequests',
      partitionKey: { name: 'account_id', type: 'S' },
      // `crq_...` requests; one more item, partition `~deployment`, holds the secret that signs their links.
      sortKey: { name: 'id', type: 'S' },
      description: "Certificate requests (signed, single-use links to Levy's upload page), and the deployment's link-signing secret.",
    },
    Logos: {
      id: 'Logos',
      partitionKey: { name: 'account_id', type: 'S' },
      sortKey: { name: 'sha256', type: 'S' },
      description:
        "Entities' logo images (PNG or JPEG, at most 256 KiB, binary), one item per image by its SHA-256, written once and never changed: " +
        'an entity and each invoice it issued name the hash of theirs (docs/invoices.md).',
    },
  };
  return Object.fromEntries(Object.entries(listed).map(([id, table]) => [id, { ...table, envVar: tableEnvVar(id as TableId) }])) as Record<
    TableId,
    TableDefinition
  >;
})();

export const tableList: readonly TableDefinition[] = /* @__PURE__ */ Object.values(tables);

/** Whether these actions reach the table's indexes: a Query of a table that has any (its grant covers `<arn>/index/*`). */
export function queriesIndexes(id: TableId, actions: readonly string[]): boolean {
  const table = tables[id];
  return Boolean(table.localIndexes?.length || table.globalIndexes?.length) && actions.includes('Query');
}

/** Physical table name used outside AWS (DynamoDB Local), where CloudFormation does not name them. */
export function localTableName(id: TableId, prefix = 'levy'): string {
  return `${prefix}-${id}`;
}

/** The env vars that point every store at the local tables (DynamoDB Local, tests). */
export function localTableEnv(prefix = 'levy'): Record<string, string> {
  return Object.fromEntries(tableList.map((t) => [t.envVar, localTableName(t.id, prefix)]));
}
