/**
 * Local runtime (`npm run events`): the records the generated events name (EventFixtures), and well-formed ids that
 * name nothing, for the samples the OpenAPI document shows and for tests that make their own records.
 */

/** The records the events name: all of them exist in the database the events were generated for. */
export interface EventFixtures {
  account_id: string;
  api_key: string;
  primary_entity_id: string;
  vendor_id: string;
  /** The vendor events/vendors-delete.json deletes (the next `npm run events` makes a new one). */
  vendor_to_delete_id: string;
  entity_id: string;
  transaction_id: string;
  customer_id: string;
  /** The customer events/customers-delete.json deletes. */
  customer_to_delete_id: string;
  /** A certificate of customer_id, with a document (get, update, document put and get). */
  exemption_id: string;
  /** The certificate events/exemptions-revoke.json revokes. */
  exemption_to_revoke_id: string;
  /** The product the product events read, change and archive (archiving is repeatable; it stays readable). */
  product_id: string;
  /** A document staged for exemption_id as if PUT to an upload URL, which events/exemption-document-complete.json attaches. */
  staged_upload_id: string;
  /** The registration the registration events read and change. */
  registration_id: string;
  /** An event of the account (the customer_id's customer.created, or any newer one) that the event routes read and redeliver. */
  event_id: string;
  /** The webhook endpoint the endpoint events read, change, rotate and list the deliveries of. */
  webhook_endpoint_id: string;
  /** The webhook endpoint events/webhook-endpoints-delete.json deletes. */
  webhook_endpoint_to_delete_id: string;
  /** A notification of the account that the notification events read and dismiss (dismissing again is harmless). */
  notification_id: string;
  /** An open checkout the checkout events read and change (open for 90 days, made anew once not open). */
  checkout_id: string;
  /** The checkout events/checkouts-complete.json completes (completing again answers the same transaction). */
  checkout_to_complete_id: string;
  /** The payment link the link events read and open checkouts from. */
  payment_link_id: string;
  /** A notice with a document (the notice events read, change and add documents to; a new one when it holds 10). */
  notice_id?: string;
  notice_document_id?: string;
  /** An open certificate request of customer_id and its link's token: the page events open and submit it (a new one once used). */
  certificate_request_id?: string;
  certificate_request_token?: string;
  /** The invoice series the invoice events number from, of an entity with an address (a seller an invoice can name). */
  invoice_series_id: string;
  /** A draft invoice the invoice events read and change. */
  invoice_id: string;
  /** The draft events/invoices-delete.json deletes (the next run makes another). */
  invoice_to_delete_id: string;
  /** The invoice events/invoices-finalize.json finalizes (finalizing again answers it as stored). */
  invoice_to_finalize_id: string;
  /** A finalized invoice: its PDF, and the credit notes (100 minor units each; a new one once less is left). */
  finalized_invoice_id: string;
  /** A credit note of the finalized invoice: the credit note events read it and write its PDF and e-invoices. */
  credit_note_id: string;
  /** A monthly US-TX registration of entity_id, in force from RETURN_PERIODS_FROM: the returns'. */
  return_registration_id: string;
  /** A draft return of it (read, listed, adjusted, then finalized by events/returns-finalize.json: a new one next run). */
  return_id: string;
  /** A finalized return of it, which events/returns-mark-filed.json marks filed (a new one next run). */
  finalized_return_id: string;
  /** The first month of it no return has yet: the period events/returns-create.json creates a return for. */
  return_period_start: string;
  return_period_end: string;
}

/** Well-formed ids of the notices' records that name nothing (the optional fixtures' placeholders). */
export const PLACEHOLDER_IDS = { notice: 'ntc_0mhx2k3c0a1b2c3d4e5f60718', notice_document: 'doc_0mhx2k3c0a1b2c3d4e5f60718', certificate_request: 'crq_0mhx2k3c0a1b2c3d4e5f60718' };

/** Well-formed ids that name nothing: for tests that make their own records (the HTTP fuzz, test/support/http-fuzz.ts, mutates these samples). */
export const PLACEHOLDER_FIXTURES: EventFixtures = {
  account_id: 'acct_0mhx2k3c0a1b2c3d4e5f60718',
  api_key: 'lvy_0000000000000000000000000000000000000000000',
  primary_entity_id: 'ent_0mhx2k3c0a1b2c3d4e5f60719',
  vendor_id: 'vnd_0mhx2k3c0a1b2c3d4e5f60718',
  vendor_to_delete_id: 'vnd_0mhx2k3c0a1b2c3d4e5f60719',
  entity_id: 'ent_0mhx2k3c0f1e2d3c4b5a69788',
  transaction_id: 'order_1001',
  customer_id: 'cus_0mhx2k3c0a1b2c3d4e5f60718',
  customer_to_delete_id: 'cus_0mhx2k3c0a1b2c3d4e5f60719',
  exemption_id: 'exm_0mhx2k3c0a1b2c3d4e5f60718',
  exemption_to_revoke_id: 'exm_0mhx2k3c0a1b2c3d4e5f60719',
  product_id: 'prod_0mhx2k3c0a1b2c3d4e5f60718',
  staged_upload_id: 'upl_0mhx2k3c0a1b2c3d4e5f60718',
  registration_id: 'reg_0mhx2k3c0a1b2c3d4e5f60718',
  event_id: 'evt_0mhx2k3c0a1b2c3d4e5f60718',
  webhook_endpoint_id: 'we_0mhx2k3c0a1b2c3d4e5f60718',
  webhook_endpoint_to_delete_id: 'we_0mhx2k3c0a1b2c3d4e5f60719',
  notification_id: 'ntf_0mhx2k3c0a1b2c3d4e5f60718',
  checkout_id: 'chk_0mhx2k3c0a1b2c3d4e5f60718',
  checkout_to_complete_id: 'chk_0mhx2k3c0a1b2c3d4e5f60719',
  payment_link_id: 'plink_0mhx2k3c0a1b2c3d4e5f60718',
  invoice_series_id: 'isr_0mhx2k3c0a1b2c3d4e5f60718',
  invoice_id: 'inv_0mhx2k3c0a1b2c3d4e5f60718',
  invoice_to_delete_id: 'inv_0mhx2k3c0a1b2c3d4e5f60719',
  invoice_to_finalize_id: 'inv_0mhx2k3c0a1b2c3d4e5f6071a',
  finalized_invoice_id: 'inv_0mhx2k3c0a1b2c3d4e5f6071b',
  credit_note_id: 'crn_0mhx2k3c0a1b2c3d4e5f60718',
  return_registration_id: 'reg_0mhx2k3c0a1b2c3d4e5f60719',
  return_id: 'ret_0mhx2k3c0a1b2c3d4e5f60718',
  finalized_return_id: 'ret_0mhx2k3c0a1b2c3d4e5f60719',
  return_period_start: '2025-12-01',
  return_period_end: '2025-12-31',
};
