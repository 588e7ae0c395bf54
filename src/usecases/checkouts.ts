/**
 * Use case: checkouts, Levy's tax quote sessions (docs/checkouts.md). A checkout is quoted by unify (the
 * same engine, customer rules and inclusive split as POST /v1/tax/unify, never committed), and `required_fields` is
 * derived from what the engine and the imported rate tables say about the quote (src/domain/checkouts/checkout.ts).
 * Completing records the sale once through unify's commit (./sales/record-sale recordDecidedSale):
 *
 *   open? (410 after expires_at; 422 with required fields left) -> claim {transaction_id, date} (one per checkout,
 *   whoever asks: a concurrent or later completion records the claimed one) -> record the sale (a retry of the same
 *   content is answered as the same transaction) -> mark complete with its `checkout.completed` event (the outbox).
 */
import {
  checkoutStatus,
  checkoutView,
  expiresAt,
  newCheckoutId,
  rateableLocation,
  requiredFields,
  type Checkout,
  type CheckoutCustomer,
  type CheckoutLine,
  type CheckoutLocation,
  type CheckoutView,
  type CompleteCheckoutRequest,
  type CreateCheckoutRequest,
  type UpdateCheckoutRequest,
} from '../domain/checkouts/checkout';
import type { UnifyRequest } from '../domain/cart/unify-request';
import { AppError, ConflictError, found } from '../domain/errors';
import { resolveLocation } from '../domain/geography/location';
import { zipSpansCounties } from '../domain/geography/zip-counties';
import { calculateTaxRateDetailed, todayUtc } from '../domain/tax/rate-engine';
import type { CustomerType } from '../domain/tax/vocabulary';
import { monthOfDate, zipRateOnMonth } from '../domain/tax/zip-rate-months';
import type { CheckoutStore } from '../ports/checkouts';
import type { ZipSides, ZipSidesOf } from '../ports/rates';
import type { RatedSale } from './sales/quote-sale';
import type { QuoteDeps } from '../ports/sale-parts';
import type { RecordSaleDeps } from './sales/record-sale';
import { quoteCart, unifyCart } from './sales/unify-cart';

export type CheckoutDeps = QuoteDeps & { checkouts: CheckoutStore; zipSides: ZipSidesOf };
/** Completing records the sale: the ledger and the nexus watch too. */
export type CompleteCheckoutDeps = CheckoutDeps & RecordSaleDeps;

/** What a checkout's quote is computed from: its cart and buyer. */
interface CheckoutDraft {
  currency: string;
  line_items: CheckoutLine[];
  entity_id?: string | undefined;
  customer_id?: string | undefined;
  customer?: CheckoutCustomer | undefined;
  location?: CheckoutLocation | undefined;
}

/** A buyer declared without a type (and without a stored customer to take one from) is a consumer, as in Stripe Checkout. */
function customerTypeOf(draft: CheckoutDraft): CustomerType | undefined {
  return draft.customer?.type ?? (draft.customer_id === undefined ? 'B2C' : undefined);
}

function unifyRequestOf(draft: CheckoutDraft, date: string): UnifyRequest {
  const type = customerTypeOf(draft);
  return {
    currency: draft.currency,
    ...(draft.customer_id !== undefined ? { customer_id: draft.customer_id } : {}),
    customer: {
      exempt: false,
      ...(type !== undefined ? { type } : {}),
      ...(draft.customer?.tax_id !== undefined ? { tax_id: draft.customer.tax_id } : {}),
      ...(draft.customer?.government_level !== undefined ? { government_level: draft.customer.government_level } : {}),
    },
    ...(draft.location !== undefined ? { location: rateableLocation(draft.location) } : {}),
    ...(draft.entity_id !== undefined ? { entity_id: draft.entity_id } : {}),
    date,
    line_items: draft.line_items.map(({ description: _, ...line }) => line),
    commit: false,
  };
}

/** Whether the imported tables rate the ZIP differently in the states they list it under (a ZIP that spans rates). */
function zipSpansRates({ rates: rows }: ZipSides, date: string): boolean {
  const month = monthOfDate(date);
  const rates = new Set<number>();
  for (const state of new Set(rows.map((row) => row.state))) {
    const row = zipRateOnMonth(rows, state, month).row;
    if (row) rates.add(row.combined_rate);
  }
  return rates.size > 1;
}

