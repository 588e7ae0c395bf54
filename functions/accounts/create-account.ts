/**
 * Use case (admin): create an account with its primary entity and first API key in one
 * DynamoDB transaction, and issue further keys. Called by the `levy` command line, locally or
 * against the deployed tables; never exposed over HTTP.
 */
import { generateApiKey, hashApiKey } from '../auth/api-key';
import { newEntity, type Entity } from '../records/entity';
import { accountStore, type Account } from '../store/account-store';
import { apiKeyStore } from '../store/api-key-store';
import { entityStore } from '../store/entity-store';
import { newId } from '../store/ids';
import { transactWrite } from '../store/transact';

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

export async function createAccount(input: CreateAccountInput, now = new Date()): Promise<CreatedAccount> {
  const createdAt = now.toISOString();
  const accountId = newId('acct');
  const primaryEntity = newEntity(input, true, now);
  const account: Account = { account_id: accountId, name: input.name, country: input.country, primary_entity_id: primaryEntity.id, created_at: createdAt };
  const apiKey = generateApiKey();
  await transactWrite([
    accountStore.putItem(account),
    entityStore.putItem(accountId, primaryEntity),
    apiKeyStore.putItem({ key_hash: hashApiKey(apiKey), account_id: accountId, status: 'active', created_at: createdAt }),
  ]);
  return { account_id: accountId, api_key: apiKey, primary_entity: primaryEntity };
}

/** A further key for an existing account; undefined when the account does not exist. */
export async function createApiKey(accountId: string, now = new Date()): Promise<string | undefined> {
  if (!(await accountStore.get(accountId))) return undefined;
  const apiKey = generateApiKey();
  await transactWrite([
    apiKeyStore.putItem({ key_hash: hashApiKey(apiKey), account_id: accountId, status: 'active', created_at: now.toISOString() }),
  ]);
  return apiKey;
}

export const revokeApiKey = (apiKey: string, now = new Date()): Promise<boolean> => apiKeyStore.revoke(hashApiKey(apiKey), now);
