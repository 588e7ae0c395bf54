/**
 * Domain (pure): the one table of IP ranges that are not the public internet (RFC 6890 special-purpose registries),
 * each with the reason a webhook names when it refuses it. Geo look-ups treat every row as "not a customer's country"
 * (src/adapters/geo/ip-address.ts); webhook delivery refuses the rows marked `webhooks` (src/domain/webhooks/addresses.ts):
 * documentation, 6to4, Teredo and similar ranges are not located but, being routable or unused, are not an SSRF risk.
 */
export interface IpRange {
  readonly network: string;
  readonly prefix: number;
  readonly family: 'ipv4' | 'ipv6';
  readonly reason: string;
  /** Refused as a webhook destination. */
  readonly webhooks: boolean;
}

const v4 = (network: string, prefix: number, reason: string, webhooks = true): IpRange => ({ network, prefix, family: 'ipv4', reason, webhooks });
const v6 = (network: string, prefix: number, reason: string, webhooks = true): IpRange => ({ network, prefix, family: 'ipv6', reason, webhooks });

export const NON_PUBLIC_IP_RANGES: readonly IpRange[] = [
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'private (carrier-grade NAT)'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'documentation', false),
  v4('192.88.99.0', 24, 'reserved (6to4 relay)', false),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'reserved'),
  v4('198.51.100.0', 24, 'documentation', false),
  v4('203.0.113.0', 24, 'documentation', false),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('64:ff9b:1::', 48, 'reserved (local NAT64)', false),
  v6('100::', 64, 'reserved (discard)', false),
  v6('2001::', 23, 'reserved (IETF protocols)', false),
  v6('2001:db8::', 32, 'documentation', false),
  v6('2002::', 16, 'reserved (6to4)', false),
  v6('fc00::', 7, 'unique-local'),
  v6('fe80::', 10, 'link-local'),
  v6('ff00::', 8, 'multicast'),
];
