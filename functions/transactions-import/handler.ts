/**
 * Primary adapter: POST /v1/transactions/import?product_category&delivery_method with a paid Stripe Checkout Session or
 * Invoice (or the webhook event carrying it) -> 201 with the recorded sale; the same Stripe object again -> 200.
 */
import * as z from 'zod';
import { httpRoute } from '../../src/adapters/http/pipeline';
import { saleRecordingDeps } from '../../src/composition/sales';
import { stripeImportQuerySchema } from '../../src/domain/checkouts/stripe-import';
import { transactionSchema } from '../../src/domain/transactions/responses';
import { importStripePayment } from '../../src/usecases/import-stripe';

export const handler = httpRoute({
  route: 'transactions-import',
  // Stripe's objects carry many fields Levy does not read: the use case checks the ones it reads and names a bad one.
  body: z
    .record(z.string(), z.unknown())
    .meta({ description: 'A `checkout.session.completed` or `invoice.paid` event, or the Checkout Session or Invoice itself (Stripe API shapes)' }),
  query: stripeImportQuerySchema,
  responses: {
    201: { description: 'The recorded sale (its id is the Stripe object id)', schema: transactionSchema },
    200: { description: 'This Stripe object was already imported: the stored sale', schema: transactionSchema },
  },
  errors: ['not_found', 'transaction_exists', 'exposure_limit_exceeded', 'rate_history_unavailable', 'location_incomplete', 'us_local_rates_missing'],
  run: async ({ accountId, body, query }) => {
    const { created, transaction } = await importStripePayment(saleRecordingDeps, accountId, body, query);
    return { status: created ? 201 : 200, body: transaction };
  },
});
