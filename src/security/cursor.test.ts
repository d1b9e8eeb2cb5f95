import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { CursorCodec, type CursorScope } from './cursor.js';

const codec = new CursorCodec(Buffer.alloc(32, 1));
const scope: CursorScope = { businessId: 'biz_aaaaaaaaaaaaaaaaaaaa', q: 'acme', filter: 'status=done' };
const position = { createdAt: '2024-05-01T12:00:00.000Z', id: 'doc_bbbbbbbbbbbbbbbbbbbb' };

// Replaces one character with a different one from the base64url alphabet, so the cursor still looks well formed.
function changeCharAt(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('CursorCodec', () => {
  test('decode returns what encode was given', () => {
    assert.deepEqual(codec.decode(codec.encode(position, scope), scope), position);
  });

  test('property: round trip for any position strings and scope', () => {
    fc.assert(
      fc.property(
        fc.record({ createdAt: fc.string({ unit: 'binary' }), id: fc.string({ unit: 'binary' }) }),
        fc.record({ businessId: fc.string(), q: fc.string({ unit: 'binary' }), filter: fc.string() }),
        (pos, sc) => {
          const cursor = codec.encode(pos, sc);
          // Exactly one dot: the cursor has to survive as a single query parameter value.
          assert.match(cursor, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
          assert.deepEqual(codec.decode(cursor, sc), { createdAt: pos.createdAt, id: pos.id });
        },
      ),
      { seed: 42, numRuns: 200 },
    );
  });

  test('a cursor is refused in any other business, search or filter', () => {
    const cursor = codec.encode(position, scope);
    assert.equal(codec.decode(cursor, { ...scope, businessId: 'biz_cccccccccccccccccccc' }), null);
    assert.equal(codec.decode(cursor, { ...scope, q: 'acme2' }), null);
    assert.equal(codec.decode(cursor, { ...scope, q: '' }), null);
    assert.equal(codec.decode(cursor, { ...scope, filter: 'status=failed' }), null);
  });

  test('scope members cannot be shifted into one another', () => {
    // A naive concatenation would make ("ab", "c") and ("a", "bc") the same scope.
    const cursor = codec.encode(position, { businessId: 'biz_1', q: 'ab', filter: 'c' });
    assert.equal(codec.decode(cursor, { businessId: 'biz_1', q: 'a', filter: 'bc' }), null);
  });

  test('changing any character of the body or the mac makes the cursor invalid', () => {
    const cursor = codec.encode(position, scope);
    for (let i = 0; i < cursor.length; i++) {
      if (cursor[i] === '.') continue;
      assert.equal(codec.decode(changeCharAt(cursor, i), scope), null, `changed index ${i}`);
    }
  });

  test('a forged body with the original mac is refused', () => {
    const [, mac] = codec.encode(position, scope).split('.');
    const forged = Buffer.from(JSON.stringify(['1970-01-01T00:00:00.000Z', position.id])).toString('base64url');
    assert.equal(codec.decode(`${forged}.${mac}`, scope), null);
  });

  test('truncated, extended and re-split cursors are refused', () => {
    const cursor = codec.encode(position, scope);
    const [body, mac] = cursor.split('.') as [string, string];
    for (const bad of [body, `${body}.`, `.${mac}`, cursor.slice(0, -1), `${cursor}A`, `${cursor}.`, `${cursor}.x`, `${body}.${mac}.${mac}`]) {
      assert.equal(codec.decode(bad, scope), null, bad);
    }
  });

  test('codecs with different keys do not accept each other’s cursors', () => {
    const a = new CursorCodec(randomBytes(32));
    const b = new CursorCodec(randomBytes(32));
    assert.equal(b.decode(a.encode(position, scope), scope), null);
    assert.equal(a.decode(b.encode(position, scope), scope), null);
  });

  test('property: arbitrary strings are refused without throwing', () => {
    const dotted = fc
      .tuple(fc.base64String(), fc.string({ unit: fc.constantFrom(...'ABCabc012-_'.split('')), minLength: 22, maxLength: 22 }))
      .map(([body, mac]) => `${body}.${mac}`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string(), dotted), (garbage) => {
        assert.equal(codec.decode(garbage, scope), null);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
