// JSON request bodies are parsed on the event loop, and V8's JSON.parse slows down sharply with
// nesting: a 40 MB body of nested brackets (well under the request limit) held the loop for over a
// minute. No request of this API nests deeper than a few levels, so a linear scan refuses deep
// bodies before they are parsed. Strings are skipped with indexOf, so a large base64 file costs
// almost nothing to scan. The same parser refuses a NUL in any string (see escapesNul).
import type { FastifyInstance } from 'fastify';
import { invalidRequest } from '../errors.js';

/** Uploads nest three levels ({pages: [{…}]}); a generous margin for any future request shape. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether the JSON text opens more than `max` arrays or objects inside one another. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return false; // unterminated: the parser will say so
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/**
 * Whether a string in the JSON text holds a NUL (the escape \u0000; a raw one is invalid JSON). No
 * member of any request means one, and PostgreSQL refuses NUL in text, so it is refused up front.
 */
export function escapesNul(text: string): boolean {
  for (let at = text.indexOf('\\u0000'); at >= 0; at = text.indexOf('\\u0000', at + 1)) {
    let backslashes = 1;
    while (text.charCodeAt(at - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 1) return true; // an escaping backslash, not an escaped one
  }
  return false;
}

/** Replaces Fastify's JSON parser by the same parser behind the depth and NUL checks. */
export function registerJsonBodyParser(server: FastifyInstance): void {
  const parse = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(invalidRequest(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    if (escapesNul(body as string)) {
      done(invalidRequest('a string in the JSON body holds a NUL character (\\u0000)'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
