// The signature every delivery carries: HMAC-SHA256 keyed with the business's signing secret over
// "<timestamp>.<raw body>", sent as X-Service-Signature: v1=<64 lowercase hex>. Shared by the sender
// and by verifyCallback, so both sides compute it the same way.
import { createHmac } from 'node:crypto';

export const TIMESTAMP_HEADER = 'X-Service-Timestamp';
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';

/** The hex digest without the version prefix. */
export function signatureDigest(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signatureHeaderValue(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return `v1=${signatureDigest(secret, timestamp, rawBody)}`;
}
