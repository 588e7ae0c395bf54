/**
 * Local runtime (API Gateway emulation): the REQUEST authorizer as API Gateway runs it, with the Authorization header
 * as its identity source. Calls the real authorizer module (within its Lambda timeout), caches an allowed result per
 * header value for the stage's TTL (failures are not cached), and evaluates the (possibly cached) policy against each
 * request's method ARN. `clear()` is what API Gateway's FlushStageAuthorizersCache does.
 */
import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import type { GatewayErrorType } from '../../src/config/gateway-responses';
import { authorizer as authorizerDefinition, type RouteDefinition } from '../../src/config/routes';
import { buildAuthorizerEvent, buildLambdaContext } from './api-gateway-event';
import { withTimeout } from './lambda-invocation';

export type AuthorizerHandler = (event: APIGatewayRequestAuthorizerEvent, context: Context) => Promise<APIGatewayAuthorizerResult>;

export type AuthOutcome = { ok: true; result: APIGatewayAuthorizerResult } | { ok: false; error: GatewayErrorType };

/** IAM-style wildcard match of a policy resource (`*` any characters, `?` one) against an ARN (IAM's grants use it too). */
export function arnMatches(pattern: string, arn: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`).test(arn);
}

/** Explicit Deny wins, then an Allow on the method ARN, else deny (API Gateway's evaluation). */
function policyAllows(result: APIGatewayAuthorizerResult, methodArn: string): boolean {
  const statements = [result.policyDocument.Statement].flat() as unknown as Array<Record<string, unknown>>;
  const applies = (s: Record<string, unknown>) => {
    const actions = [s.Action ?? []].flat() as string[];
    const resources = [s.Resource ?? []].flat() as string[];
    return actions.some((a) => a === '*' || a === 'execute-api:*' || a === 'execute-api:Invoke') && resources.some((r) => arnMatches(r, methodArn));
  };
  if (statements.some((s) => s.Effect === 'Deny' && applies(s))) return false;
  return statements.some((s) => s.Effect === 'Allow' && applies(s));
}

function isAuthorizerResult(value: unknown): value is APIGatewayAuthorizerResult {
  const r = value as APIGatewayAuthorizerResult | undefined;
  return !!r && typeof r.principalId === 'string' && !!r.policyDocument && r.policyDocument.Statement !== undefined;
}

export class AuthorizerEmulation {
  /** Allowed results by Authorization header value, as API Gateway caches them. */
  private readonly cache = new Map<string, { result: APIGatewayAuthorizerResult; expiresAt: number }>();

  constructor(
    private readonly handler: () => Promise<AuthorizerHandler>,
    private readonly cacheMs: number,
    private readonly timeoutMs: number,
  ) {}

  /** `request` is the proxy event the route will get (its request context carries the request id). */
  async authorize(token: string, route: RouteDefinition, request: APIGatewayProxyEvent): Promise<AuthOutcome> {
    const event = buildAuthorizerEvent(request, route);
    const cached = this.cache.get(token);
    let result: APIGatewayAuthorizerResult;
    if (cached && cached.expiresAt > Date.now()) {
      result = cached.result;
    } else {
      if (cached) this.cache.delete(token);
      const answer = await this.invoke(event);
      if (!answer.ok) return answer;
      result = answer.result;
      if (this.cacheMs > 0) this.cache.set(token, { result, expiresAt: Date.now() + this.cacheMs });
    }
    return policyAllows(result, event.methodArn) ? { ok: true, result } : { ok: false, error: 'ACCESS_DENIED' };
  }

  /** Forgets every cached result (API Gateway's FlushStageAuthorizersCache, or a redeployed stage). */
  clear(): void {
    this.cache.clear();
  }

  private async invoke(event: APIGatewayRequestAuthorizerEvent): Promise<AuthOutcome> {
    try {
      const handler = await this.handler();
      const answer: unknown = await withTimeout(handler(event, buildLambdaContext(authorizerDefinition.name, this.timeoutMs)), this.timeoutMs);
      if (!isAuthorizerResult(answer)) {
        console.error('[levy local] the authorizer answered without principalId/policyDocument:', answer);
        return { ok: false, error: 'AUTHORIZER_CONFIGURATION_ERROR' };
      }
      return { ok: true, result: answer };
    } catch (error) {
      if ((error as Error | undefined)?.message === 'Unauthorized') return { ok: false, error: 'UNAUTHORIZED' };
      console.error('[levy local] the authorizer failed:', error);
      return { ok: false, error: 'AUTHORIZER_FAILURE' };
    }
  }
}
