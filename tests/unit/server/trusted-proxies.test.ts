import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, proxyTrust, type TrustedProxies } from '../../../src/server/trusted-proxies';

// TRUST_PROXY (issue 25 item 5): a hop count or the proxies' addresses, never every hop.
const parsed = (raw: string | undefined): TrustedProxies => {
  const result = parseTrustedProxies(raw);
  if ('problem' in result) throw new Error(result.problem);
  return result;
};
const problem = (raw: string): string => {
  const result = parseTrustedProxies(raw);
  return 'problem' in result ? result.problem : `no problem: ${JSON.stringify(result)}`;
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, 0 or false', () => {
    for (const raw of [undefined, '', '  ', '0', 'false', 'FALSE'])
      expect(parsed(raw), String(raw)).toEqual({ kind: 'none' });
    expect(proxyTrust(parsed(undefined))).toBe(false);
  });

  it('reads a positive whole number as the count of proxies nearest the server', () => {
    expect(parsed('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parsed(' 2 ')).toEqual({ kind: 'hops', hops: 2 });
    const trust = proxyTrust(parsed('2'));
    expect(trust && [0, 1, 2, 3].map((hop) => trust('198.51.100.7', hop))).toEqual([true, true, false, false]);
  });

  it('refuses true, which used to trust every hop, and says what to write instead', () => {
    expect(problem('true')).toMatch(/TRUST_PROXY=true would trust every hop.*number of proxies.*addresses/);
    expect(problem('TRUE')).toMatch(/every hop/);
  });

  it('reads a comma-separated list of IPv4 and IPv6 addresses and CIDR blocks', () => {
    expect(parsed('10.0.0.2, 10.0.1.0/24,fd00::/64 ,::1')).toEqual({
      kind: 'addresses',
      ranges: ['10.0.0.2', '10.0.1.0/24', 'fd00::/64', '::1'],
    });
  });

  it('refuses an entry that is no address or block, a bad prefix, or a block of every address', () => {
    expect(problem('caddy')).toMatch(/"caddy" is not an IP address or CIDR block/);
    expect(problem('10.0.0.2,')).toMatch(/"" is not an IP address/);
    expect(problem('10.0.0.256')).toMatch(/not an IP address/);
    expect(problem('fe80::1%eth0')).toMatch(/not an IP address/);
    expect(problem('loopback')).toMatch(/not an IP address/);
    expect(problem('10.0.0.0/33')).toMatch(/prefix length of 1 to 32/);
    expect(problem('fd00::/129')).toMatch(/prefix length of 1 to 128/);
    expect(problem('10.0.0.0/x')).toMatch(/prefix length/);
    expect(problem('10.0.0.0/8/8')).toMatch(/not an IP address or CIDR block/);
    expect(problem('0.0.0.0/0')).toMatch(/would trust every address/);
    expect(problem('::/0')).toMatch(/would trust every address/);
    expect(problem('1,10.0.0.2')).toMatch(/"1" is not an IP address/);
  });

  it('trusts only peers in the list, an IPv4 peer on a dual-stack socket too, whatever the hop', () => {
    const trust = proxyTrust(parsed('10.0.0.2,10.0.1.0/24,fd00::/64'));
    if (!trust) throw new Error('a list trusts some peers');
    const trusted = (address: string | undefined) => [0, 3].map((hop) => trust(address, hop));
    expect(trusted('10.0.0.2')).toEqual([true, true]);
    expect(trusted('::ffff:10.0.0.2')).toEqual([true, true]);
    expect(trusted('10.0.1.77')).toEqual([true, true]);
    expect(trusted('fd00::abcd')).toEqual([true, true]);
    expect(trusted('10.0.0.3')).toEqual([false, false]);
    expect(trusted('fd00:0:0:1::1')).toEqual([false, false]);
    expect(trusted('not an address')).toEqual([false, false]);
    expect(trusted(undefined)).toEqual([false, false]);
  });
});
