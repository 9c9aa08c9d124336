import { BlockList, isIP } from 'node:net';

// TRUST_PROXY (issue 25, docs/decisions/022): which peers may tell the server the client's address and scheme in
// X-Forwarded-*. Never "every peer": then a client's own X-Forwarded-For would pick the IP every per-IP limit counts.
export type TrustedProxies =
  | { kind: 'none' }
  /** The `hops` peers nearest the server are proxies, whatever their address: only when nothing else reaches it. */
  | { kind: 'hops'; hops: number }
  /** Only peers in these addresses or CIDR blocks are proxies. */
  | { kind: 'addresses'; ranges: string[] };

/** Fastify's trust function: is the peer `hop` steps from the server (0: the socket's) a proxy to believe? */
export type ProxyTrust = (address: string | undefined, hop: number) => boolean;

export const NO_PROXY: TrustedProxies = { kind: 'none' };

const USAGE =
  'TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or a comma-separated list of their ' +
  'addresses or CIDR blocks (e.g. 10.0.0.2,fd00::/64); leave it unset when clients connect directly';

/** TRUST_PROXY parsed: unset, empty, 0 or false trust no proxy; a positive whole number is a hop count; else addresses. */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies | { problem: string } {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return NO_PROXY;
  if (value.toLowerCase() === 'true')
    return { problem: `TRUST_PROXY=true would trust every hop, so any client could pick its own IP. ${USAGE}` };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return Number.isSafeInteger(hops) ? { kind: 'hops', hops } : { problem: USAGE };
  }
  const ranges = value.split(',').map((s) => s.trim());
  const bad = ranges.find((r) => rangeProblem(r) !== null);
  return bad === undefined ? { kind: 'addresses', ranges } : { problem: `TRUST_PROXY: ${rangeProblem(bad)}. ${USAGE}` };
}

/** Why one entry of the list is no address or CIDR block, or null when it is one. */
function rangeProblem(range: string): string | null {
  const [address = '', prefix, ...rest] = range.split('/');
  const family = isIP(address);
  if (family === 0 || address.includes('%') || rest.length > 0) return `"${range}" is not an IP address or CIDR block`;
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(prefix) || bits > max) return `"${range}" needs a prefix length of 1 to ${max}`;
  if (bits === 0) return `"${range}" would trust every address`;
  return null;
}

/** The trust function Fastify (request.ip, .protocol) and the response cache's early answers both use; false: none. */
export function proxyTrust(proxies: TrustedProxies): ProxyTrust | false {
  if (proxies.kind === 'none') return false;
  if (proxies.kind === 'hops') {
    const { hops } = proxies;
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const range of proxies.ranges) {
    const [address = '', prefix] = range.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  // BlockList matches an IPv4-mapped peer (::ffff:10.0.0.2, a dual-stack socket's) against IPv4 entries.
  return (address) => {
    if (address === undefined) return false;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
