import { SUB_ID_PARAMS, type AffiliateNetwork } from '../contract/revenue';

// Issue 31: a click-out's id rides on the tracking link as the network's own sub-ID parameter, which the network's
// transaction report gives back. Pure and property-tested (tests/property/revenue/sub-id.test.ts): the rewrite never
// changes the scheme, host, path or fragment, keeps every other parameter byte for byte and in order, and the id read
// back is the id written.

/** Host names (and their subdomains) of each network's tracking links. */
const NETWORK_HOSTS: Readonly<Record<AffiliateNetwork, readonly string[]>> = {
  awin: ['awin1.com', 'zenaps.com'],
  // CJ's click domains (its "link domains"): any of them may carry a publisher's links.
  cj: [
    'anrdoezrs.net',
    'dpbolvw.net',
    'jdoqocy.com',
    'kqzyfj.com',
    'tkqlhce.com',
    'qksrv.net',
    'emjcd.com',
    'ftjcfx.com',
    'lduhtrp.net',
    'tqlkg.com',
    'awltovhc.com',
    'yceml.net',
    'apmebf.com',
    'afcyhf.com',
  ],
  // Impact's shared tracking domains (brands' own vanity domains need the store's setting).
  impact: ['sjv.io', 'pxf.io', '7eer.net', 'evyy.net', 'ojrq.net', 'igs4ds.net', 'r7hr.net', 'impact.com'],
  rakuten: ['linksynergy.com'],
  tradedoubler: ['tradedoubler.com'],
  admitad: ['admitad.com', 'ad.admitad.com', 'alitems.site', 'lenkmio.com'],
};

/**
 * The parameters that carry the merchant's page a deep link lands on. Networks read them as "the rest of the link" (Awin
 * and Tradedoubler ask for them last), so the sub-ID goes before the first of them rather than after.
 */
const DESTINATION_PARAMS: Readonly<Record<AffiliateNetwork, readonly string[]>> = {
  awin: ['ued', 'p'],
  cj: ['url'],
  impact: ['u'],
  rakuten: ['murl'],
  tradedoubler: ['url'],
  admitad: ['ulp'],
};

const NETWORKS = Object.keys(NETWORK_HOSTS) as AffiliateNetwork[];

const isHostOf = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The network whose tracking host a link is on, or null (not a link of a network Dealdeck knows, or not a URL). */
export function networkOfLink(link: string): AffiliateNetwork | null {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return null;
  }
  return NETWORKS.find((n) => NETWORK_HOSTS[n].some((d) => isHostOf(host, d))) ?? null;
}

/** Where a click's sub-ID goes on a link: its network's parameter, else the store's own one, else nowhere. */
export interface SubIdPlace {
  param: string;
  network: AffiliateNetwork | null;
}

export function subIdPlace(link: string, storeParam: string | null): SubIdPlace | null {
  const network = networkOfLink(link);
  if (network) return { param: SUB_ID_PARAMS[network], network };
  return storeParam ? { param: storeParam, network: null } : null;
}

/** The query's parts split around the first '?' and the first '#' after it. */
function splitLink(link: string): { base: string; query: string | null; hash: string } {
  const hashAt = link.indexOf('#');
  const beforeHash = hashAt === -1 ? link : link.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : link.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return { base: beforeHash, query: null, hash };
  return { base: beforeHash.slice(0, queryAt), query: beforeHash.slice(queryAt + 1), hash };
}

function keyOf(part: string): string {
  const eq = part.indexOf('=');
  const raw = eq === -1 ? part : part.slice(0, eq);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

const isWebUrl = (link: string): boolean => {
  try {
    const { protocol } = new URL(link);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * `link` with `param=subId` in its query: an earlier value of `param` is replaced, every other part of the query is
 * kept as written and in order, and the pair goes before the network's destination parameter when the link has one.
 * A link that is not an absolute http(s) URL is answered unchanged.
 */
export function withSubId(link: string, param: string, subId: string, network: AffiliateNetwork | null = null): string {
  if (!isWebUrl(link)) return link;
  const { base, query, hash } = splitLink(link);
  const parts = query === null || query === '' ? [] : query.split('&');
  const kept = parts.filter((part) => keyOf(part) !== param);
  const pair = `${encodeURIComponent(param)}=${encodeURIComponent(subId)}`;
  const destinations = network ? DESTINATION_PARAMS[network] : [];
  const at = kept.findIndex((part) => destinations.includes(keyOf(part)));
  if (at === -1) kept.push(pair);
  else kept.splice(at, 0, pair);
  return `${base}?${kept.join('&')}${hash}`;
}

/** The link tagged with the click's id where its network (or the store) reads it; unchanged when nowhere. */
export function tagClickOut(link: string, clickId: string, storeParam: string | null): string {
  const place = subIdPlace(link, storeParam);
  return place ? withSubId(link, place.param, clickId, place.network) : link;
}

/** The sub-ID a tagged link carries in `param` (the first one), or null. */
export function readSubId(link: string, param: string): string | null {
  const { query } = splitLink(link);
  if (!query) return null;
  const part = query.split('&').find((p) => keyOf(p) === param);
  if (part === undefined) return null;
  const eq = part.indexOf('=');
  try {
    return eq === -1 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
