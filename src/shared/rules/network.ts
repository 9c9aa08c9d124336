import ipaddr from 'ipaddr.js';

// Issue 24: one person with a script usually holds one address block, not one address. Signals that others see
// (votes, visit counts, experiment arms) are capped per network: an IPv4 /24 or an IPv6 /64 (one home or office line).

/** Prefix lengths of one client's network. */
export const IPV4_NETWORK_BITS = 24;
export const IPV6_NETWORK_BITS = 64;

/**
 * The network of a client address, in CIDR form: "203.0.113.0/24", "2001:db8:1:2::/64". An IPv4-mapped IPv6 address
 * ("::ffff:203.0.113.9", what a dual-stack socket reports) is its IPv4 network. Anything unparseable is its own
 * network, named by its text (never throws).
 */
export function networkOf(address: string): string {
  const text = address.trim().replace(/^\[|\]$/g, '');
  // A zone index ("fe80::1%eth0") names an interface, not a network.
  const bare = text.split('%')[0] ?? text;
  if (!ipaddr.isValid(bare)) return `unknown:${text.slice(0, 64)}`;
  let ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') {
    const b = (ip as ipaddr.IPv4).octets;
    return `${b[0]}.${b[1]}.${b[2]}.0/${IPV4_NETWORK_BITS}`;
  }
  const kept = (ip as ipaddr.IPv6).parts.slice(0, IPV6_NETWORK_BITS / 16);
  const network = new ipaddr.IPv6([...kept, ...new Array<number>(8 - kept.length).fill(0)]);
  return `${network.toString()}/${IPV6_NETWORK_BITS}`;
}
