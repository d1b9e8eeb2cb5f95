// Pages whose content grows without bound. pdfjs reads a page's content operator by operator, and
// some pages cost far more than their bytes: graphics states (`q`) or marked content nested 20,000
// deep (1.4 KB of content) took the text layer 54 s and its drawing 31 s, the time growing with the
// square of the depth; a form XObject that draws another twice, 22 levels deep, is four million forms
// drawn from 4 KB (65,000 of them took 8 s); three million paths are nine million operators from
// 82 KB. Each held a core until the document's time limit. So what pdfjs reads is counted where it
// reads it (EvaluatorPreprocessor.read, for the text layer and for drawing alike) over one pass of a
// page: its operators, the content streams it reads (the page's, and every form, pattern, glyph or
// annotation it draws, each time it is drawn), and the nesting of each stream. Past a limit every
// further read throws, pdfjs ends the pass, and the document is refused with 422.
//
// EvaluatorPreprocessor is not exported by pdfjs. Its prototype is found as DecodeStream's is
// (pdf-decode-budget.ts): its constructor's assignment of `_numInvalidPathOPS` meets a setter put
// for a moment on Object.prototype. A pdfjs upgrade that renames the field shows up in the tests
// (pdf-content-limits.test.ts), which need these limits to hold.
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ServiceError } from '../errors.js';

/**
 * Operators one pass over a page may read, the forms it draws counted each time they are drawn.
 * Invoices, receipts and bills run to thousands; a page of 300,000 strokes (900,000 operators), which
 * took 9 s to read and draw here, still passes.
 */
export const MAX_PAGE_OPERATORS = 1_000_000;
/**
 * Content streams one pass over a page may read: forms drawn, pattern cells, Type3 glyphs and
 * annotations' appearances, each time drawn. A form with a thousand fields draws a few thousand;
 * a chain of forms each drawing the next costs pdfjs more with every level (5,000 deep: ~5 s).
 */
export const MAX_PAGE_CONTENT_STREAMS = 5_000;
/**
 * How deep graphics states and marked content may nest in one content stream. The PDF reference
 * gives 28 as a reader's practical limit for `q`; a depth of 256 costs pdfjs nothing noticeable.
 */
export const MAX_CONTENT_NESTING = 256;

interface Operation {
  fn: number;
}

interface Preprocessor {
  readonly savedStatesDepth: number;
}

type Read = (this: Preprocessor, operation: Operation) => boolean;

/** Set by EvaluatorPreprocessor's constructor; the hook to find its prototype. */
const FIELD = '_numInvalidPathOPS';

interface Pass {
  operators: number;
  streams: number;
  refusal: ServiceError | null;
}

/** The page pass running on this thread; a thread reads one page at a time. */
let current: Pass | null = null;
let installed = false;
/** Marked-content depth of each content stream read. */
const markedDepth = new WeakMap<Preprocessor, number>();

class ContentLimitReached extends Error {
  constructor() {
    super('the page content is over its limits');
  }
}

/**
 * Runs `work`, one pass of pdfjs over a page's content (its text layer, or its drawing), within the
 * limits above. Past one: 422 processing_failed, whatever `work` made of it. A pass inside a pass
 * counts with it.
 */
export async function withContentLimits<T>(work: () => Promise<T>): Promise<T> {
  installCounting();
  if (current) return work();
  const pass: Pass = { operators: 0, streams: 0, refusal: null };
  current = pass;
  try {
    const result = await work();
    if (pass.refusal) throw pass.refusal;
    return result;
  } catch (error) {
    throw pass.refusal ?? error;
  } finally {
    current = null;
  }
}

function refuse(refusal: ServiceError): never {
  current!.refusal ??= refusal;
  throw new ContentLimitReached();
}

/** Counts one operator read, and its content stream when it is the first, and watches the nesting it leaves. */
function check(stream: Preprocessor, operation: Operation): void {
  const pass = current;
  if (!pass) return;
  if (pass.refusal) throw new ContentLimitReached();
  if (!markedDepth.has(stream) && ++pass.streams > MAX_PAGE_CONTENT_STREAMS) {
    refuse(new ServiceError('processing_failed', `a page of the PDF draws more than ${MAX_PAGE_CONTENT_STREAMS} forms, patterns or glyphs of its own; no more are read of one page`));
  }
  if (++pass.operators > MAX_PAGE_OPERATORS) {
    refuse(new ServiceError('processing_failed', `a page of the PDF runs to more than ${MAX_PAGE_OPERATORS} drawing operators, with the forms it draws; no more are read of one page`));
  }
  let marked = markedDepth.get(stream) ?? 0;
  if (operation.fn === OPS.beginMarkedContent || operation.fn === OPS.beginMarkedContentProps) marked++;
  else if (operation.fn === OPS.endMarkedContent && marked > 0) marked--;
  markedDepth.set(stream, marked);
  if (stream.savedStatesDepth > MAX_CONTENT_NESTING || marked > MAX_CONTENT_NESTING) {
    refuse(new ServiceError('processing_failed', `a page of the PDF nests its content more than ${MAX_CONTENT_NESTING} levels deep; no more is read of it`));
  }
}

function installCounting(): void {
  if (installed) return;
  installed = true;
  const root = Object.prototype as Record<string, unknown>;
  Object.defineProperty(root, FIELD, {
    configurable: true,
    set(this: object, value: unknown) {
      Object.defineProperty(this, FIELD, { value, writable: true, enumerable: true, configurable: true });
      const prototype = Object.getPrototypeOf(this) as Record<string, unknown> | null;
      if (!prototype || typeof prototype.read !== 'function' || !Object.hasOwn(prototype, 'read')) return;
      delete root[FIELD];
      countReads(prototype);
    },
  });
}

function countReads(prototype: Record<string, unknown>): void {
  const read = prototype.read as Read;
  prototype.read = function countedRead(this: Preprocessor, operation: Operation): boolean {
    if (current?.refusal) throw new ContentLimitReached();
    const more = read.call(this, operation);
    if (more) check(this, operation);
    return more;
  } satisfies Read;
}
