// Secondary adapter (offline geo): classifies IP addresses as public or private/reserved (RFC 6890 special-purpose registries).
import { BlockList, isIP } from 'node:net';

/** Ranges that never identify a customer's country: private, loopback, link-local, CGNAT, documentation, multicast... */
const nonPublicRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  nonPublicRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) {
  nonPublicRanges.addSubnet(network, prefix, 'ipv6');
}

/** True for a syntactically valid IPv4/IPv6 address that is routable on the public internet. */
export function isPublicIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is judged by its IPv4 part (BlockList also maps IPv4 onto ::ffff:0:0/96,
  // so that range is deliberately not in the list).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return isPublicIp(mapped[1]);
  return !nonPublicRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
