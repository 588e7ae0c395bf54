/**
 * Domain (pure): which IP addresses a webhook may be delivered to (SSRF). An endpoint's host must resolve only to
 * public addresses: never private (RFC 1918), loopback, link-local (169.254.0.0/16, where the instance metadata
 * service 169.254.169.254 answers; fe80::/10), unique-local (fc00::/7), unspecified, carrier-grade NAT, multicast or
 * reserved ones, nor an IPv4-mapped IPv6 form of any of them (::ffff:10.0.0.1). Every address a host resolves to is
 * checked: one private answer among public ones is enough to refuse it (docs/webhooks.md). The ranges are the rows
 * of src/domain/network/ip-ranges.ts marked `webhooks` (geo look-ups use the same table).
 */
import { NON_PUBLIC_IP_RANGES } from '../network/ip-ranges';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Hex groups and colons, at most one `::`, optionally a dotted IPv4 tail; the group count is checked by ipv6Groups. */
const IPV6 = /^[0-9a-f:]*(:\d+\.\d+\.\d+\.\d+)?(%.+)?$/i;

function ipFamily(ip: string): 4 | 6 | 0 {
  if (IPV4.test(ip)) return 4;
  if (ip.includes(':') && !ip.includes(':::') && IPV6.test(ip) && (ip.match(/::/g)?.length ?? 0) <= 1) {
    const dotted = /(\d+\.\d+\.\d+\.\d+)(%.*)?$/.exec(ip);
    if (dotted && !IPV4.test(dotted[1])) return 0;
    const groups = ip
      .split('%')[0]
      .replace(/\d+\.\d+\.\d+\.\d+$/, '0:0')
      .split(':');
    const hasGap = ip.includes('::');
    if (groups.some((g) => g.length > 4)) return 0;
    if (!hasGap && groups.length !== 8) return 0;
    if (hasGap && groups.filter((g) => g !== '').length > 7) return 0;
    return 6;
  }
  return 0;
}

const ipv4Number = (ip: string): number => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail becomes two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

// The refused ranges of the shared table, parsed once.
const refused = NON_PUBLIC_IP_RANGES.filter((r) => r.webhooks);
const refusedV4 = refused.filter((r) => r.family === 'ipv4').map((r) => ({ start: ipv4Number(r.network), size: 2 ** (32 - r.prefix), reason: r.reason }));
const refusedV6 = refused.filter((r) => r.family === 'ipv6').map((r) => ({ groups: ipv6Groups(r.network), prefix: r.prefix, reason: r.reason }));

/** Whether the first `prefix` bits of two addresses' groups agree. */
function samePrefix(g: readonly number[], network: readonly number[], prefix: number): boolean {
  for (let i = 0; i < 8; i++) {
    const bits = Math.min(16, Math.max(0, prefix - 16 * i));
    if (bits === 0) return true;
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if ((g[i] & mask) !== (network[i] & mask)) return false;
  }
  return true;
}

function ipv4Refusal(ip: string): string | undefined {
  const value = ipv4Number(ip);
  return refusedV4.find((r) => value >= r.start && value < r.start + r.size)?.reason;
}

function ipv6Refusal(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  const listed = refusedV6.find((r) => samePrefix(g, r.groups, r.prefix));
  if (listed) return listed.reason;
  const carried = `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible): judged as the IPv4 address they carry.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return ipv4Refusal(carried);
  // 64:ff9b::/96 NAT64 carries an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Refusal(carried);
  return undefined;
}

/** Why a webhook may not be sent to this address ('private', 'loopback' ...), or undefined for a public one. */
export function addressRefusal(ip: string): string | undefined {
  const family = ipFamily(ip);
  if (family === 4) return ipv4Refusal(ip);
  if (family === 6) return ipv6Refusal(ip);
  return 'not an IP address';
}

/**
 * Whether a host whose name resolved to `addresses` may be connected to: every address must be public; where loopback
 * is allowed (the local runtime), a host whose every address is loopback (localhost) is too. The reason (a sentence
 * naming the host and the address), or undefined. The URL check and the delivery's connect-time look-up both ask this.
 */
export function resolvedAddressesRefusal(host: string, addresses: readonly string[], allowLoopback: boolean): string | undefined {
  if (addresses.length === 0) return `'url' host '${host}' does not resolve to any address`;
  const refusals = addresses.map((a) => [a, addressRefusal(a)] as const).filter(([, why]) => why !== undefined);
  if (allowLoopback && refusals.length === addresses.length && refusals.every(([, why]) => why === 'loopback')) return undefined;
  const [address, why] = refusals[0] ?? [];
  if (why) return `'url' host '${host}' resolves to ${address}, a ${why} address; webhooks are only sent to public addresses`;
  return undefined;
}
