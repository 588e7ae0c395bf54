/**
 * Secondary adapter (HTTP out): POSTs a webhook delivery with node:http / node:https. The SSRF check of the addresses
 * happens AT CONNECT TIME: the request's `lookup` resolves the host itself and refuses the connection when any address
 * it would use is private, loopback, link-local ... (src/domain/webhooks/addresses.ts, the one table
 * src/domain/network/ip-ranges.ts), so a DNS answer that changes between a check and the connection (DNS rebinding)
 * cannot reach an internal address: the address checked is the address connected to. An IP-literal host (no look-up)
 * is checked before connecting. Locally (`allowLoopback`) hosts that resolve only to loopback are allowed.
 *
 * Redirects are not followed (a redirect to a private address would step around the check), the answer's body is not
 * read past its status, and a timeout, a refused address or a refused connection is an answer without a status code,
 * never a throw.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressRefusal, resolvedAddressesRefusal } from '../../domain/webhooks/addresses';
import type { WebhookResponse, WebhookTransport } from '../../ports/events';

/** Every address of a host (A and AAAA), as the system resolver answers: replaced in tests by a resolver of their own. */
export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

const systemResolveAll: ResolveAll = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** A refusal of the connection by the SSRF check (told apart from network errors in the delivery's record). */
class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
}

/** The `lookup` of a request: resolves, checks every address, and hands over only a vetted answer. */
export function checkedLookup(resolveAll: ResolveAll, allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        // Every address is judged, not only the one connected to: one private answer among public ones refuses the host.
        const refusal = resolvedAddressesRefusal(
          hostname,
          addresses.map((a) => a.address),
          allowLoopback,
        );
        if (refusal) return callback(new RefusedAddressError(`connection refused by Levy: ${refusal}`), '', 0);
        if (wanted.length === 0) return callback(Object.assign(new Error(`'${hostname}' has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, wanted);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export class NodeHttpWebhookTransport implements WebhookTransport {
  private readonly lookup: LookupFunction;

  constructor(private readonly options: { allowLoopback: boolean; resolveAll?: ResolveAll }) {
    this.lookup = checkedLookup(options.resolveAll ?? systemResolveAll, options.allowLoopback);
  }

  async post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { status_code: null, duration_ms: 0, error: `'${url}' is not a URL` };
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is connected to without a look-up: judged here.
    if (addressRefusal(host) !== 'not an IP address') {
      const refusal = resolvedAddressesRefusal(host, [host], this.options.allowLoopback);
      if (refusal) return { status_code: null, duration_ms: elapsed(), error: `connection refused by Levy: ${refusal}` };
    }
    const send = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : undefined;
    if (!send) return { status_code: null, duration_ms: 0, error: `'${target.protocol}' is neither http nor https` };
    const requestOptions: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: this.lookup,
      // No connection reuse: every delivery resolves (and checks) its host again.
      agent: false,
    };
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const settle = (answer: WebhookResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      const req = send(target, requestOptions, (res) => {
        settle({ status_code: res.statusCode ?? null, duration_ms: elapsed(), error: null });
        res.destroy();
      });
      const timer = setTimeout(() => {
        settle({ status_code: null, duration_ms: elapsed(), error: `no answer within ${timeoutMs} ms` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (error: Error) => settle({ status_code: null, duration_ms: elapsed(), error: error.message }));
      req.end(body);
    });
  }
}
