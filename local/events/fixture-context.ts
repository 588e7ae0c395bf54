/**
 * Local runtime (`npm run events`): what each group of event fixtures (fixtures-*.ts) is made with: the account, the
 * ids an earlier run remembered, and requests sent through the route handlers as that account.
 */
import type { EventFixtures, Sample } from '../samples';
import { call, type Answer } from './handler-call';

export interface FixtureAccount {
  account_id: string;
  api_key: string;
}

export interface FixtureContext {
  account: FixtureAccount;
  /** The account's id (short: every store call takes it). */
  id: string;
  /** What the last run remembered for this account; empty for another account or none. */
  known: Partial<EventFixtures>;
  /** One request through the route's handler, as the account; its JSON body, or a throw on a non-2xx. */
  call(routeName: string, sample: Sample): Promise<Answer>;
  /** The record a remembered id still names, read through its get route; undefined when none is remembered or it is gone. */
  stillThere(getRoute: string, knownId: string | undefined): Promise<Answer | undefined>;
}

export function fixtureContext(account: FixtureAccount, known: Partial<EventFixtures>): FixtureContext {
  const send = (routeName: string, sample: Sample) => call(routeName, sample, account);
  return {
    account,
    id: account.account_id,
    known,
    call: send,
    stillThere: (getRoute, knownId) =>
      knownId ? send(getRoute, { pathParameters: { id: knownId } }).then((record) => record, () => undefined) : Promise.resolve(undefined),
  };
}
