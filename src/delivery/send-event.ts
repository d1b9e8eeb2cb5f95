// One HTTP POST of a signed event. The address is checked where the connection is made: the DNS
// answer the socket actually uses must be a public address, so a name that resolves (or re-resolves)
// to 10.0.0.1 or 169.254.169.254 is refused at delivery time as well as at configuration time.
// Redirects are never followed (a 3xx is a failed attempt), and the whole exchange has a deadline.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPrivateAddress } from '../callbacks/callback-url.js';

export interface SendOptions {
  timeoutMs: number;
  /** LEDGERLENS_CALLBACK_ALLOW_PRIVATE: http and private addresses (local development and tests). */
  allowPrivate: boolean;
  /** The resolver the socket uses; node:dns unless a test supplies the answers. */
  lookup?: typeof dnsLookup;
}

export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** A receiver's answer is read only this far: enough for nothing, since only the status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function sendEvent(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, status: null, error: 'the callback url is not a valid URL' });
      return;
    }
    const secure = target.protocol === 'https:';
    if (!secure && !(options.allowPrivate && target.protocol === 'http:')) {
      resolve({ ok: false, status: null, error: 'the callback url must use https' });
      return;
    }
    const literal = target.hostname.replace(/^\[|\]$/gu, '');
    if (!options.allowPrivate && ipaddr.isValid(literal) && isPrivateAddress(literal)) {
      resolve({ ok: false, status: null, error: `refused: ${literal} is a private, loopback, link-local or metadata address` });
      return;
    }
    const request = (secure ? https : http).request(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: options.allowPrivate ? undefined : publicOnlyLookup(options.lookup ?? dnsLookup),
      // A fresh connection per delivery: a pooled socket would skip the address check.
      agent: false,
    });
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(result);
    };
    const deadline = setTimeout(() => finish({ ok: false, status: null, error: `no answer within ${options.timeoutMs / 1000} s` }), options.timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) response.destroy();
      });
      const done = () => {
        if (status >= 200 && status < 300) finish({ ok: true, status });
        else if (status >= 300 && status < 400) finish({ ok: false, status, error: `redirect (HTTP ${status}) not followed` });
        else finish({ ok: false, status, error: `HTTP ${status}` });
      };
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, status: null, error: describeNetworkError(error) }));
    request.end(body);
  });
}

const publicOnlyLookup = (resolve: typeof dnsLookup): LookupFunction => (hostname, options, callback) => {
  resolve(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused || addresses.length === 0) {
      const reason = new Error(`refused: ${hostname} resolves to ${refused?.address ?? 'no address'}, a private, loopback, link-local or metadata address`);
      return callback(Object.assign(reason, { code: 'EPRIVATEADDRESS' }), '', 4);
    }
    if ((options as LookupOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
};

function describeNetworkError(error: NodeJS.ErrnoException): string {
  if (error.code === 'EPRIVATEADDRESS') return error.message;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'DNS lookup failed',
    ETIMEDOUT: 'connection timed out',
    CERT_HAS_EXPIRED: 'TLS certificate expired',
  };
  const text = (error.code && known[error.code]) ?? 'network error';
  return error.code ? `${text} (${error.code})` : `${text}: ${error.message}`;
}
