import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import sharp from 'sharp';
import { ServiceError } from '../errors.js';
import { detectMediaType } from './media-type.js';

const blank = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });

const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

// A one-entry zip archive: local file header + deflated data, enough for signature sniffing.
function tinyZip(): Buffer {
  const data = deflateRawSync(Buffer.from('hello'));
  const name = Buffer.from('a.txt');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(5, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

async function assertUnsupported(bytes: Uint8Array, label: string): Promise<void> {
  await assert.rejects(detectMediaType(bytes), (err: unknown) => {
    assert.ok(err instanceof ServiceError, `${label}: expected a ServiceError, got ${String(err)}`);
    assert.equal(err.code, 'unsupported_media_type', label);
    assert.equal(err.status, 415);
    return true;
  });
}

describe('detectMediaType', () => {
  test('images are recognised from their bytes', async () => {
    const cases = [
      ['image/png', await blank().png().toBuffer()],
      ['image/jpeg', await blank().jpeg().toBuffer()],
      ['image/webp', await blank().webp().toBuffer()],
      ['image/gif', await blank().gif().toBuffer()],
      ['image/tiff', await blank().tiff().toBuffer()],
      ['image/avif', await blank().avif().toBuffer()],
    ] as const;
    for (const [expected, bytes] of cases) {
      assert.equal(await detectMediaType(bytes), expected);
    }
  });

  test('a plain Uint8Array is accepted as well as a Buffer', async () => {
    const png = await blank().png().toBuffer();
    assert.equal(await detectMediaType(new Uint8Array(png)), 'image/png');
  });

  test('a PDF is recognised by its header', async () => {
    assert.equal(await detectMediaType(MINIMAL_PDF), 'application/pdf');
  });

  test('a PDF header after leading junk is still a PDF, as PDF readers accept it', async () => {
    const junk = Buffer.from([0xef, 0xbb, 0xbf, 0x00, 0x0d, 0x0a, 0x20, 0x41]);
    assert.equal(await detectMediaType(Buffer.concat([junk, MINIMAL_PDF])), 'application/pdf');
    assert.equal(await detectMediaType(Buffer.concat([Buffer.alloc(1000, 0x20), MINIMAL_PDF])), 'application/pdf');
  });

  test('a PDF header beyond the first KiB is not looked for', async () => {
    await assertUnsupported(Buffer.concat([Buffer.alloc(1100, 0x20), MINIMAL_PDF]), 'late header');
  });

  test('text, zip archives, empty input and random bytes are unsupported_media_type', async () => {
    await assertUnsupported(Buffer.from('Invoice 2024-001\nTotal: 12.50 EUR\n'), 'text');
    await assertUnsupported(Buffer.from('<html><body>invoice</body></html>'), 'html');
    await assertUnsupported(tinyZip(), 'zip');
    await assertUnsupported(new Uint8Array(0), 'empty');
    await assertUnsupported(Buffer.from('%PD'), 'truncated header');
  });

  test('the error names the detected type when there is one', async () => {
    await assert.rejects(detectMediaType(tinyZip()), /application\/zip/);
  });

  test('property: random bytes without a known signature are unsupported_media_type', async () => {
    // Supported signatures are 3 to 8 fixed bytes at the start, so a random hit is practically impossible.
    const bytes = fc.uint8Array({ minLength: 0, maxLength: 2048 }).map((b) => Buffer.from(b));
    await fc.assert(
      fc.asyncProperty(bytes, async (b) => {
        fc.pre(!b.subarray(0, 1024).toString('latin1').includes('%PDF-'));
        await assertUnsupported(b, 'random');
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('property: bytes that are no document but were sent as a PDF are pdf_unreadable; any other label keeps 415', async () => {
    const junk = fc.oneof(fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)), fc.constant(tinyZip()), fc.string().map((t) => Buffer.from(t)));
    const pdfLabel = fc.constantFrom('application/pdf', 'Application/PDF', 'application/pdf; charset=binary', ' application/pdf ');
    const otherLabel = fc.constantFrom(null, undefined, '', 'image/png', 'application/octet-stream', 'application/pdfx', 'text/plain');
    await fc.assert(
      fc.asyncProperty(junk, pdfLabel, otherLabel, async (b, asPdf, other) => {
        fc.pre(!b.subarray(0, 1024).toString('latin1').includes('%PDF-'));
        await assert.rejects(detectMediaType(b, asPdf), (err: unknown) => err instanceof ServiceError && err.code === 'pdf_unreadable' && err.status === 422);
        await assert.rejects(detectMediaType(b, other), (err: unknown) => err instanceof ServiceError && err.code === 'unsupported_media_type');
      }),
      { seed: 43, numRuns: 200 },
    );
  });

  test('a real image sent as a PDF is still read as the image', async () => {
    assert.equal(await detectMediaType(await blank().png().toBuffer(), 'application/pdf'), 'image/png');
  });
});

test('a polyglot is what its first bytes say: a JPEG carrying a PDF in its first KiB is a JPEG', async () => {
  const jpeg = await blank().jpeg().toBuffer();
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, MINIMAL_PDF.length + 2]), MINIMAL_PDF]);
  assert.equal(await detectMediaType(Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)])), 'image/jpeg');
  assert.equal(await detectMediaType(Buffer.concat([MINIMAL_PDF, tinyZip()])), 'application/pdf');
});
