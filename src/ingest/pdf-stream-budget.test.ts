import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateSync } from 'node:zlib';
import { rawPdf, stream } from '../../tests/helpers/hostile-files.js';
import { ServiceError } from '../errors.js';
import { checkPdfStreamSizes } from './pdf-stream-budget.js';

const LIMIT = 1_000_000;
const zeros = (n: number) => deflateSync(Buffer.alloc(n));
const pdfWith = (data: Buffer, dict: string) => rawPdf(['<< /Type /Catalog >>', stream(data, dict)]);
const refused = (error: unknown) => error instanceof ServiceError && error.code === 'file_too_large';

test('a Flate stream up to the limit passes; one byte more is file_too_large', async () => {
  await checkPdfStreamSizes(pdfWith(zeros(LIMIT), '/Filter /FlateDecode'), LIMIT);
  await assert.rejects(checkPdfStreamSizes(pdfWith(zeros(LIMIT + 1), '/Filter /FlateDecode'), LIMIT), refused);
});

test('chained Flate filters are followed to the last stage, the abbreviated name too', async () => {
  const twice = deflateSync(zeros(LIMIT * 4));
  await assert.rejects(checkPdfStreamSizes(pdfWith(twice, '/Filter [/FlateDecode /Fl]'), LIMIT), refused);
  // Read as one pass only, the outer layer is small.
  await checkPdfStreamSizes(pdfWith(twice, '/Filter [/FlateDecode /LZWDecode]'), LIMIT);
});

test('streams without Flate, damaged compressed data and a cut file are left to pdfjs', async () => {
  await checkPdfStreamSizes(pdfWith(Buffer.alloc(LIMIT * 2), ''), LIMIT);
  await checkPdfStreamSizes(pdfWith(Buffer.from('not deflate at all'), '/Filter /FlateDecode'), LIMIT);
  const cut = pdfWith(zeros(LIMIT * 2), '/Filter /FlateDecode');
  await assert.rejects(checkPdfStreamSizes(cut.subarray(0, cut.length / 2), LIMIT), refused);
});
