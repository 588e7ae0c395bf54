/**
 * Config (single source of truth): every error code Levy answers, with its status and when. The OpenAPI document
 * (local/docs/openapi.ts) lists per route the codes it can answer, and `npm run docs` renders the table in
 * docs/api.md from this list. Codes API Gateway answers itself come from gateway-responses.ts. Pure data.
 */

export interface ErrorCodeDefinition {
  readonly status: number;
  readonly error: string;
  /** When it is answered (Markdown). */
  readonly when: string;
}

export const errorCodes = [
  { status: 400, error: 'invalid_json', when: 'the body is not valid JSON' },
  { status: 400, error: 'invalid_body', when: 'the body is JSON but not an object (an array, a string, `null`)' },
  {
    status: 400,
    error: 'validation_error',
    when:
      'a field is missing, of the wrong type, out of range, or unknown (unknown fields are typos: the message names them); an unknown query ' +
      'parameter; a body on a route that takes none; a path id over 128 characters; a sale over the limits below',
  },
  {
    status: 400,
    error: 'location_incomplete',
    when:
      "a US location Levy cannot place in a state (`country` alone, or an `ip_address` alone; a stored customer's address alike): send `location.postal_code` " +
      '(or `location.state`); with `LEVY_US_LOCAL_RATES=required`, a US location without `postal_code` in a state with local sales taxes. A checkout ' +
      'is not refused: it asks for the field in `required_fields`',
  },
  { status: 400, error: 'bad_request', when: '(local server) bytes that are not HTTP/1.1' },
  {
    status: 401,
    error: 'unauthorized',
    when: 'missing, malformed, unknown or revoked API key (every route but the public documentation and the pages a signed link opens)',
  },
  { status: 403, error: 'access_denied', when: 'the account has no usage plan (the operator fixes it with `levy accounts update --plan`)' },
  { status: 403, error: 'primary_entity_immutable', when: '`PATCH /entities/{id}` of the primary entity' },
  {
    status: 404,
    error: 'not_found',
    when:
      "unknown id, an id of another account (indistinguishable on purpose), or a path id of another shape than the record's ids " +
      '(`vnd_` + 25 characters ...), which cannot exist; an unknown `entity_id` in a body; an unknown documentation asset',
  },
  { status: 404, error: 'route_not_found', when: 'no route matches the method and path' },
  { status: 408, error: 'request_timeout', when: '(local server) the request was not received in full in time' },
  { status: 409, error: 'idempotency_key_in_use', when: 'a request with the same `Idempotency-Key` is still running' },
  { status: 409, error: 'transaction_exists', when: 'a transaction id reused with different content' },
  { status: 409, error: 'refund_exists', when: 'a refund id of the same transaction reused with different content' },
  { status: 409, error: 'refund_in_progress', when: 'the transaction is being refunded concurrently and the refund lost every retry; retry the request' },
  {
    status: 409,
    error: 'too_many_refunds',
    when: "a refund (or credit note) that would take a sale's refunds past 5,000 lines together, each refund counting the lines it names (`GET /v1/transactions/{id}` answers them all)",
  },
  { status: 409, error: 'customer_exists', when: 'a customer created with an `id` the account already uses' },
  { status: 409, error: 'customer_has_transactions', when: '`DELETE /v1/customers/{id}` of a customer with recorded transactions' },
  { status: 409, error: 'webhook_endpoint_limit', when: 'the account already has 16 webhook endpoints' },
  { status: 409, error: 'too_many_exemptions', when: 'a customer already has 98 exemption certificates (revoked ones included)' },
  { status: 409, error: 'exemption_revoked', when: 'a change to, or a document upload for, a revoked exemption certificate' },
  {
    status: 409,
    error: 'exemption_changed_concurrently',
    when: 'the certificate was changed by another request during this PATCH, every retry; retry the request',
  },
  { status: 409, error: 'product_exists', when: '`POST /v1/products` with an `id` the account already has' },
  { status: 409, error: 'notice_changed_concurrently', when: 'the notice was changed by another request during this one, every retry; retry the request' },
  { status: 409, error: 'too_many_notice_documents', when: 'a notice already holds 20 documents' },
  { status: 409, error: 'product_changed_concurrently', when: 'the product was changed by another request during this one, every retry; retry the request' },
  {
    status: 409,
    error: 'registration_overlaps',
    when: 'a registration whose period overlaps another of the same entity, type and jurisdiction (create, or a PATCH of `expires_at`)',
  },
  {
    status: 409,
    error: 'registration_changed_concurrently',
    when: 'the registration (or another of its type and jurisdiction) was changed by other requests during this one, every retry; retry the request',
  },
  { status: 409, error: 'checkout_completed', when: 'a `PATCH /v1/checkouts/{id}` of a checkout that is completed or being completed' },
  { status: 409, error: 'checkout_changed_concurrently', when: 'the checkout was changed by other requests during this PATCH, every retry; retry the request' },
  { status: 410, error: 'checkout_expired', when: 'completing or changing a checkout after its `expires_at`' },
  {
    status: 409,
    error: 'invoice_not_draft',
    when: 'a change to, or the deletion of, an invoice that is finalized (finalized invoices never change: issue a credit note)',
  },
  {
    status: 409,
    error: 'invoice_not_finalized',
    when: 'the PDF or an e-invoice (UBL, CII) of a draft invoice (it has no number yet): finalize it first',
  },
  {
    status: 409,
    error: 'invoice_changed_concurrently',
    when: 'the invoice or its series was changed by other requests during this one, every retry; retry the request',
  },
  { status: 409, error: 'return_exists', when: '`POST /v1/returns` for a registration and period that already have a return (the message names it)' },
  { status: 409, error: 'return_locked', when: 'an adjustment to, or a second finalize of, a finalized or filed return; `mark_filed` of a filed one' },
  { status: 409, error: 'return_not_finalized', when: '`POST /v1/returns/{id}/mark_filed` of a draft: finalize it first' },
  { status: 409, error: 'return_period_open', when: '`POST /v1/returns/{id}/finalize` before the period has ended (UTC)' },
  { status: 409, error: 'return_changed_concurrently', when: 'the return was changed by another request during this one, every retry; retry the request' },
  {
    status: 409,
    error: 'return_records_moving',
    when: "sales or refunds of the return's period kept landing after its cutoff while the counters were read (five reads); retry the request",
  },
  {
    status: 413,
    error: 'request_too_large',
    when: "body over 10 MB (API Gateway's limit); a request over the 6 MB a Lambda function takes, as it receives it (a binary body base64)",
  },
  {
    status: 413,
    error: 'document_too_large',
    when: "a document sent directly (a certificate's PUT, a notice's POST, the certificate page's form) over 4 MiB (4,194,304 bytes; a certificate's larger one goes through upload_url); a pre-signed upload over 5 MiB (5,242,880 bytes); an entity's logo over 256 KiB (262,144 bytes)",
  },
  {
    status: 415,
    error: 'unsupported_media_type',
    when: 'a request body whose `Content-Type` is not JSON; a certificate document whose bytes are not PDF, PNG or JPEG; a logo that is not a PNG or JPEG (or an animated PNG, a CMYK or lossless JPEG)',
  },
  { status: 422, error: 'idempotency_key_reused', when: 'the same `Idempotency-Key` with a different body' },
  {
    status: 422,
    error: 'rate_history_unavailable',
    when: "the sale's `date` is before the earliest rate Levy holds for the jurisdiction (or in a period it holds none); the message names the earliest date it can answer",
  },
  {
    status: 422,
    error: 'us_local_rates_missing',
    when:
      "`LEVY_US_LOCAL_RATES=required` (the stack's context value `usLocalRates`) and no imported US ZIP table is in force for the sale's ZIP on its " +
      'date: Levy would answer the state base rate only (docs/local.md "US local rates"; `GET /v1/tax/coverage` lists what is imported)',
  },
  { status: 422, error: 'checkout_incomplete', when: 'completing a checkout whose `required_fields` are not all given; the message names them' },
  {
    status: 422,
    error: 'fx_rate_unavailable',
    when: "a return holds sales in a currency without an imported ECB reference rate on the period's last day or the 7 days before (`levy fx import`)",
  },
  { status: 422, error: 'exposure_limit_exceeded', when: 'recording the sale would take an exposure total past 2^53 - 1 minor units' },
  {
    status: 422,
    error: 'record_too_large',
    when:
      "the record a write would store is over DynamoDB's 400 KB item limit (e.g. an invoice of many lines with long descriptions; finalizing adds " +
      "each line's tax): nothing was written; send fewer or shorter lines, or split the record",
  },
  {
    status: 422,
    error: 'response_too_large',
    when:
      "an answer over what one answer carries (6,225,920 bytes as the result counts it: AWS Lambda's 6 MB response limit), from a route whose answer " +
      "grows with the account's data (the exposure report: ask for one `country` and `currency`; the tax calendar: a shorter range; its iCal feed); " +
      'the message says how to ask for less (docs/local.md "Response sizes"). Or a billable answer too large to keep for its Idempotency-Key even ' +
      'compressed (not billed). For `POST /v1/tax/unify` with `commit: true` the sale *has* been recorded; read it back with ' +
      '`GET /v1/transactions/{id}` instead of retrying with the same key',
  },
  {
    status: 422,
    error: 'invoice_incomplete',
    when: '`POST /v1/invoices/{id}/finalize` of an invoice missing what Directive 2006/112/EC Art. 226 requires (seller address and VAT number, customer name, address and VAT number ...); the message lists every missing field',
  },
  {
    status: 422,
    error: 'einvoice_incomplete',
    when:
      "an e-invoice (`/ubl`, `/cii` of an invoice or credit note, an invoice's `/facturx`) whose profile needs data the invoice lacks; the message names every missing " +
      'EN 16931 business term with its field path and rule (`BT-10 (buyer_reference; BR-DE-15)`, `BT-34 (seller.electronic_address; ...)`)',
  },
  {
    status: 429,
    error: 'rate_limited',
    when: "the account's plan's rate or burst is used up; `Retry-After: 1` (a fixed hint: API Gateway cannot compute one), then back off exponentially",
  },
  {
    status: 429,
    error: 'quota_exceeded',
    when: "the account's plan's daily quota is used up; resets 00:00 UTC (no `Retry-After`: retrying sooner cannot help)",
  },
  { status: 431, error: 'request_header_fields_too_large', when: "(local server) request line and headers over 10 KB, API Gateway's limit" },
  { status: 500, error: 'internal_error', when: 'anything unexpected; the body carries no detail, the log (JSON, with the request id) does' },
  { status: 502, error: 'internal_error', when: 'the function failed or answered garbage (API Gateway)' },
  {
    status: 503,
    error: 'deadline_exceeded',
    when:
      'the function was about to time out and stopped before its next write (docs/dynamodb-client.md, "Deadline"); send the same request ' +
      'again: every write is safe to retry',
  },
  { status: 504, error: 'timeout', when: 'the function did not answer in time (API Gateway)' },
] as const satisfies readonly ErrorCodeDefinition[];

export type ErrorCode = (typeof errorCodes)[number]['error'];

/** The codes a route declares beyond those its traits imply (the local server's own are no route's answer). */
export type RouteErrorCode = Exclude<ErrorCode, 'bad_request' | 'request_timeout' | 'request_header_fields_too_large' | 'route_not_found'>;

export function errorCode(error: ErrorCode, status?: number): ErrorCodeDefinition {
  const found = errorCodes.find((e) => e.error === error && (status === undefined || e.status === status));
  if (!found) throw new Error(`Unknown error code ${error}${status ? ` with status ${status}` : ''}`);
  return found;
}
