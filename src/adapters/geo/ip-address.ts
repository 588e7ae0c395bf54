// Secondary adapter (offline geo): classifies IP addresses as public or private/reserved (RFC 6890 special-purpose registries).
import { BlockList, isIP } from 'node:net';
import { once } from '../../shared/once';
import { NON_PUBLIC_IP_RANGES } from '../../domain/network/ip-ranges';

/**
 * Ranges that never identify a customer's country: every row of the domain's table (private, documentation...). Built
 * with the first IP address a container checks, not at import: most quotes carry none (docs/benchmarks.md).
 */
const nonPublicRanges = once(() => {
  const ranges = new BlockList();
  for (const { network, prefix, family } of NON_PUBLIC_IP_RANGES) ranges.addSubnet(network, prefix, family);
  return ranges;
});

/** True for a syntactically valid IPv4/IPv6 address that is routable on the public internet. */
export function isPublicIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is judged by its IPv4 part (BlockList also maps IPv4 onto ::ffff:0:0/96,
  // so that range is deliberately not in the list).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return isPublicIp(mapped[1]);
  return !nonPublicRanges().check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
