/**
 * Local runtime (`npm run events`): the request bodies the route samples (local/samples.ts) and the event fixtures
 * (fixtures*.ts) both send, so a fixture is made with the very request its event later repeats.
 */

/** The smallest PDF header a document upload sample needs: the bytes are sniffed, so they must start as a PDF does. */
export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A 16 x 8 PNG (diagonal colour bands): a logo upload sample is checked to its last byte, so it is a whole image. */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAICAIAAAB/FOjAAAAAO0lEQVR4nGM4IacBR3ILkJDcHThCVsNAkmq5BTANRKqGaiBeNUgDSapRNRChWk7uDgNJqmEaiFYN1AAA3iqA/Z14nCQAAAAASUVORK5CYII=',
  'base64',
);

export const customerBody = (name: string) => ({
  name,
  email: 'ap@acme-retail.example',
  customer_type: 'RESELLER',
  address: { country: 'US', state: 'TX', postal_code: '78701', city: 'Austin' },
  tax_ids: [{ type: 'us_ein', value: '04-2103594' }],
});
export const noticeBody = { jurisdiction: { country: 'US', state: 'TX' }, received_on: '2026-03-02', due_on: '2026-04-01', kind: 'assessment', summary: 'Proposed additional sales tax for Q3 2025', reference: 'TX-2026-0042' };

/** The certificate page's form as a browser sends it (multipart/form-data), with the sample PDF as its file. */
export const FORM_BOUNDARY = '----LevySampleForm7MA4YWxkTrZu0gW';
export const sampleForm = (): Buffer =>
  Buffer.concat([
    ...Object.entries({ jurisdictions: 'US-TX', reason: 'RESALE', certificate_number: 'TX-FORM-1', effective_from: '2026-01-01', expires_on: '' }).map(([k, v]) =>
      Buffer.from(`--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="certificate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    SAMPLE_PDF,
    Buffer.from(`\r\n--${FORM_BOUNDARY}--\r\n`),
  ]);
export const exemptionBody = {
  reason: 'RESALE',
  jurisdictions: [{ country: 'US', state: 'TX' }, { country: 'US', state: 'CA' }],
  certificate_number: 'TX-01-339-2026',
  effective_from: '2026-01-01',
  expires_on: '2030-01-01',
};

export const location = { country: 'US', state: 'CA', postal_code: '94103' };
export const vendorBody = (name: string) => ({ name, country: 'DE', tax_id: 'DE136695976', exempt: false, email: 'billing@acme.example' });
export const entityBody = { name: 'Levy Example Ltd', country: 'GB', tax_id: 'GB980780684' };
export const productBody = { name: 'Team plan', tax_code: 'levy_saas_business', sku: 'TEAM-M' };
/** A local receiver's URL (allowed only outside AWS; deployed endpoints must be https to a public host). */
export const webhookEndpointBody = (description: string) => ({ url: 'http://127.0.0.1:8787/levy-webhooks', enabled_events: ['customer.created', 'exemption.created'], description });
export const transactionBody = (id: string, date: string) => ({
  id,
  date,
  currency: 'USD',
  customer_type: 'B2C',
  location,
  line_items: [
    { id: '1', amount: 12000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
    { id: '2', amount: 4999, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
  ],
});

/** A checkout for a US buyer known by ZIP: open for 90 days, so a remembered one serves many runs. */
export const checkoutBody = {
  currency: 'USD',
  location: { country: 'US', postal_code: '94103' },
  expires_in_seconds: 7_776_000,
  line_items: [{ id: 'plan', amount: 12000, product_category: 'SAAS', delivery_method: 'CLOUD' }, { id: 'lamp', amount: 4999, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
};
/** An entity that can sell on an invoice: outside the EU, a name and an address (docs/invoices.md). */
// legal_registration_id (a Companies House number): an e-invoice of a supply outside the scope of VAT names it (BR-CO-26).
export const invoiceSellerBody = { name: 'Levy Example Invoicing Ltd', country: 'GB', tax_id: 'GB980780684', legal_registration_id: '01234567', address: { line1: '1 Long Acre', city: 'London', postal_code: 'WC2E 9LA' } };
export const invoiceLine = (quantity: number) => ({ id: 'seats', description: `Analytics seats (${quantity})`, amount: 10_000 * quantity, quantity, product_category: 'SAAS', delivery_method: 'CLOUD' });
export const invoiceBody = (seriesId: string, customerId: string, issueDate: string) => ({ series_id: seriesId, customer_id: customerId, currency: 'USD', issue_date: issueDate, line_items: [invoiceLine(3)] });
/** A credit note of 100 minor units of the invoice's seats line: the credit-notes-create sample's and the fixture's own. */
export const creditNoteBody = { line_items: [{ id: 'seats', amount: 100 }], reason: 'Service credit for a two-hour outage' };
/**
 * The returns' registration is in force from this day, so every run's three returns (a draft, a finalized one and
 * the create event's) take months that have long ended (finalize needs an ended period), one after another.
 */
export const RETURN_PERIODS_FROM = '1000-01-01';
export const paymentLinkBody = { currency: 'EUR', tax_behavior: 'inclusive', line_items: [{ id: 'plan', amount: 1999, product_category: 'SAAS', delivery_method: 'CLOUD' }] };

/** A `checkout.session.completed` event as Stripe delivers it (https://docs.stripe.com/api/checkout/sessions/object). */
export const stripeSessionCompleted = (id: string) => ({
  id: 'evt_1QabcdEFghIJklMNopQRstuv',
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      currency: 'usd',
      created: 1768471200,
      amount_total: 12000,
      customer_details: { address: { country: 'US', state: 'CA', postal_code: '94103', city: 'San Francisco', line1: '1 Market St' }, tax_exempt: 'none', tax_ids: [] },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    },
  },
});
