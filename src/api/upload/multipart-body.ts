// @fastify/multipart reads the raw request itself, so Fastify's body limit never applies to a
// multipart body, and its parser ends a body that stops before the closing boundary the same way as
// a complete one. This watch sees the same bytes as the parser: it caps the body at the request
// limit while it streams, and it notes whether the closing boundary went by. It also turns the
// parser's bare errors about malformed bodies into messages that say what is wrong.
import type { IncomingMessage } from 'node:http';
import { invalidRequest, requestTooLarge, ServiceError } from '../../errors.js';

export interface MultipartBodyWatch {
  /** Rejects with 413 file_too_large once the body passes the limit; never resolves. */
  readonly overLimit: Promise<never>;
  /** Whether the closing delimiter ("--boundary--") has been received. */
  closed(): boolean;
  stop(): void;
}

/** The boundary parameter of a multipart Content-Type, quoted or not (RFC 2046: at most 70 characters). */
function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]!) : null;
}

/**
 * Starts watching `raw`. Call it in the same synchronous step as the parser's first read: data
 * events start on the next tick, so both listeners then see every chunk.
 */
export function watchMultipartBody(raw: IncomingMessage, maxBytes: number): MultipartBodyWatch {
  const boundary = boundaryOf(raw.headers['content-type']);
  if (!boundary) throw invalidRequest('the multipart Content-Type has no boundary parameter');
  const declared = Number(raw.headers['content-length']);
  if (declared > maxBytes) throw requestTooLarge();

  const closing = Buffer.from(`\r\n--${boundary}--`, 'latin1');
  let received = 0;
  let tail = Buffer.alloc(0);
  let sawClosing = false;
  let fail: (error: ServiceError) => void = () => {};
  const overLimit = new Promise<never>((_resolve, reject) => (fail = reject));
  overLimit.catch(() => {}); // observed through the race in the reader; not an unhandled rejection

  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) {
      // Starve the parser; the answer closes the connection, so the rest is never read.
      stop();
      raw.unpipe();
      fail(requestTooLarge());
      return;
    }
    if (sawClosing) return;
    // The delimiter may straddle two chunks: the seam is searched with the end of the previous one.
    const keep = closing.length - 1;
    sawClosing = chunk.includes(closing) || Buffer.concat([tail, chunk.subarray(0, keep)]).includes(closing);
    tail = Buffer.concat([tail, chunk.subarray(-keep)]).subarray(-keep);
  };
  const stop = () => raw.off('data', onData);
  raw.on('data', onData);
  return { overLimit, closed: () => sawClosing, stop };
}

/** A clear invalid_request for the parser's errors about a malformed body; other errors are returned unchanged. */
export function describeMultipartError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof ServiceError) return error;
  if (error.message === 'Multipart: Boundary not found') return invalidRequest('the multipart Content-Type has no boundary parameter');
  // The parser's part ended early, or its stream was cut when the request stopped: a cut-off upload.
  if (/terminated early/.test(error.message) || (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return invalidRequest('the multipart body ends inside a part: the upload was cut off');
  }
  return error;
}
