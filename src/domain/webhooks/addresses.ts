/**
 * Domain (pure): which IP addresses a webhook may be delivered to (SSRF). An endpoint's host must resolve only to
 * public addresses: never private (RFC 1918), loopback, link-local (169.254.0.0/16, where the instance metadata
 * service 169.254.169.254 answers; fe80::/10), unique-local (fc00::/7), unspecified, carrier-grade NAT, multicast or
 * reserved ones, nor an IPv4-mapped IPv6 form of any of them (::ffff:10.0.0.1). Every address a host resolves to is
 * checked: one private answer among public ones is enough to refuse it (docs/webhooks.md).
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Hex groups and colons, at most one `::`, optionally a dotted IPv4 tail; the group count is checked by ipv6Groups. */
const IPV6 = /^[0-9a-f:]*(:\d+\.\d+\.\d+\.\d+)?(%.+)?$/i;

function ipFamily(ip: string): 4 | 6 | 0 {
  if (IPV4.test(ip)) return 4;
  if (ip.includes(':') && !ip.includes(':::') && IPV6.test(ip) && (ip.match(/::/g)?.length ?? 0) <= 1) {
    const dotted = /(\d+\.\d+\.\d+\.\d+)(%.*)?$/.exec(ip);
    if (dotted && !IPV4.test(dotted[1])) return 0;
    const groups = ip.split('%')[0].replace(/\d+\.\d+\.\d+\.\d+$/, '0:0').split(':');
    const hasGap = ip.includes('::');
    if (groups.some((g) => g.length > 4)) return 0;
    if (!hasGap && groups.length !== 8) return 0;
    if (hasGap && groups.filter((g) => g !== '').length > 7) return 0;
    return 6;
  }
  return 0;
}

/** [first address as a 32-bit number, prefix length, why it is refused] */
const IPV4_BLOCKED: readonly [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const ipv4Number = (ip: string): number => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);

function ipv4Refusal(ip: string): string | undefined {
  const value = ipv4Number(ip);
  for (const [first, prefix, why] of IPV4_BLOCKED) {
    const size = 2 ** (32 - prefix);
    const start = ipv4Number(first);
    if (value >= start && value < start + size) return why;
  }
  return undefined;
}

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

function ipv6Refusal(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible): judged as the IPv4 address they carry.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    const v4 = `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
    return ipv4Refusal(v4);
  }
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  // 64:ff9b::/96 NAT64 carries an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Refusal(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  return undefined;
}

/** Why a webhook may not be sent to this address ('private', 'loopback' ...), or undefined for a public one. */
export function addressRefusal(ip: string): string | undefined {
  const family = ipFamily(ip);
  if (family === 4) return ipv4Refusal(ip);
  if (family === 6) return ipv6Refusal(ip);
  return 'not an IP address';
}

export const isLoopback = (ip: string): boolean => addressRefusal(ip) === 'loopback';
