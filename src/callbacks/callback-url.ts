// Callback URLs must reach a public HTTPS endpoint: the service would otherwise be a way to make
// requests into its own network (SSRF). Checked when the callback is configured; the delivery
// worker checks the resolved address again before every request.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { invalidRequest } from '../errors.js';

export interface UrlPolicy {
  /** LEDGERLENS_CALLBACK_ALLOW_PRIVATE: http and private addresses, for local development and tests. */
  allowPrivate: boolean;
  /** The resolver; node:dns unless a test supplies the answers. */
  resolveHost?: (host: string) => Promise<{ address: string }[]>;
}

const BLOCKED_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa'];

/** True when an address is one the public internet cannot reach, or a cloud metadata address. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:a.b.c.d and the obsolete ::a.b.c.d both carry an IPv4 address; judge that one.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return true;
  }
  return parsed.range() !== 'unicast';
}

export async function checkCallbackUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidRequest('url is not a valid absolute URL');
  }
  if (url.username || url.password) throw invalidRequest('url must not contain credentials');
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) {
    throw invalidRequest('url must use https');
  }
  if (policy.allowPrivate) return url;
  // "printer.local." is the same host as "printer.local": drop the root dot before judging the name.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || BLOCKED_SUFFIXES.some((suffix) => host.endsWith(suffix)) || !host.includes('.') && !ipaddr.isValid(host)) {
    throw invalidRequest('url must point to a public host');
  }
  if (ipaddr.isValid(host)) {
    if (isPrivateAddress(host)) throw invalidRequest('url must not point to a private, loopback, link-local or metadata address');
    return url;
  }
  const addresses = await (policy.resolveHost ?? ((name: string) => lookup(name, { all: true })))(host).catch(() => []);
  // A name that does not resolve now may later; the delivery worker checks again before sending.
  if (addresses.some((a) => isPrivateAddress(a.address))) {
    throw invalidRequest('url resolves to a private, loopback, link-local or metadata address');
  }
  return url;
}
