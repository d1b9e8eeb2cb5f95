// For receivers: the spec's verification steps in one call. Checks the header formats, the
// timestamp's age (replays), and the HMAC in constant time over the raw body, then parses the event.
// Persisting and deduplicating by event id (step 4) is the receiver's own work.
import { timingSafeEqual } from 'node:crypto';
import type { CallbackEvent } from '../schemas/callback.schema.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signatureDigest } from './signature.js';

export const DEFAULT_TOLERANCE_SECONDS = 300;

export type CallbackVerificationFailure = 'malformed_headers' | 'stale_timestamp' | 'bad_signature' | 'malformed_body';

export class CallbackVerificationError extends Error {
  constructor(
    readonly reason: CallbackVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CallbackVerificationError';
  }
}

export interface VerifyOptions {
  /** Largest accepted difference between now and the signed timestamp; default 300 s. */
  toleranceSeconds?: number;
  /** The current time in seconds since the epoch; default the system clock. */
  nowSeconds?: number;
}

/** Headers as Node's IncomingMessage, a fetch Headers object, or a plain object with any key case. */
export type CallbackHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Returns the event when the request is authentic and fresh; throws CallbackVerificationError
 * otherwise. `rawBody` must be the bytes as received, before any JSON parsing.
 */
export function verifyCallback(secret: string, headers: CallbackHeaders, rawBody: string | Buffer, options: VerifyOptions = {}): CallbackEvent {
  const timestamp = header(headers, TIMESTAMP_HEADER);
  const signature = header(headers, SIGNATURE_HEADER);
  if (!timestamp || !/^\d{1,15}$/u.test(timestamp) || !signature || !/^v1=[0-9a-f]{64}$/u.test(signature)) {
    throw new CallbackVerificationError('malformed_headers', `${TIMESTAMP_HEADER} must be digits and ${SIGNATURE_HEADER} "v1=" and 64 lowercase hex characters`);
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new CallbackVerificationError('stale_timestamp', `the signed timestamp is more than ${tolerance} s away from now`);
  }
  const expected = Buffer.from(signatureDigest(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature.slice(3), 'hex');
  if (!timingSafeEqual(expected, given)) throw new CallbackVerificationError('bad_signature', 'the signature does not match the body');
  try {
    return JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody) as CallbackEvent;
  } catch {
    throw new CallbackVerificationError('malformed_body', 'the signed body is not JSON');
  }
}

function header(headers: CallbackHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
  // A repeated header is ambiguous: refuse it rather than pick one.
  return Array.isArray(entry) ? (entry.length === 1 ? entry[0] : undefined) : entry;
}
