/**
 * Admin adapter (`levy` CLI): forgets every cached authorizer result, so a revoked key stops working at once rather
 * than when its cached Allow expires (300 s). In AWS: API Gateway's FlushStageAuthorizersCache on the stage; on a
 * laptop: the local server's own cache, through the loopback-only path it serves for this.
 */
import { APIGatewayClient, FlushStageAuthorizersCacheCommand } from '@aws-sdk/client-api-gateway';
import { AUTHORIZER_TIMEOUT_SECONDS } from '../../src/config/api-settings';

/** The local server's path for it (see local/server/server.ts). */
export const LOCAL_FLUSH_PATH = '/__levy/authorizer-cache/flush';

/** Answers what was flushed, for the command's output. */
export type AuthorizerCacheFlush = () => Promise<string>;

/**
 * Flushes the deployed stage `stageName` (the stack output ApiStageName: `-c stageName=...` may have named it other
 * than the default) at once, and again once an authorizer call that was already running when the key was revoked has
 * surely ended (its Lambda timeout): that call may have read the key as active and cached an Allow after the first flush.
 */
export function apiGatewayCacheFlush(
  client: APIGatewayClient,
  restApiId: string,
  stageName: string,
  settleMs = (AUTHORIZER_TIMEOUT_SECONDS + 1) * 1000,
): AuthorizerCacheFlush {
  const flush = () => client.send(new FlushStageAuthorizersCacheCommand({ restApiId, stageName }));
  return async () => {
    await flush();
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    await flush();
    return `the authorizer cache of stage ${stageName} of API ${restApiId} (twice, ${settleMs / 1000} s apart)`;
  };
}

/** The running `npm start`, at LEVY_API_URL (default http://127.0.0.1:$PORT or :3000); none running, nothing cached. */
export function localCacheFlush(baseUrl = process.env.LEVY_API_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}`): AuthorizerCacheFlush {
  return async () => {
    try {
      const res = await fetch(`${baseUrl}${LOCAL_FLUSH_PATH}`, { method: 'POST' });
      if (!res.ok) throw new Error(`the local server answered ${res.status}`);
      return `the authorizer cache of the local server at ${baseUrl}`;
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return `nothing: no local server runs at ${baseUrl}`;
      throw error;
    }
  };
}
