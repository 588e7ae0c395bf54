/**
 * Local runtime (`npm run events`): the records every generated event names, made through the route handlers and
 * remembered in a file, so a later run finds them again and re-creates only what was deleted or used up (a finalized
 * draft, a filed return ...). The groups are made in a fixed order: later ones use earlier ids (the customer, the
 * subsidiary entity), and the event fixture is the newest event once the others exist.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ports } from '../../src/composition/all-ports';
import { LOCAL_STATE_DIR } from '../local-env';
import type { EventFixtures } from '../samples';
import { fixtureContext, type FixtureAccount } from './fixture-context';
import { ensureCheckoutFixtures, ensureDeliveryFixtures, ensureNoticeFixtures } from './fixtures-activity';
import { ensureInvoiceFixtures, ensureReturnFixtures } from './fixtures-billing';
import { ensureCatalogueFixtures, ensureCustomerFixtures, ensureRecordFixtures } from './fixtures-records';
import { readJson } from './handler-call';

/** Where `npm run events` remembers the fixtures' ids (never the API key). */
export const FIXTURES_FILE = join(LOCAL_STATE_DIR, 'event-fixtures.json');

/**
 * The fixtures of `account`: those remembered in `file` that still exist, the others created through the handlers.
 * The environment (endpoint, table names) must point at the database already.
 */
export async function ensureFixtures(account: FixtureAccount, file?: string): Promise<EventFixtures> {
  const stored = await ports.accounts.get(account.account_id);
  if (!stored) throw new Error(`No account ${account.account_id} in the database`);
  const saved = file ? readJson<Partial<EventFixtures>>(file) : undefined;
  const context = fixtureContext(account, saved?.account_id === account.account_id ? saved : {});

  const records = await ensureRecordFixtures(context);
  const customers = await ensureCustomerFixtures(context);
  const catalogue = await ensureCatalogueFixtures(context);
  const deliveries = await ensureDeliveryFixtures(context);
  const checkouts = await ensureCheckoutFixtures(context);
  const notices = await ensureNoticeFixtures(context, customers.customer_id);
  const invoices = await ensureInvoiceFixtures(context, customers.customer_id);
  const returns = await ensureReturnFixtures(context, records.entity_id, file ?? FIXTURES_FILE);

  const fixtures: EventFixtures = {
    account_id: account.account_id,
    api_key: account.api_key,
    primary_entity_id: stored.primary_entity_id,
    ...records,
    ...customers,
    ...catalogue,
    ...deliveries,
    ...checkouts,
    ...notices,
    ...invoices,
    ...returns,
  };
  if (file) {
    const { api_key: _secret, ...remembered } = fixtures;
    writeFileSync(file, `${JSON.stringify(remembered, null, 2)}\n`, { mode: 0o600 });
  }
  return fixtures;
}
