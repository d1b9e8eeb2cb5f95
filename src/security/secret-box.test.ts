import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { createSecretBox, loadSecretKey } from './secret-box.js';

const box = createSecretBox(randomBytes(32));

// Flips one bit of the decoded bytes of one part. Editing the base64url text instead could hit the
// unused low bits of the last character and leave the bytes, and so the ciphertext, unchanged.
function flipBit(sealed: string, part: number, byte = 0): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  const i = byte % bytes.length;
  bytes[i] = bytes[i]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('createSecretBox', () => {
  test('refuses keys that are not 32 bytes', () => {
    assert.throws(() => createSecretBox(randomBytes(16)));
    assert.throws(() => createSecretBox(Buffer.alloc(0)));
  });

  test('open returns what seal was given, including unicode and the empty string', () => {
    for (const plain of ['whsec_abc123', '', 'Kuupäev õ € 😀 日本語', 'a.b.c', '\u0000']) {
      assert.equal(box.open(box.seal(plain)), plain);
    }
  });

  test('property: round trip for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (plain) => {
        assert.equal(box.open(box.seal(plain)), plain);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('sealing the same text twice gives different output that does not reveal the text', () => {
    const plain = 'callback-signing-secret-0123456789';
    const a = box.seal(plain);
    const b = box.seal(plain);
    assert.notEqual(a, b);
    assert.notEqual(a.split('.')[1], b.split('.')[1], 'each seal uses a fresh IV');
    for (const sealed of [a, b]) {
      assert.ok(!sealed.includes(plain));
      assert.ok(!sealed.includes(Buffer.from(plain).toString('base64url').slice(0, 12)));
      assert.match(sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
    }
  });

  test('a changed IV, tag or ciphertext is detected', () => {
    const sealed = box.seal('the secret');
    for (const part of [1, 2, 3]) {
      for (const byte of [0, 5, 100]) {
        assert.throws(() => box.open(flipBit(sealed, part, byte)), Error, `part ${part}, byte ${byte}`);
      }
    }
  });

  test('an unknown version or missing parts are refused', () => {
    const sealed = box.seal('the secret');
    const [, iv, tag, body] = sealed.split('.');
    for (const bad of [`v2.${iv}.${tag}.${body}`, `${iv}.${tag}.${body}`, `v1.${iv}.${tag}`, `v1..${tag}.${body}`, `v1.${iv}..${body}`, '', 'garbage']) {
      assert.throws(() => box.open(bad), Error, bad);
    }
  });

  test('appended ciphertext is detected', () => {
    const sealed = box.seal('the secret');
    assert.throws(() => box.open(`${sealed}AAAA`));
  });

  test(
    'a truncated authentication tag is refused',
    () => {
      const sealed = box.seal('the secret');
      const parts = sealed.split('.');
      for (const bytes of [12, 8, 4]) {
        const cut = [...parts];
        cut[2] = Buffer.from(parts[2]!, 'base64url').subarray(0, bytes).toString('base64url');
        assert.throws(() => box.open(cut.join('.')), Error, `${bytes}-byte tag`);
      }
    },
  );

  test('another key cannot open the sealed text', () => {
    const sealed = box.seal('the secret');
    assert.throws(() => createSecretBox(randomBytes(32)).open(sealed));
  });
});

describe('loadSecretKey', () => {
  const root = mkdtempSync(join(tmpdir(), 'ledgerlens-secret-box-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  test('creates a private key file of 64 hex characters and returns the same key afterwards', () => {
    const dataDir = join(root, 'created', 'nested');
    const first = loadSecretKey(null, dataDir);
    assert.equal(first.length, 32);

    const path = join(dataDir, 'secret.key');
    assert.match(readFileSync(path, 'utf8'), /^[0-9a-f]{64}\n$/);
    assert.equal(readFileSync(path, 'utf8').trim(), first.toString('hex'));
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);

    assert.deepEqual(loadSecretKey(null, dataDir), first);
    // The key must survive restarts, or every stored callback secret becomes unreadable.
    const sealed = createSecretBox(first).seal('kept');
    assert.equal(createSecretBox(loadSecretKey(null, dataDir)).open(sealed), 'kept');
  });

  test('different data folders get different keys', () => {
    assert.notDeepEqual(loadSecretKey(null, join(root, 'a')), loadSecretKey(null, join(root, 'b')));
  });

  test('a configured hex key is used as is and no file is written', () => {
    const hex = randomBytes(32).toString('hex');
    const dataDir = join(root, 'configured');
    assert.deepEqual(loadSecretKey(hex, dataDir), Buffer.from(hex, 'hex'));
    assert.throws(() => statSync(join(dataDir, 'secret.key')), { code: 'ENOENT' });
  });
});