/** What the imported tables say of a US ZIP's sides (one read); nothing outside the US or without a ZIP. */
async function zipSidesOf(deps: CheckoutDeps, country: string, postalCode: string | undefined): Promise<ZipSides> {
  if (country !== 'US' || postalCode === undefined) return { rates: [], counties: [] };
  return deps.zipSides.sidesOf(postalCode.slice(0, 5));
}

/**
 * Whether a customer declared a business, but taxed as B2C for want of a proving tax ID, would be taxed otherwise
 * with one: the engine is asked about each line as the declared type and as B2C at the same place, date and seller.
 */
async function taxIdWouldChangeTax(
  deps: CheckoutDeps,
  accountId: string,
  draft: CheckoutDraft,
  quote: RatedSale,
  lineCount: number,
  today: string,
): Promise<boolean> {
  const { customer } = quote;
  if (customer.reason !== 'tax_id_missing' && customer.reason !== 'tax_id_invalid') return false;
  const seller = draft.entity_id !== undefined ? await deps.entities.get(accountId, draft.entity_id) : await deps.entities.primary(accountId);
  if (!seller) return false;
  const location = quote.parties.location;
  if (!location) return false;
  const resolved = resolveLocation(location, deps.locations);
  const context = { seller: { country: seller.country }, usLocal: null, location: resolved, lookups: deps.locations, today };
  for (let index = 0; index < lineCount; index++) {
    const { product_category, delivery_method } = quote.rated[index]!;
    const input = { product_category, delivery_method, location, date: quote.date };
    const asDeclared = calculateTaxRateDetailed({ ...input, customer_type: customer.declared_type }, context);
    const asConsumer = calculateTaxRateDetailed({ ...input, customer_type: 'B2C' }, context);
    if (asDeclared.totalPpm !== asConsumer.totalPpm || asDeclared.result.reverse_charge_applicable !== asConsumer.result.reverse_charge_applicable) return true;
  }
  return false;
}

/** The quote of a draft on `date`, and what it still needs. */
async function quoteDraft(
  deps: CheckoutDeps,
  accountId: string,
  draft: CheckoutDraft,
  date: string,
  today: string,
): Promise<Pick<Checkout, 'quote' | 'required_fields'>> {
  const request = unifyRequestOf(draft, date);
  // unify's quote, with the engine's own remarks on each line (its answer keeps the figures, not the notes).
  // A US location without a state is quoted with the engine's note, which asks for location.postal_code below.
  const { response: quote, decided: sale } = await quoteCart(deps, accountId, request, today, { unplacedUsLocation: 'quote' });
  const { rated } = sale;
  const results = rated.map((line) => line.rate.result);
  const resolved = sale.parties.location ? resolveLocation(sale.parties.location, deps.locations) : undefined;
  const sides = await zipSidesOf(deps, quote.jurisdiction.country, resolved?.postal_code);
  const required_fields = requiredFields(draft.location, {
    notes: results.flatMap((r) => r.notes ?? []),
    locationSource: results[0]!.location_source,
    zipSpansRates: zipSpansRates(sides, date),
    zipSpansCounties: zipSpansCounties(sides.counties, resolved?.state),
    businessTreatmentNeedsTaxId: await taxIdWouldChangeTax(deps, accountId, draft, sale, request.line_items.length, today),
  });
  return { quote, required_fields };
}

/** POST /v1/checkouts (and a payment link's checkout): quoted at once, open until expires_at. */
export async function createCheckout(
  deps: CheckoutDeps,
  accountId: string,
  request: CreateCheckoutRequest & { payment_link_id?: string },
  now = new Date(),
): Promise<CheckoutView> {
  const today = todayUtc(now);
  const { expires_in_seconds, payment_link_id, ...draft } = request;
  const quoted = await quoteDraft(deps, accountId, draft, today, today);
  const at = now.toISOString();
  const checkout: Checkout = {
    id: newCheckoutId(now),
    ...withoutUndefined(draft),
    ...(payment_link_id !== undefined ? { payment_link_id } : {}),
    expires_at: expiresAt(now, expires_in_seconds),
    ...quoted,
    version: 0,
    created_at: at,
    updated_at: at,
  };
  return checkoutView(await deps.checkouts.create(accountId, checkout), now);
}

