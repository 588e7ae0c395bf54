/**
 * Admin use case (`levy` CLI, `npm start`, tests, benchmarks; never exposed over HTTP): create an account with its
 * primary entity and first API key in one write, and issue or revoke further keys.
 */
import type { Account } from '../../src/domain/accounts/account';
import { generateApiKey, hashApiKey, type ApiKeyRecord } from '../../src/domain/accounts/api-key';
import { newId } from '../../src/domain/ids';
import { newEntity, type Entity } from '../../src/domain/records/entity';
import type { Ports } from '../../src/ports/ports';

type Deps = Pick<Ports, 'accounts' | 'apiKeys'>;

export interface CreateAccountInput {
  name: string;
  country: string;
  tax_id?: string | null;
}

export interface CreatedAccount {
  account_id: string;
  api_key: string;
  primary_entity: Entity;
}

const activeKey = (apiKey: string, accountId: string, at: Date): ApiKeyRecord => ({
  key_hash: hashApiKey(apiKey),
  account_id: accountId,
  status: 'active',
  created_at: at.toISOString(),
});

export async function createAccount(deps: Deps, input: CreateAccountInput, now = new Date()): Promise<CreatedAccount> {
  const accountId = newId('acct');
  const primaryEntity = newEntity(input, true, now);
  const account: Account = { account_id: accountId, name: input.name, country: input.country, primary_entity_id: primaryEntity.id, created_at: now.toISOString() };
  const apiKey = generateApiKey();
  await deps.accounts.create(account, primaryEntity, activeKey(apiKey, accountId, now));
  return { account_id: accountId, api_key: apiKey, primary_entity: primaryEntity };
}

/** A further key for an existing account; undefined when the account does not exist. */
export async function createApiKey(deps: Deps, accountId: string, now = new Date()): Promise<string | undefined> {
  if (!(await deps.accounts.get(accountId))) return undefined;
  const apiKey = generateApiKey();
  await deps.apiKeys.add(activeKey(apiKey, accountId, now));
  return apiKey;
}

export const revokeApiKey = (deps: Deps, apiKey: string, now = new Date()): Promise<boolean> => deps.apiKeys.revoke(hashApiKey(apiKey), now);
