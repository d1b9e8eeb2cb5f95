import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ServiceError } from '../../errors.js';
import type { ErrorCode } from '../../schemas/error.schema.js';
import { decodeBase64 } from './base64.js';

const LIMIT = 1 << 20;

function failsWith(code: ErrorCode) {
  return (err: unknown) => {
    assert.ok(err instanceof ServiceError, `expected a ServiceError, got ${String(err)}`);
    assert.equal(err.code, code);
    return true;
  };
}

const toUrlSafe = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const wrap76 = (b64: string) => b64.match(/.{1,76}/g)!.join('\r\n');

describe('decodeBase64', () => {
  test('every accepted spelling of the same bytes decodes to those bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), (raw) => {
        const bytes = Buffer.from(raw);
        const standard = bytes.toString('base64');
        for (const spelling of [standard, toUrlSafe(standard), wrap76(standard), `data:application/pdf;base64,${standard}`]) {
          assert.deepEqual(decodeBase64('file', spelling, LIMIT), bytes, spelling);
        }
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('the size check is exact: a limit equal to the decoded length passes, one byte less is file_too_large', () => {
    // The limit is enforced from the text length alone, so an off-by-one there would either refuse
    // valid uploads or let oversized ones through; check both sides for padded and unpadded text.
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.boolean(), (raw, urlSafe) => {
        const standard = Buffer.from(raw).toString('base64');
        const text = urlSafe ? toUrlSafe(standard) : standard;
        assert.equal(decodeBase64('file', text, raw.length).length, raw.length);
        assert.throws(() => decodeBase64('file', text, raw.length - 1), failsWith('file_too_large'));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('a value larger than the limit is file_too_large with status 413', () => {
    const text = Buffer.alloc(3000, 7).toString('base64');
    assert.throws(() => decodeBase64('file', text, 1024), (err: unknown) => {
      failsWith('file_too_large')(err);
      assert.equal((err as ServiceError).status, 413);
      assert.match((err as ServiceError).message, /\bfile\b.*3000.*1024/);
      return true;
    });
  });

  test('unpadded standard base64 and data URLs with parameters are accepted', () => {
    assert.deepEqual(decodeBase64('file', 'QQ', LIMIT), Buffer.from('A'));
    assert.deepEqual(decodeBase64('file', 'QUI', LIMIT), Buffer.from('AB'));
    assert.deepEqual(decodeBase64('file', 'data:application/pdf;name=inv.pdf;base64,QUJD', LIMIT), Buffer.from('ABC'));
    assert.deepEqual(decodeBase64('file', 'DATA:image/png;BASE64,QUJD', LIMIT), Buffer.from('ABC'));
  });

  test('characters outside both alphabets are refused rather than skipped', () => {
    for (const value of ['QUJ$', 'QU!D', 'QUJD.', 'QUJDé', 'QU%3D', 'Q=JD', 'QQ==QQ==', 'QUJD===']) {
      assert.throws(() => decodeBase64('file', value, LIMIT), failsWith('invalid_request'), value);
    }
  });

  test('a data URL that is not base64 is refused', () => {
    assert.throws(() => decodeBase64('file', 'data:text/plain,hello', LIMIT), failsWith('invalid_request'));
  });

  test('a length of 1 mod 4 cannot be base64 and is refused', () => {
    for (const value of ['A', 'QUJDE', 'QUJDQUJDQ', '=']) {
      assert.throws(() => decodeBase64('file', value, LIMIT), failsWith('invalid_request'), value);
    }
  });

  test('an empty value, whitespace, padding only or a bare data URL prefix is refused', () => {
    for (const value of ['', ' \r\n\t', '==', 'data:application/pdf;base64,']) {
      assert.throws(() => decodeBase64('file', value, LIMIT), failsWith('invalid_request'), JSON.stringify(value));
    }
  });

  test('the error message names the field the client sent', () => {
    assert.throws(() => decodeBase64('pages[2].content', 'QUJ$', LIMIT), /pages\[2\]\.content/);
  });

  test('arbitrary text either decodes or fails with invalid_request or file_too_large, never anything else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.nat(300), (value, max) => {
        try {
          const bytes = decodeBase64('file', value, max);
          assert.ok(bytes.length > 0 && bytes.length <= max);
        } catch (err) {
          assert.ok(err instanceof ServiceError, String(err));
          assert.ok(err.code === 'invalid_request' || err.code === 'file_too_large', err.code);
        }
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
