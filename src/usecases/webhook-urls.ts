/**
 * Use case: whether a webhook URL may be delivered to (SSRF; docs/webhooks.md). https only, to a host whose every
 * address is public; where loopback is allowed (the local runtime), http://localhost and http://127.0.0.1 (and any
 * loopback address) too. The whole check (with DNS) runs when an endpoint is created or changed, so a mistake is a
 * 400 at once. Before each delivery only the URL's shape is checked again (webhookUrlShapeRefusal): the addresses are
 * checked by the delivery's transport when it connects, on the very answer it connects to (DNS rebinding:
 * src/adapters/webhooks/http-transport.ts).
 */
import { addressRefusal, resolvedAddressesRefusal } from '../domain/webhooks/addresses';
import type { HostResolver } from '../ports/events';

type Shape = { refusal: string } | { host: string; literal: boolean };

function shapeOf(raw: string, allowLoopback: boolean): Shape {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refusal: `'url' must be an absolute https URL, got '${raw}'` };
  }
  if (url.username || url.password) return { refusal: "'url' must not carry a user name or password" };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = addressRefusal(host) !== 'not an IP address';
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { refusal: `'url' must be https${allowLoopback ? ' (or http for localhost)' : ''}, not ${url.protocol.replace(':', '')}; use http or https` };
  const namesLoopback = host === 'localhost' || (literal && addressRefusal(host) === 'loopback');
  if (url.protocol === 'http:' && !(allowLoopback && namesLoopback)) {
    return { refusal: `'url' must be https${allowLoopback ? ' (http only for localhost and 127.0.0.1)' : ''}, got http` };
  }
  return { host, literal };
}

/** Why the URL is refused without asking DNS (its form, its scheme, an IP literal's range), or undefined. */
export function webhookUrlShapeRefusal(raw: string, allowLoopback: boolean): string | undefined {
  const shape = shapeOf(raw, allowLoopback);
  if ('refusal' in shape) return shape.refusal;
  return shape.literal ? resolvedAddressesRefusal(shape.host, [shape.host], allowLoopback) : undefined;
}

/** Why the URL is refused (a sentence naming what is wrong), or undefined when it may be used. */
export async function webhookUrlRefusal(resolver: HostResolver, raw: string, allowLoopback: boolean): Promise<string | undefined> {
  const shape = shapeOf(raw, allowLoopback);
  if ('refusal' in shape) return shape.refusal;
  const { host, literal } = shape;
  const addresses = literal ? [host] : host === 'localhost' ? ['127.0.0.1'] : await resolver.resolve(host);
  return resolvedAddressesRefusal(host, addresses, allowLoopback);
}
