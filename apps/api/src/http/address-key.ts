import ipaddr from 'ipaddr.js';

/** The leading bits of an IPv6 address that one subscriber is handed at least (RFC 6177): one key for all of them. */
const IPV6_SUBSCRIBER_BITS = 64;

/**
 * The part of a caller's address that per-address budgets count under. An IPv4 address is one key; an IPv6
 * address counts by its /64, since a single home or phone is handed a whole /64 and can answer from any of its
 * 2^64 addresses: keyed whole, each fresh address would bring a fresh budget. An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`, how a dual-stack socket reports it) is its IPv4 address. Anything unreadable (no address
 * at all, a socket already gone) counts under what was given.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  // Most callers, and every one on the hot paths of an IPv4 network, need no parsing.
  if (!address.includes(':') || !ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_SUBSCRIBER_BITS}`);
  return `${prefix.toString()}/${IPV6_SUBSCRIBER_BITS}`;
}
