import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (issue 34): never to this machine, a private network, a link-local
 * address (the cloud's metadata service at 169.254.169.254), CGNAT, multicast or an unspecified
 * address, unless WEBHOOK_ALLOW_PRIVATE. Checked when an endpoint is registered and again at
 * every delivery, on the address the connection then uses, so a name that resolves elsewhere
 * later (DNS rebinding) cannot reach one.
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // CGNAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64, which can carry any IPv4 address
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}

const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether an IP address is one a webhook must not reach (an IPv4-mapped IPv6 by its IPv4). */
export const isRefusedAddress = (address: string): boolean => {
  const mapped = mappedV4.exec(address)?.[1];
  if (mapped) return refused.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export type TargetCheck = { ok: true } | { ok: false; reason: string };

/** `[::1]` as a URL's hostname is `::1` as an address. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Whether a URL may receive webhooks: https (http too when private targets are allowed), and
 * every address its host resolves to public. A host that does not resolve is refused too.
 */
export const checkTarget = async (url: string, allowPrivate: boolean): Promise<TargetCheck> => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  const allowedProtocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(parsed.protocol)) return { ok: false, reason: 'not https' };
  if (allowPrivate) return { ok: true };
  const host = bareHost(parsed.hostname);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await dnsLookup(host, { all: true })).map((a) => a.address);
  } catch {
    return { ok: false, reason: `${host} does not resolve` };
  }
  const bad = addresses.find(isRefusedAddress);
  if (bad || addresses.length === 0)
    return { ok: false, reason: `${host} resolves to a private address` };
  return { ok: true };
};

/**
 * A `lookup` for node:http that resolves the name once and hands the connection only addresses
 * it checked: the socket connects to exactly what was checked. Any refused address refuses the
 * whole name (a name mixing public and private addresses is no honest webhook target).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }).then(
    (addresses) => {
      const bad = addresses.find((a) => isRefusedAddress(a.address));
      if (bad || addresses.length === 0) {
        const error = Object.assign(
          new Error(`${hostname} resolves to a refused address (${bad?.address ?? 'none'})`),
          { code: 'EREFUSEDTARGET' },
        );
        callback(error, '', 0);
        return;
      }
      if (options.all) {
        (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        return;
      }
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 0),
  );
};

/** Whether a URL's host is an IP literal the lookup never sees, and a refused one. */
export const isRefusedLiteral = (url: URL): boolean => {
  const host = bareHost(url.hostname);
  return isIP(host) !== 0 && isRefusedAddress(host);
};
