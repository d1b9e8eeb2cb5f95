import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { hashSecret, issueKey, parseKey, secretMatches } from './api-key.js';

const FORMAT = /^llk_key_[0-9a-z]{20}_[0-9a-z]{32}$/;
const tokenChar = fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'.split(''));
const token = (n: number) => fc.string({ unit: tokenChar, minLength: n, maxLength: n });

describe('issueKey', () => {
  test('issues llk_<key id>_<secret> that parseKey splits back into its id and secret', () => {
    const issued = issueKey();
    assert.match(issued.secret, FORMAT);
    assert.match(issued.id, /^key_[0-9a-z]{20}$/);
    const parsed = parseKey(issued.secret);
    assert.ok(parsed);
    assert.equal(parsed.id, issued.id);
    assert.equal(issued.secret, `llk_${parsed.id}_${parsed.secretPart}`);
    assert.ok(secretMatches(parsed.secretPart, issued.secretHash));
  });

  test('each key is different', () => {
    const keys = Array.from({ length: 50 }, () => issueKey());
    assert.equal(new Set(keys.map((k) => k.id)).size, keys.length);
    assert.equal(new Set(keys.map((k) => k.secret)).size, keys.length);
  });

  test('the stored hash is a SHA-256 hex digest that does not contain the secret', () => {
    const issued = issueKey();
    const { secretPart } = parseKey(issued.secret)!;
    assert.match(issued.secretHash, /^[0-9a-f]{64}$/);
    assert.ok(!issued.secretHash.includes(secretPart));
    assert.notEqual(issued.secretHash, hashSecret(issued.secret), 'only the secret part is hashed');
    assert.equal(issued.secretHash, hashSecret(secretPart));
  });
});

describe('secretMatches', () => {
  test('property: only the issued secret matches its hash', () => {
    const issued = issueKey();
    const { secretPart } = parseKey(issued.secret)!;
    fc.assert(
      fc.property(fc.oneof(token(32), fc.string({ unit: 'binary' })), (other) => {
        fc.pre(other !== secretPart);
        assert.equal(secretMatches(other, issued.secretHash), false);
      }),
      { seed: 42, numRuns: 200 },
    );
    assert.equal(secretMatches(secretPart, issued.secretHash), true);
  });

  test('a secret differing in one character does not match', () => {
    const issued = issueKey();
    const { secretPart } = parseKey(issued.secret)!;
    for (let i = 0; i < secretPart.length; i++) {
      const other = secretPart.slice(0, i) + (secretPart[i] === '0' ? '1' : '0') + secretPart.slice(i + 1);
      assert.equal(secretMatches(other, issued.secretHash), false, `index ${i}`);
    }
  });

  test('a corrupt or empty stored hash never matches', () => {
    const issued = issueKey();
    const { secretPart } = parseKey(issued.secret)!;
    for (const stored of ['', 'not hex', issued.secretHash.slice(0, 62), `${issued.secretHash}00`]) {
      assert.equal(secretMatches(secretPart, stored), false, stored);
    }
  });
});

describe('parseKey', () => {
  test('malformed keys are refused', () => {
    const good = issueKey().secret;
    const bad = [
      '',
      'llk_',
      good.toUpperCase(),
      good.replace('llk_', 'LLK_'),
      good.replace('llk_', 'llx_'),
      good.replace('_key_', '_kex_'),
      `${good}\n`,
      ` ${good}`,
      `${good} `,
      `${good}a`,
      good.slice(0, -1),
      `${good}_extra`,
      `Bearer ${good}`,
      good.replace(/_([0-9a-z]{32})$/, '-$1'),
    ];
    for (const value of bad) assert.equal(parseKey(value), null, JSON.stringify(value));
  });

  test('property: any string parseKey accepts is exactly llk_<id>_<secret> in the issued format', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string(), token(60).map((t) => `llk_key_${t}`)), (value) => {
        const parsed = parseKey(value);
        if (parsed === null) return;
        assert.match(value, FORMAT);
        assert.equal(value, `llk_${parsed.id}_${parsed.secretPart}`);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('property: well-formed keys parse; inserting or deleting one character breaks them', () => {
    fc.assert(
      fc.property(token(20), token(32), fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (id, secret, at, extra) => {
        const key = `llk_key_${id}_${secret}`;
        assert.deepEqual(parseKey(key), { id: `key_${id}`, secretPart: secret });
        const i = at % key.length;
        assert.equal(parseKey(key.slice(0, i) + key.slice(i + 1)), null);
        assert.equal(parseKey(key.slice(0, i) + extra + key.slice(i)), null);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
