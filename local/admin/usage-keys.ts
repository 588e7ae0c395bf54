/**
 * Admin adapter (`levy` CLI): an account's usage key, the value API Gateway applies the account's usage plan to.
 * In AWS it is an API Gateway API key attached to the plan's usage plan (ids from the stack outputs
 * LEVY_USAGE_PLAN_<PLAN>); on a laptop it is a random value the local server's token buckets are keyed by.
 * Clients never send it: the authorizer returns it for their bearer key (apiKeySourceType AUTHORIZER).
 */
import { randomBytes } from 'node:crypto';
import { APIGatewayClient, CreateApiKeyCommand, CreateUsagePlanKeyCommand, DeleteUsagePlanKeyCommand, NotFoundException } from '@aws-sdk/client-api-gateway';
import { planIds, type PlanId } from '../../src/config/plans';
import { usagePlanEnvVar } from '../../src/config/stack-outputs';
import type { UsageKey } from '../../src/ports/accounts';

export type { UsageKey };

export interface UsageKeys {
  /** A usage key for a new account, on `plan`'s usage plan. */
  create(accountId: string, plan: PlanId): Promise<UsageKey>;
  /** Moves an account's usage key from one plan's usage plan to another's. */
  move(key: UsageKey, from: PlanId, to: PlanId): Promise<void>;
}

const newUsageKeyValue = () => randomBytes(30).toString('base64url');

/** On a laptop: a random value; the local server keys its per-account token buckets by it. */
export const localUsageKeys: UsageKeys = {
  create: async () => ({ usage_key: `local_${newUsageKeyValue()}` }),
  move: async () => undefined,
};

/** The usage plan ids of the deployed stack, from LEVY_USAGE_PLAN_STARTER ... (stack outputs). */
export function usagePlanIdsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<PlanId, string> {
  const missing = planIds.filter((plan) => !env[usagePlanEnvVar(plan)]);
  if (missing.length) throw new Error(`Set ${missing.map(usagePlanEnvVar).join(', ')} from the stack outputs (docs/deployment.md).`);
  return Object.fromEntries(planIds.map((plan) => [plan, env[usagePlanEnvVar(plan)]!])) as Record<PlanId, string>;
}

/** In AWS: an API Gateway API key per account, attached to its plan's usage plan. */
export function apiGatewayUsageKeys(client: APIGatewayClient, usagePlanIds: Record<PlanId, string>): UsageKeys {
  return {
    async create(accountId, plan) {
      const value = newUsageKeyValue();
      const key = await client.send(
        new CreateApiKeyCommand({ name: `levy-${accountId}`, description: `Usage key of Levy account ${accountId}`, enabled: true, value }),
      );
      await client.send(new CreateUsagePlanKeyCommand({ usagePlanId: usagePlanIds[plan], keyId: key.id!, keyType: 'API_KEY' }));
      return { usage_key: value, usage_key_id: key.id! };
    },
    // API Gateway refuses a key in two usage plans of one stage (ConflictException): leave the old plan first, and
    // go back to it if joining the new one fails, so the account is never left on no plan.
    async move(key, from, to) {
      if (!key.usage_key_id) throw new Error('The account has no API Gateway usage key id: run `levy migrate --aws` first.');
      try {
        await client.send(new DeleteUsagePlanKeyCommand({ usagePlanId: usagePlanIds[from], keyId: key.usage_key_id }));
      } catch (error) {
        if (!(error instanceof NotFoundException)) throw error;
      }
      try {
        await client.send(new CreateUsagePlanKeyCommand({ usagePlanId: usagePlanIds[to], keyId: key.usage_key_id, keyType: 'API_KEY' }));
      } catch (error) {
        await client.send(new CreateUsagePlanKeyCommand({ usagePlanId: usagePlanIds[from], keyId: key.usage_key_id, keyType: 'API_KEY' }));
        throw error;
      }
    },
  };
}
