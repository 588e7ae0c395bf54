/**
 * Secondary adapter (HTTP out): POSTs a webhook delivery with Node's fetch. Redirects are not followed (a redirect to
 * a private address would step around the SSRF check), the answer's body is not read past its status, and a timeout
 * or a refused connection is an answer without a status code, never a throw.
 */
import type { WebhookResponse, WebhookTransport } from '../../ports/events';

export class FetchWebhookTransport implements WebhookTransport {
  async post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookResponse> {
    const started = performance.now();
    try {
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return { status_code: response.status, duration_ms: Math.round(performance.now() - started), error: null };
    } catch (error) {
      const name = (error as Error).name;
      const reason = name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
      return { status_code: null, duration_ms: Math.round(performance.now() - started), error: reason };
    }
  }
}
