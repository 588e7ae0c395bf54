/**
 * Admin use cases (`levy` CLI, `npm start`, tests, benchmarks; never exposed over HTTP): accounts with their primary
 * entity, usage plan and first API key; further keys for rotation; listing keys without their secrets; revoking a key
 * named by its id or prefix (or by the secret read from stdin or a file, never from the command line); plan changes.
 */
import { DEFAULT_PLAN, type PlanId } from '../../src/config/plans';
import type { Account } from '../../src/domain/accounts/account';
import { hashApiKey, newApiKey, type ApiKeyRecord, type ApiKeySummary } from '../../src/domain/accounts/api-key';
import { newId } from '../../src/domain/ids';
import { newEntity, type Entity, type SellerDetails } from '../../src/domain/records/entity';
import type { Patch } from '../../src/domain/records/record';
import { addressCountryProblem, storedAddress, type AddressRequest } from '../../src/domain/records/entity-requests';
import type { Ports } from '../../src/ports/ports';
import { AppError } from '../../src/domain/errors';
import { setPrimaryEntityLogo } from '../../src/usecases/entity-logos';
import { localUsageKeys, type UsageKeys } from './usage-keys';

type Deps = Pick<Ports, 'accounts' | 'apiKeys'>;

export interface CreateAccountInput {
  name: string;
  country: string;
  tax_id?: string | null;
  plan?: PlanId;
}

export interface CreatedAccount {
  account_id: string;
  plan: PlanId;
  api_key: string;
  key_id: string;
  primary_entity: Entity;
}

/** A mistake an operator can correct (unknown key, ambiguous prefix): the CLI prints it and exits 1. */
export class AdminError extends Error {}

export async function createAccount(deps: Deps, input: CreateAccountInput, usageKeys: UsageKeys = localUsageKeys, now = new Date()): Promise<CreatedAccount> {
  const accountId = newId('acct', now.getTime());
  const plan = input.plan ?? DEFAULT_PLAN;
  const usage = await usageKeys.create(accountId, plan);
  const primaryEntity = newEntity(input, true, now);
  const account: Account = {
    account_id: accountId,
    name: input.name,
    country: input.country,
    primary_entity_id: primaryEntity.id,
    plan,
    ...usage,
    created_at: now.toISOString(),
  };
  const key = newApiKey(account, now);
  await deps.accounts.create(account, primaryEntity, key.record);
  return { account_id: accountId, plan, api_key: key.secret, key_id: key.record.key_id, primary_entity: primaryEntity };
}

/** A further key of an existing account (rotation: issue the new one, move clients, revoke the old one). */
export async function createApiKey(deps: Deps, accountId: string, now = new Date()): Promise<{ api_key: string; key_id: string } | undefined> {
  const account = await deps.accounts.get(accountId);
  if (!account) return undefined;
  const key = newApiKey(account, now);
  await deps.apiKeys.add(key.record);
  return { api_key: key.secret, key_id: key.record.key_id };
}

const summaryOf = (record: ApiKeyRecord, lastUsed: Record<string, string>): ApiKeySummary => {
  const { key_hash: _hash, usage_key: _usage, ...shown } = record;
  return { ...shown, last_used_on: lastUsed[record.key_id] ?? null };
};

/** An account's keys, oldest first, with the day each was last used; never a secret. */
export async function listApiKeys(deps: Pick<Ports, 'apiKeys' | 'keyActivity'>, accountId: string): Promise<ApiKeySummary[]> {
  const keys = await deps.apiKeys.listFor(accountId);
  const lastUsed = await deps.keyActivity.lastUsed(keys.map((k) => k.key_id));
  return keys.map((k) => summaryOf(k, lastUsed));
}

/**
 * Revokes the key named by `handle`: its id, its prefix (at least 8 characters, naming exactly one key), or its
 * secret. The caller then flushes the authorizer cache so the key stops working at once.
 */
