import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inboundAddress, inboundToken, normaliseAddress } from './addresses.js';

test('addresses are compared trimmed and lower-cased; anything else than one mailbox is refused', () => {
  assert.equal(normaliseAddress('  Invoices@Vendor.EXAMPLE '), 'invoices@vendor.example');
  for (const bad of ['', 'vendor.example', '@vendor.example', 'invoices@', 'a b@vendor.example', '<x@y.example>', null, undefined, `${'a'.repeat(250)}@b.ee`]) {
    assert.equal(normaliseAddress(bad), null, String(bad));
  }
});

test('an inbound address gives back its token on our domain only', () => {
  const address = inboundAddress('k3v9x2', 'in.example.com');
  assert.equal(address, 'k3v9x2@in.example.com');
  assert.equal(inboundToken(address.toUpperCase(), 'in.example.com'), 'k3v9x2');
  assert.equal(inboundToken('k3v9x2@other.example', 'in.example.com'), null);
  assert.equal(inboundToken('k3v9x2+tag@in.example.com', 'in.example.com'), null);
  assert.equal(inboundToken('../x@in.example.com', 'in.example.com'), null);
});
