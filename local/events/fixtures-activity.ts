/**
 * Local runtime (`npm run events`): the fixtures of what happens around the records: webhook endpoints, an event and
 * a notification, checkouts and a payment link (and the calendar feed token), a notice and a certificate request.
 * Each is the remembered one while it is still usable, else made anew through the routes.
 */
import { calendarFeedTokens, certificateRequests, notices } from '../../src/composition/ports';
import { feedTokenHash } from '../../src/domain/filing/calendar-feed';
import { certificateRequestStatus } from '../../src/domain/notices/certificate-request';
import { currentRun, fixtureFeedToken, type EventFixtures } from '../samples';
import { checkoutBody, noticeBody, paymentLinkBody, SAMPLE_PDF, transactionBody, webhookEndpointBody } from './bodies';
import type { FixtureContext } from './fixture-context';

type DeliveryFixtures = Pick<EventFixtures, 'webhook_endpoint_id' | 'webhook_endpoint_to_delete_id' | 'event_id' | 'notification_id'>;
type CheckoutFixtures = Pick<EventFixtures, 'checkout_id' | 'checkout_to_complete_id' | 'payment_link_id'>;
type NoticeFixtures = Pick<EventFixtures, 'notice_id' | 'notice_document_id' | 'certificate_request_id' | 'certificate_request_token'>;

/** Two webhook endpoints (one to delete), an event of the account and a notification. */
export async function ensureDeliveryFixtures({ known, call, stillThere }: FixtureContext): Promise<DeliveryFixtures> {
  const webhookEndpoint = async (knownId: string | undefined, description: string): Promise<string> =>
    knownId && (await stillThere('webhook-endpoints-get', knownId)) ? knownId : ((await call('webhook-endpoints-create', { body: webhookEndpointBody(description) })).id as string);
  const webhookEndpointId = await webhookEndpoint(known.webhook_endpoint_id, 'CRM sync');
  const webhookEndpointToDelete = await webhookEndpoint(known.webhook_endpoint_to_delete_id, 'Endpoint to delete');
  // Events expire after 30 days: the remembered one if it is still there, else the newest of the account.
  const eventId =
    known.event_id && (await stillThere('events-get', known.event_id)) ? known.event_id : ((await call('events-list', { query: { limit: '1' } })).data[0].id as string);

  // A notification: the remembered one, else the account's newest, else the one raised by a sale into Massachusetts
  // over its threshold (sales over $100,000 in the current or previous calendar year, data/nexus-rules/us.json row US-MA),
  // recorded through the handler like every fixture.
  const newestNotification = async () => (await call('notifications-list', { query: { limit: '1' } })).data[0]?.id as string | undefined;
  const notificationId =
    (known.notification_id && (await stillThere('notifications-get', known.notification_id)) ? known.notification_id : await newestNotification()) ??
    (await (async () => {
      const sale = {
        ...transactionBody(currentRun().freshId('order'), currentRun().today),
        location: { country: 'US', state: 'MA' },
        line_items: [{ id: '1', amount: 10_000_001, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
      };
      await call('transactions-create', { body: sale });
      return (await newestNotification())!;
    })());
  return { webhook_endpoint_id: webhookEndpointId, webhook_endpoint_to_delete_id: webhookEndpointToDelete, event_id: eventId, notification_id: notificationId };
}

/** An open checkout to read and change, one to complete (completed or open), a payment link; and the feed token set. */
export async function ensureCheckoutFixtures({ account, id, known, call, stillThere }: FixtureContext): Promise<CheckoutFixtures> {
  const checkoutStatus = async (knownId: string | undefined) => (await stillThere('checkouts-get', knownId))?.status as string | undefined;
  const newCheckout = async (): Promise<string> => (await call('checkouts-create', { body: checkoutBody })).id as string;
  const checkoutId = (await checkoutStatus(known.checkout_id)) === 'open' ? known.checkout_id! : await newCheckout();
  const completable = await checkoutStatus(known.checkout_to_complete_id);
  const checkoutToComplete = completable === 'open' || completable === 'complete' ? known.checkout_to_complete_id! : await newCheckout();
  const paymentLinkId =
    known.payment_link_id && (await stillThere('payment-links-get', known.payment_link_id))
      ? known.payment_link_id
      : ((await call('payment-links-create', { body: paymentLinkBody })).id as string);
  // The feed event's token is derived, not remembered: set it again, as the feed-token event rotates it away.
  await calendarFeedTokens.putFeedTokenHash(id, feedTokenHash(fixtureFeedToken(account)), new Date().toISOString());
  return { checkout_id: checkoutId, checkout_to_complete_id: checkoutToComplete, payment_link_id: paymentLinkId };
}

/** A notice with a document (a new one once it holds 10) and an open certificate request of `customerId`. */
export async function ensureNoticeFixtures({ id, known, call }: FixtureContext, customerId: string): Promise<NoticeFixtures> {
  // Each run's notice-documents-add event adds a document, and a notice holds 20 at most.
  const knownNotice = known.notice_id ? await notices.get(id, known.notice_id) : undefined;
  const notice =
    knownNotice && knownNotice.documents.length > 0 && knownNotice.documents.length < 10
      ? knownNotice
      : await (async () => {
          const created = (await call('notices-create', { body: noticeBody })).id as string;
          return call('notice-documents-add', { pathParameters: { id: created }, document: { contentType: 'application/pdf', bytes: SAMPLE_PDF } });
        })();
  // Submitting the page uses the request up, so the next run makes another.
  const knownRequest = known.certificate_request_id ? await certificateRequests.get(id, known.certificate_request_id) : undefined;
  const certificateRequest =
    knownRequest && known.certificate_request_token && certificateRequestStatus(knownRequest, new Date(Date.now() + 86_400_000)) === 'open'
      ? { id: knownRequest.id, token: known.certificate_request_token }
      : await (async () => {
          const created = await call('certificate-requests-create', { pathParameters: { id: customerId }, body: {} });
          return { id: created.id as string, token: new URL(created.url as string).searchParams.get('token')! };
        })();
  return { notice_id: notice.id, notice_document_id: notice.documents[0].id, certificate_request_id: certificateRequest.id, certificate_request_token: certificateRequest.token };
}

