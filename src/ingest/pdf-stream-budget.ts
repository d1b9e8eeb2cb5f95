// Decompression bombs in PDF streams: a few hundred KB of deflated zeros can claim gigabytes, and
// pdfjs decodes a stream into one growing typed array, which the worker's heap limit does not cover
// (array buffers live outside the V8 heap). So before pdfjs sees the file, every Flate-compressed
// stream is inflated here, counting bytes and keeping none, and a stream that decodes past the
// budget refuses the file. Chains of Flate filters are followed to their last stage. Streams with
// other filters (LZW, RunLength…) are left to the per-document time limit.
import { constants, createInflate, inflateSync } from 'node:zlib';
import { ServiceError } from '../errors.js';

/** How far before a `stream` keyword its dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;
const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');

/** Refuses the PDF with file_too_large if any Flate stream decodes to more than `maxStreamBytes`. */
export async function checkPdfStreamSizes(bytes: Uint8Array, maxStreamBytes: number): Promise<void> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const { dictionary, data } of flateStreams(pdf)) {
    const decoded = await decodedLength(data, flatePasses(dictionary), maxStreamBytes);
    if (decoded > maxStreamBytes) {
      throw new ServiceError(
        'file_too_large',
        `a compressed stream in the PDF decodes to more than ${maxStreamBytes} bytes, the most one stream may hold (a decompression bomb?)`,
      );
    }
  }
}

function* flateStreams(pdf: Buffer): Generator<{ dictionary: string; data: Buffer }> {
  for (let at = pdf.indexOf(STREAM); at >= 0; at = pdf.indexOf(STREAM, at + STREAM.length)) {
    if (at >= 3 && pdf.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + STREAM.length;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] !== 0x0a) continue; // not the keyword, just the letters
    start++;
    const before = pdf.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
    // The dictionary of this stream starts after the previous object's header.
    const dictionary = before.slice(before.lastIndexOf(' obj') + 1);
    if (!/\/(FlateDecode|Fl)\b/.test(dictionary)) continue;
    const end = pdf.indexOf(ENDSTREAM, start);
    const data = pdf.subarray(start, end < 0 ? pdf.length : end);
    yield { dictionary, data };
    if (end > 0) at = end;
  }
}

/** How many Flate filters the stream's /Filter applies before any other filter. */
function flatePasses(dictionary: string): number {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dictionary)?.[1] ?? '';
  const names = [...filter.matchAll(/\/(\w+)/g)].map((m) => m[1]);
  let passes = 0;
  while (names[passes] === 'FlateDecode' || names[passes] === 'Fl') passes++;
  return passes;
}

/** Decoded length through `passes` inflations, or anything above `limit` once it passes it. */
async function decodedLength(data: Buffer, passes: number, limit: number): Promise<number> {
  let input = data;
  try {
    // Inner passes must be kept to feed the next one; each is capped at the limit. A sync flush
    // tolerates a cut stream, as pdfjs does.
    for (let pass = 1; pass < passes; pass++) input = inflateSync(input, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? limit + 1 : 0;
  }
  return passes > 0 ? countInflated(input, limit) : input.length;
}

/** Streams the last pass, counting and dropping output, and stops as soon as it passes the limit. */
async function countInflated(data: Buffer, limit: number): Promise<number> {
  const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
  inflate.end(data);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) break;
    }
  } catch {
    // Damaged compressed data is pdfjs's to judge; only the size matters here.
  } finally {
    inflate.destroy();
  }
  return total;
}
