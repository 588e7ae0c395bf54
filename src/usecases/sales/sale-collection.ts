/**
 * Use case (loaded on demand by quote-sale.ts through its `collection` loader, so the rate route's keyless path never parses it): the collection
 * decision of a sale's lines (docs/nexus.md). Reads the account's settings and, when it collects only
 * where registered (or the rate request asks), its registrations; the decision itself is pure
 * (src/domain/registrations/collection.ts).
 */
import { collectionFor, notCollectedRate } from '../../domain/registrations/collection';
import type { StoredRegistration } from '../../domain/registrations/registration';
import { settingsOf, type CollectionMode } from '../../domain/settings/settings';
import { taxedReasons } from '../../domain/tax/taxability';
import { isBusiness } from '../../domain/tax/vocabulary';
import type { CollectionSale, CollectionUse, QuoteDeps, RatedLine } from '../../ports/sale-parts';

export interface SaleCollection {
  mode: CollectionMode;
  use: CollectionUse;
  registrations: readonly StoredRegistration[];
}

export async function loadSaleCollection(deps: Pick<QuoteDeps, 'settings' | 'registrations'>, accountId: string, use: CollectionUse): Promise<SaleCollection> {
  const { collection: mode } = settingsOf(await deps.settings.get(accountId));
  // Under `everywhere`, unify and transactions need no registration; the rate route's report names the one that covers.
  const registrations = mode === 'registered_only' || use === 'report' ? await deps.registrations.listAll(accountId) : [];
  return { mode, use, registrations };
}

/**
 * The line as collected: a line the engine taxes is looked up against the seller's registrations in force on the
 * sale's date where the tax is due. A line that bears no tax for another reason (reverse charge, not taxable, zero
 * rated, exempt) needs no registration and is left as it is (`collecting: false` in a report: nothing is charged).
 */
export function collectedLine(collection: SaleCollection, sale: CollectionSale, line: RatedLine): RatedLine {
  if (collection.mode === 'everywhere' && collection.use === 'apply') return line;
  const taxed = taxedReasons.includes(line.taxability.taxability_reason);
  if (!taxed) return collection.use === 'report' ? { ...line, collecting: false } : line;
  const { jurisdiction } = line.rate.result;
  const decision = collectionFor(
    collection.registrations.filter((r) => r.entity_id === sale.sellerId),
    {
      country: jurisdiction.country,
      state: jurisdiction.state,
      business: isBusiness(sale.customerType),
      product_category: line.product_category,
      delivery_method: line.delivery_method,
      date: sale.date,
    },
  );
  const registration = decision.collecting ? { registration_id: decision.registration_id } : {};
  const collecting = decision.collecting || collection.mode === 'everywhere';
  if (collection.use === 'report') return { ...line, taxability: { ...line.taxability, ...registration }, collecting };
  if (collecting) return { ...line, taxability: { ...line.taxability, ...registration } };
  return { ...line, rate: notCollectedRate(line.rate), taxability: { ...line.taxability, taxability_reason: 'not_collecting' } };
}

/**
 * The sale's collection context as quote-sale.ts uses it: read once per sale, then applied to each rated line.
 */
export async function saleCollection(
  deps: Pick<QuoteDeps, 'settings' | 'registrations'>,
  accountId: string,
  use: CollectionUse,
): Promise<{ collect: (line: RatedLine, sale: CollectionSale) => RatedLine }> {
  const loaded = await loadSaleCollection(deps, accountId, use);
  return { collect: (line, sale) => collectedLine(loaded, sale, line) };
}
