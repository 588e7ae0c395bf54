/**
 * Unit: the `levy` CLI's API Gateway calls, against a stand-in for API Gateway that keeps its rule that a key may be
 * in only one usage plan of a stage (ConflictException otherwise). API Gateway cannot run here, so it is faked; the
 * fake can also fail a call on demand.
 */
import {
  ConflictException,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteUsagePlanKeyCommand,
  FlushStageAuthorizersCacheCommand,
  NotFoundException,
  type APIGatewayClient,
} from '@aws-sdk/client-api-gateway';
import { apiGatewayCacheFlush } from '../../../local/admin/authorizer-cache';
import { cacheFlushFor, UsageError } from '../../../local/cli/common';
import { API_STAGE_NAME_ENV_VAR, REST_API_ID_ENV_VAR } from '../../../src/config/stack-outputs';
import { API_STAGE_NAME } from '../../../src/config/api-settings';
import { apiGatewayUsageKeys } from '../../../local/admin/usage-keys';

const planIds = { starter: 'up-starter', growth: 'up-growth', scale: 'up-scale' } as const;

/** Usage plan memberships of one stage, and every call made. */
function fakeApiGateway(failCreateOn?: string) {
  const planOf = new Map<string, string>();
  const calls: string[] = [];
  let keys = 0;
  const client = {
    send: async (command: unknown) => {
      if (command instanceof CreateApiKeyCommand) {
        calls.push('CreateApiKey');
        return { id: `key${++keys}`, value: command.input.value };
      }
      if (command instanceof CreateUsagePlanKeyCommand) {
        const { usagePlanId, keyId } = command.input;
        calls.push(`join ${usagePlanId}`);
        if (usagePlanId === failCreateOn) throw new Error('injected failure');
        if (planOf.has(keyId!)) throw new ConflictException({ message: 'key already in a usage plan of this stage', $metadata: {} });
        planOf.set(keyId!, usagePlanId!);
        return {};
      }
      if (command instanceof DeleteUsagePlanKeyCommand) {
        const { usagePlanId, keyId } = command.input;
        calls.push(`leave ${usagePlanId}`);
        if (planOf.get(keyId!) !== usagePlanId) throw new NotFoundException({ message: 'not in that plan', $metadata: {} });
        planOf.delete(keyId!);
        return {};
      }
      if (command instanceof FlushStageAuthorizersCacheCommand) {
        calls.push(`flush ${command.input.restApiId}/${command.input.stageName}`);
        return {};
      }
      throw new Error(`unexpected command ${(command as object).constructor.name}`);
    },
  };
  return { client: client as unknown as APIGatewayClient, planOf, calls };
}

describe('API Gateway usage keys', () => {
  it('creates an account’s key on its plan, and moves it between plans without ever being in two', async () => {
    const api = fakeApiGateway();
    const keys = apiGatewayUsageKeys(api.client, planIds);
    const usage = await keys.create('acct_1', 'starter');
    expect(usage).toEqual({ usage_key: expect.any(String), usage_key_id: 'key1' });
    expect(api.planOf.get('key1')).toBe('up-starter');
    await keys.move(usage, 'starter', 'scale');
    expect(api.planOf.get('key1')).toBe('up-scale');
    expect(api.calls.slice(-2)).toEqual(['leave up-starter', 'join up-scale']);
  });

  it('puts the key back on its old plan when joining the new one fails', async () => {
    const api = fakeApiGateway('up-growth');
    const keys = apiGatewayUsageKeys(api.client, planIds);
    const usage = await keys.create('acct_1', 'starter');
    await expect(keys.move(usage, 'starter', 'growth')).rejects.toThrow('injected failure');
    expect(api.planOf.get('key1')).toBe('up-starter');
  });

  it('refuses to move an account that has no API Gateway key yet, naming the fix', async () => {
    const keys = apiGatewayUsageKeys(fakeApiGateway().client, planIds);
    await expect(keys.move({ usage_key: 'x' }, 'starter', 'growth')).rejects.toThrow('levy migrate --aws');
  });
});

describe('authorizer cache flush', () => {
  it('flushes the stage at once and again after an in-flight authorizer call has surely ended', async () => {
    const api = fakeApiGateway();
    const said = await apiGatewayCacheFlush(api.client, 'abc123', API_STAGE_NAME, 10)();
    expect(api.calls).toEqual([`flush abc123/${API_STAGE_NAME}`, `flush abc123/${API_STAGE_NAME}`]);
    expect(said).toContain('abc123');
  });

  it('flushes the deployed stage the stack output names, not the default name (`-c stageName=other`)', async () => {
    const api = fakeApiGateway();
    const said = await apiGatewayCacheFlush(api.client, 'abc123', 'other', 10)();
    expect(api.calls).toEqual(['flush abc123/other', 'flush abc123/other']);
    expect(said).toContain('stage other');
  });

  it('against a deployment, needs the stage output as well as the API id', () => {
    const saved = { ...process.env };
    try {
      process.env[REST_API_ID_ENV_VAR] = 'abc123';
      delete process.env[API_STAGE_NAME_ENV_VAR];
      expect(() => cacheFlushFor('aws')).toThrow(UsageError);
      expect(() => cacheFlushFor('aws')).toThrow(`${API_STAGE_NAME_ENV_VAR} (the stack outputs ApiId and ApiStageName)`);
      process.env[API_STAGE_NAME_ENV_VAR] = 'other';
      expect(typeof cacheFlushFor('aws')).toBe('function');
    } finally {
      process.env = saved;
    }
  });
});