export async function revokeApiKey(
  deps: Pick<Ports, 'apiKeys' | 'keyActivity'>,
  handle: { idOrPrefix: string } | { secret: string },
  now = new Date(),
): Promise<ApiKeySummary> {
  let record: ApiKeyRecord | undefined;
  if ('secret' in handle) {
    record = await deps.apiKeys.get(hashApiKey(handle.secret.trim()));
    if (!record) throw new AdminError('No such API key.');
  } else {
    const found = await deps.apiKeys.find(handle.idOrPrefix.trim());
    if (found.length === 0) throw new AdminError(`No API key has the id or prefix '${handle.idOrPrefix}'.`);
    if (found.length > 1) throw new AdminError(`'${handle.idOrPrefix}' names ${found.length} keys (${found.map((k) => k.key_id).join(', ')}); give a key id.`);
    record = found[0];
  }
  await deps.apiKeys.revoke(record.key_hash, now);
  const lastUsed = await deps.keyActivity.lastUsed([record.key_id]);
  return summaryOf({ ...record, status: 'revoked', revoked_at: now.toISOString() }, lastUsed);
}

/** Moves an account to another plan: its usage key to that plan's usage plan, then the account and its keys. */
export async function changePlan(
  deps: Deps,
  accountId: string,
  plan: PlanId,
  usageKeys: UsageKeys = localUsageKeys,
): Promise<{ account_id: string; plan: PlanId; previous_plan: string }> {
  const account = await deps.accounts.get(accountId);
  if (!account) throw new AdminError(`No account '${accountId}'.`);
  if (account.plan !== plan) {
    await usageKeys.move(account, account.plan as PlanId, plan);
    await deps.accounts.changePlan(accountId, plan);
  }
  return { account_id: accountId, plan, previous_plan: account.plan };
}

/**
 * The primary entity's seller details (address, e-invoice contact, electronic address, legal registration id), which
 * the API refuses to change (403 primary_entity_immutable): the operator sets them here; `null` removes one. The CLI
 * checks each with the API's own field.
 */
export async function updatePrimarySellerDetails(
  deps: Pick<Ports, 'accounts' | 'entities'>,
  accountId: string,
  patch: Omit<Patch<SellerDetails>, 'address'> & { address?: AddressRequest | null },
): Promise<Entity> {
  const account = await deps.accounts.get(accountId);
  if (!account) throw new AdminError(`No account '${accountId}'.`);
  const primary = await deps.entities.get(accountId, account.primary_entity_id);
  const problem = primary ? addressCountryProblem(patch.address, primary.country) : undefined;
  if (problem) throw new AdminError(`--address: 'country' ${problem}.`);
  const stored = patch.address === undefined ? patch : { ...patch, address: storedAddress(patch.address) };
  const updated = await deps.entities.updatePrimarySellerDetails(accountId, account.primary_entity_id, stored as Patch<SellerDetails>);
  if (!updated) throw new AdminError(`Account '${accountId}' has no primary entity '${account.primary_entity_id}'.`);
  return updated;
}

/**
 * The primary entity's logo (`levy accounts update --logo <file>`), checked as PUT /entities/{id}/logo checks a
 * subsidiary's; `null` removes it (invoices already issued keep theirs). A refused image is an AdminError saying why.
 */
export async function updatePrimaryLogo(
  deps: Pick<Ports, 'accounts' | 'entities' | 'logos' | 'inflater'>,
  accountId: string,
  bytes: Buffer | null,
): Promise<Entity> {
  const account = await deps.accounts.get(accountId);
  if (!account) throw new AdminError(`No account '${accountId}'.`);
  let updated: Entity | undefined;
  try {
    updated = await setPrimaryEntityLogo(deps, accountId, account.primary_entity_id, bytes);
  } catch (error) {
    throw error instanceof AppError ? new AdminError(`--logo: ${error.message}`) : error;
  }
  if (!updated) throw new AdminError(`Account '${accountId}' has no primary entity '${account.primary_entity_id}'.`);
  return updated;
}
