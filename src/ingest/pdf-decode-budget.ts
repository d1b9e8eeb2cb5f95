// Decompression bombs in PDFs: a few hundred KB of Flate, LZW or RunLength data can claim gigabytes.
// Guessing from the file's bytes where its streams are and what filters they use cannot be made
// complete (keyword spellings, indirect /Filter, long dictionaries, chained filters), so the bytes
// are counted where pdfjs produces them, as it produces them, against two limits: a budget for the
// whole document (all streams, every time one is decoded: the work), and a limit for any one stream
// relative to the file's size (what is held at once: a bomb is one stream that keeps growing, and
// with only the document's 512 MiB budget each bomb took the process 410–540 MB up before its 413).
//
// - DecodeStream.ensureBuffer: every filter pdfjs decodes itself (Flate, LZW, RunLength, ASCII85,
//   ASCIIHex, predictors, CCITT, decryption, content-stream arrays, image data) grows its output there;
// - DecompressionStream: Flate and Brotli content streams, fonts and CMaps go first through the
//   platform's native inflater, in chunks.
//
// Both live outside the V8 heap, so a worker thread's heap limit never sees them. Past the budget
// every further byte throws: pdfjs stops decoding (it may swallow the error and carry on with what
// it has; the document is refused all the same when its work ends).
//
// DecodeStream is not exported by pdfjs. Its prototype is found when pdfjs first constructs one: the
// constructor's first assignment (`this._rawMinBufferLength = …`) meets a setter put for a moment on
// Object.prototype. Counting that could not be installed fails the first budgeted document rather
// than letting it run unbounded (a pdfjs upgrade that renames the field shows up in the tests).
import { ServiceError } from '../errors.js';
import type { IngestLimits } from './limits.js';

/** What one document may decode: all its streams together, and any one of them. */
interface DecodeLimits {
  document: number;
  stream: number;
}

/**
 * A stream may decode to twice the file's size when that is more than the configured limit for
 * one stream: a larger file may carry a larger image. (RunLength cannot expand more than 64 times,
 * so its bombs are large files, 16 MB for 1 GiB; twice the file bounds those too.)
 */
const STREAM_BYTES_PER_FILE_BYTE = 2;

function decodeLimits(limits: Pick<IngestLimits, 'maxDecodedBytes' | 'maxDecodedStreamBytes'>, fileBytes: number): DecodeLimits {
  const stream = Math.max(limits.maxDecodedStreamBytes, STREAM_BYTES_PER_FILE_BYTE * fileBytes);
  return { document: limits.maxDecodedBytes, stream: Math.min(limits.maxDecodedBytes, stream) };
}

interface Budget {
  limits: DecodeLimits;
  used: number;
  /** Set once a limit is passed: every byte after it is refused, and so is the document. */
  refusal: ServiceError | null;
}

interface DecodeStreamLike {
  buffer: Uint8Array;
  minBufferLength: number;
}

type EnsureBuffer = (this: DecodeStreamLike, requested: number) => Uint8Array;

/** Set by DecodeStream's constructor before anything else; the hook to find its prototype. */
const FIRST_FIELD = '_rawMinBufferLength';

/** The document being read on this thread; a thread reads one document at a time. */
let current: Budget | null = null;
let installed = false;
let decodeStreamCounted = false;

class DecodeBudgetExceeded extends Error {
  constructor() {
    super('the decoded PDF data is over its budget');
  }
}

/**
 * Runs `work` (everything pdfjs does for one document of `fileBytes`) with at most `maxDecodedBytes`
 * allocated for decoded data, counted over all of the document's streams and every time one is
 * decoded, and at most `maxDecodedStreamBytes` (or twice the file's size) for any one stream. Past
 * either: 413 file_too_large, whatever `work` made of it.
 */
export async function withDecodeBudget<T>(limits: Pick<IngestLimits, 'maxDecodedBytes' | 'maxDecodedStreamBytes'>, fileBytes: number, work: () => Promise<T>): Promise<T> {
  installCounting();
  if (current) throw new Error('withDecodeBudget: one document at a time per thread');
  const budget: Budget = { limits: decodeLimits(limits, fileBytes), used: 0, refusal: null };
  current = budget;
  try {
    const result = await work();
    if (budget.refusal) throw budget.refusal;
    return result;
  } catch (error) {
    throw budget.refusal ?? error;
  } finally {
    current = null;
  }
}

