import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signatureHeaderValue } from './signature.js';
import { CallbackVerificationError, verifyCallback } from './verify-callback.js';

const SECRET = 'whsec_test-secret';
const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z
const BODY = JSON.stringify({ id: 'evt_1', type: 'document.processed', data: { total: 12.5, name: 'Põhjala OÜ' } });

const signed = (body = BODY, timestamp = String(NOW), secret = SECRET) => ({
  'x-service-timestamp': timestamp,
  'x-service-signature': signatureHeaderValue(secret, timestamp, body),
});

const rejects = (reason: string, run: () => unknown) =>
  assert.throws(run, (error: unknown) => error instanceof CallbackVerificationError && error.reason === reason);

test('an authentic, fresh request verifies and yields the parsed event', () => {
  const event = verifyCallback(SECRET, signed(), BODY, { nowSeconds: NOW });
  assert.equal(event.id, 'evt_1');
  // The same with a raw Buffer body, fetch Headers and headers in their sent case.
  const headers = new Headers({ 'X-Service-Timestamp': String(NOW), 'X-Service-Signature': signed()['x-service-signature'] });
  assert.equal(verifyCallback(SECRET, headers, Buffer.from(BODY), { nowSeconds: NOW }).id, 'evt_1');
});

test('the signature is HMAC-SHA256 over "timestamp.body" in lowercase hex, as the spec writes it', () => {
  // Computed independently: printf '1767225600.{}' | openssl dgst -sha256 -hmac k
  assert.equal(signatureHeaderValue('k', '1767225600', '{}'), 'v1=fed6131b41a6ecb5f059cee4c80c7df319ff6fa75d64b59110157107b6b6fbed');
});

test('a tampered body, a wrong secret or a re-signed timestamp fail the signature', () => {
  rejects('bad_signature', () => verifyCallback(SECRET, signed(), BODY.replace('12.5', '125'), { nowSeconds: NOW }));
  rejects('bad_signature', () => verifyCallback('whsec_other', signed(), BODY, { nowSeconds: NOW }));
  // The signature of one timestamp does not cover another.
  const headers = { ...signed(), 'x-service-timestamp': String(NOW + 1) };
  rejects('bad_signature', () => verifyCallback(SECRET, headers, BODY, { nowSeconds: NOW }));
});

test('timestamps more than the tolerance away, past or future, are refused; the edge is accepted', () => {
  rejects('stale_timestamp', () => verifyCallback(SECRET, signed(BODY, String(NOW - 301)), BODY, { nowSeconds: NOW }));
  rejects('stale_timestamp', () => verifyCallback(SECRET, signed(BODY, String(NOW + 301)), BODY, { nowSeconds: NOW }));
  assert.equal(verifyCallback(SECRET, signed(BODY, String(NOW - 300)), BODY, { nowSeconds: NOW }).id, 'evt_1');
  rejects('stale_timestamp', () => verifyCallback(SECRET, signed(BODY, String(NOW - 31)), BODY, { nowSeconds: NOW, toleranceSeconds: 30 }));
});

test('malformed or missing headers are refused before any HMAC is computed', () => {
  const good = signed();
  for (const headers of [
    {},
    { 'x-service-signature': good['x-service-signature'] },
    { ...good, 'x-service-timestamp': '17672256OO' },
    { ...good, 'x-service-timestamp': '-1767225600' },
    { ...good, 'x-service-signature': good['x-service-signature'].toUpperCase() },
    { ...good, 'x-service-signature': good['x-service-signature'].slice(3) },
    { ...good, 'x-service-signature': `v0=${good['x-service-signature'].slice(3)}` },
    { ...good, 'x-service-signature': `${good['x-service-signature']}00` },
    { ...good, 'x-service-signature': [good['x-service-signature'], good['x-service-signature']] },
  ]) {
    rejects('malformed_headers', () => verifyCallback(SECRET, headers, BODY, { nowSeconds: NOW }));
  }
});

test('a correctly signed body that is not JSON is reported as such', () => {
  rejects('malformed_body', () => verifyCallback(SECRET, signed('not json'), 'not json', { nowSeconds: NOW }));
});
