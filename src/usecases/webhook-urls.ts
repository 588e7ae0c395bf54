/**
 * Use case: whether a webhook URL may be delivered to (SSRF; docs/webhooks.md). https only, to a host whose every
 * address is public; where loopback is allowed (the local runtime), http://localhost and http://127.0.0.1 (and any
 * loopback address) too. Checked when an endpoint is created or changed, and again before each delivery (a host's
 * DNS answer may change after it was accepted).
 */
import { addressRefusal } from '../domain/webhooks/addresses';
import type { HostResolver } from '../ports/events';

/** Why the URL is refused (a sentence naming what is wrong), or undefined when it may be used. */
export async function webhookUrlRefusal(resolver: HostResolver, raw: string, allowLoopback: boolean): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `'url' must be an absolute https URL, got '${raw}'`;
  }
  if (url.username || url.password) return "'url' must not carry a user name or password";
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = addressRefusal(host) !== 'not an IP address';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `'url' must be https${allowLoopback ? ' (or http for localhost)' : ''}, not ${url.protocol.replace(':', '')}; use http or https`;
  const namesLoopback = host === 'localhost' || (literal && addressRefusal(host) === 'loopback');
  if (url.protocol === 'http:' && !(allowLoopback && namesLoopback)) {
    return `'url' must be https${allowLoopback ? ' (http only for localhost and 127.0.0.1)' : ''}, got http`;
  }
  const addresses = literal ? [host] : host === 'localhost' ? ['127.0.0.1'] : await resolver.resolve(host);
  if (addresses.length === 0) return `'url' host '${host}' does not resolve to any address`;
  const refusals = addresses.map((a) => [a, addressRefusal(a)] as const).filter(([, why]) => why !== undefined);
  if (allowLoopback && refusals.length === addresses.length && refusals.every(([, why]) => why === 'loopback')) return undefined;
  const [address, why] = refusals[0] ?? [];
  if (why) return `'url' host '${host}' resolves to ${address}, a ${why} address; webhooks are only sent to public addresses`;
  return undefined;
}