/**
 * Refuses the document at once when a limit was passed. pdfjs may have swallowed the error and
 * carried on; checked between pages, so a page whose content was cut off is not read by OCR.
 */
export function throwIfOverDecodeBudget(): void {
  if (current?.refusal) throw current.refusal;
}

/** Counts `bytes` more decoded for the document; once a limit was passed, refuses them all. */
function charge(bytes: number): void {
  if (!current) return;
  if (current.refusal) throw new DecodeBudgetExceeded();
  if (!decodeStreamCounted) current.used = Infinity; // see the header: never run unbounded
  current.used += bytes;
  if (current.used > current.limits.document) refuse(tooMuch(current.limits.document));
}

/** Checks one stream that has grown to `bytes` decoded. */
function checkStream(bytes: number): void {
  if (current && bytes > current.limits.stream) refuse(streamTooLarge(current.limits.stream));
}

function refuse(refusal: ServiceError): never {
  current!.refusal ??= refusal;
  throw new DecodeBudgetExceeded();
}

const tooMuch = (limit: number) =>
  new ServiceError('file_too_large', `the PDF's compressed data decodes to more than ${limit} bytes, the most one document may decode to (a decompression bomb?)`);

const streamTooLarge = (limit: number) =>
  new ServiceError('file_too_large', `a compressed stream of the PDF needs more than ${limit} bytes once decoded, the most one stream of a file this size may (a decompression bomb?)`);

function installCounting(): void {
  if (installed) return;
  installed = true;
  countDecompressionStreams();
  findDecodeStream();
}

function countDecompressionStreams(): void {
  const Native = globalThis.DecompressionStream;
  if (!Native) return;
  class CountedDecompressionStream {
    readonly writable: DecompressionStream['writable'];
    readonly readable: ReadableStream<Uint8Array>;
    constructor(format: ConstructorParameters<typeof DecompressionStream>[0]) {
      const inner = new Native(format);
      this.writable = inner.writable;
      let produced = 0;
      // Charged as each chunk comes out; an error here cancels the native inflater.
      this.readable = inner.readable.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            produced += chunk.byteLength;
            checkStream(produced);
            charge(chunk.byteLength);
            controller.enqueue(chunk);
          },
        }),
      );
    }
  }
  globalThis.DecompressionStream = CountedDecompressionStream as unknown as typeof DecompressionStream;
}

function findDecodeStream(): void {
  const root = Object.prototype as Record<string, unknown>;
  Object.defineProperty(root, FIRST_FIELD, {
    configurable: true,
    set(this: object, value: unknown) {
      Object.defineProperty(this, FIRST_FIELD, { value, writable: true, enumerable: true, configurable: true });
      const prototype = decodeStreamPrototype(this);
      if (!prototype) return;
      delete root[FIRST_FIELD];
      countEnsureBuffer(prototype);
    },
  });
}

/** The topmost prototype that has its own ensureBuffer: subclasses such as JpegStream override it with a no-op. */
function decodeStreamPrototype(stream: object): Record<string, unknown> | null {
  let found: Record<string, unknown> | null = null;
  for (let p = Object.getPrototypeOf(stream) as Record<string, unknown> | null; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    if (Object.hasOwn(p, 'ensureBuffer') && Object.hasOwn(p, 'getBytes')) found = p;
  }
  return found;
}

function countEnsureBuffer(prototype: Record<string, unknown>): void {
  const ensureBuffer = prototype.ensureBuffer as EnsureBuffer;
  prototype.ensureBuffer = function countedEnsureBuffer(this: DecodeStreamLike, requested: number): Uint8Array {
    if (requested > this.buffer.byteLength) {
      // pdfjs grows the buffer to the next power of two times its minimum and copies the old one
      // over: each growth is charged in full, as the old buffers stay until a collection.
      let size = this.minBufferLength;
      while (size < requested) size *= 2;
      checkStream(size);
      charge(size);
    }
    return ensureBuffer.call(this, requested);
  } satisfies EnsureBuffer;
  decodeStreamCounted = true;
}
