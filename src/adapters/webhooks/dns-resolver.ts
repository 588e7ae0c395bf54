/** Secondary adapter (DNS): every address a webhook host resolves to (A and AAAA), for the SSRF check. */
import { lookup } from 'node:dns/promises';
import type { HostResolver } from '../../ports/events';

export class DnsHostResolver implements HostResolver {
  async resolve(host: string): Promise<string[]> {
    try {
      return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return [];
    }
  }
}