export async function getCheckout(deps: Pick<CheckoutDeps, 'checkouts'>, accountId: string, id: string, now = new Date()): Promise<CheckoutView> {
  return checkoutView(found(await deps.checkouts.get(accountId, id), 'checkout', id), now);
}

const expiredError = (checkout: Checkout) =>
  new AppError(410, 'checkout_expired', `Checkout '${checkout.id}' expired at ${checkout.expires_at}; open a new checkout.`);

const PATCH_ATTEMPTS = 3;

/** PATCH: a new location or customer replaces the old one; the checkout is quoted again (on today's rates). */
export async function updateCheckout(deps: CheckoutDeps, accountId: string, id: string, patch: UpdateCheckoutRequest, now = new Date()): Promise<CheckoutView> {
  const today = todayUtc(now);
  for (let attempt = 1; attempt <= PATCH_ATTEMPTS; attempt++) {
    const stored = found(await deps.checkouts.get(accountId, id), 'checkout', id);
    if (stored.claim !== undefined)
      throw new ConflictError('checkout_completed', `Checkout '${id}' is completed (or being completed) and can no longer change.`);
    if (checkoutStatus(stored, now) === 'expired') throw expiredError(stored);
    const draft: CheckoutDraft = {
      ...stored,
      ...(patch.location !== undefined ? { location: patch.location } : {}),
      ...(patch.customer !== undefined ? { customer: patch.customer } : {}),
    };
    const quoted = await quoteDraft(deps, accountId, draft, today, today);
    const next: Checkout = {
      ...stored,
      ...withoutUndefined({ location: draft.location, customer: draft.customer }),
      ...quoted,
      version: stored.version + 1,
      updated_at: now.toISOString(),
    };
    if (await deps.checkouts.replace(accountId, next, stored.version)) return checkoutView(next, now);
  }
  throw new ConflictError('checkout_changed_concurrently', `Checkout '${id}' was changed by other requests during this one; retry the request.`);
}

/**
 * POST /v1/checkouts/{id}/complete: records the checkout's sale once. Every completion records the claimed
 * transaction id and date, so concurrent and repeated completions write one transaction and answer it.
 */
export async function completeCheckout(
  deps: CompleteCheckoutDeps,
  accountId: string,
  id: string,
  request: CompleteCheckoutRequest,
  now = new Date(),
): Promise<CheckoutView> {
  const stored = found(await deps.checkouts.get(accountId, id), 'checkout', id);
  if (stored.completed_at !== undefined) return checkoutView(stored, now);
  if (stored.claim === undefined) {
    if (checkoutStatus(stored, now) === 'expired') throw expiredError(stored);
    if (stored.required_fields.length > 0) {
      throw new AppError(
        422,
        'checkout_incomplete',
        `Checkout '${id}' still needs ${stored.required_fields.join(', ')}; add them with PATCH /v1/checkouts/${id} before completing it.`,
      );
    }
  }
  const claim = await deps.checkouts.claim(accountId, id, { transaction_id: request.transaction_id, date: todayUtc(now) });
  // The sale as quoted, on the claimed date, committed by unify: the same content from every completion.
  try {
    await unifyCart(deps, accountId, { ...unifyRequestOf(stored, claim.date), commit: true, transaction_id: claim.transaction_id }, claim.date);
  } catch (error) {
    // The id names another sale (409 transaction_exists) or the sale cannot be recorded: free the checkout for another try.
    if (claim.transaction_id === request.transaction_id) await deps.checkouts.release(accountId, id, claim.transaction_id);
    throw error;
  }
  const completed: Checkout = { ...stored, claim, completed_at: now.toISOString(), updated_at: now.toISOString() };
  if (await deps.checkouts.complete(accountId, id, claim.transaction_id, now, checkoutView(completed, now))) return checkoutView(completed, now);
  // Completed meanwhile by a concurrent request: answer what it wrote.
  return checkoutView(found(await deps.checkouts.get(accountId, id), 'checkout', id), now);
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
