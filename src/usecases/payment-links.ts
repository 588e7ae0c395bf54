/**
 * Use case: payment links, reusable quote templates (docs/checkouts.md). Each buyer's checkout is a copy of
 * the link's lines (tax-inclusive when the link says so: unify carves the tax out of the listed price exactly).
 */
import { found } from '../domain/errors';
import type { LinkCheckoutRequest } from '../domain/checkouts/checkout';
import { newPaymentLink, paymentLinkView, type CreatePaymentLinkRequest, type PaymentLinkView } from '../domain/checkouts/payment-link';
import type { Page, PageRequest } from '../domain/records/record';
import type { PaymentLinkStore } from '../ports/checkouts';
import { createCheckout, type CheckoutDeps } from './checkouts';
import type { CheckoutView } from '../domain/checkouts/checkout';

type Deps = { paymentLinks: PaymentLinkStore };

export async function createPaymentLink(deps: Deps, accountId: string, request: CreatePaymentLinkRequest, now = new Date()): Promise<PaymentLinkView> {
  return paymentLinkView(await deps.paymentLinks.create(accountId, newPaymentLink(request, now)));
}

export async function getPaymentLink(deps: Deps, accountId: string, id: string): Promise<PaymentLinkView> {
  return paymentLinkView(found(await deps.paymentLinks.get(accountId, id), 'payment link', id));
}

export async function listPaymentLinks(deps: Deps, accountId: string, page: PageRequest): Promise<Page<PaymentLinkView>> {
  const { data, has_more } = await deps.paymentLinks.list(accountId, page);
  return { data: data.map(paymentLinkView), has_more };
}

/** POST /v1/payment_links/{id}/checkouts: a checkout of the link's lines for one buyer. */
export async function openLinkCheckout(
  deps: Deps & CheckoutDeps,
  accountId: string,
  id: string,
  buyer: LinkCheckoutRequest,
  now = new Date(),
): Promise<CheckoutView> {
  const link = found(await deps.paymentLinks.get(accountId, id), 'payment link', id);
  return createCheckout(
    deps,
    accountId,
    {
      currency: link.currency,
      line_items: link.line_items,
      ...(link.entity_id !== undefined ? { entity_id: link.entity_id } : {}),
      ...buyer,
      payment_link_id: link.id,
    },
    now,
  );
}
