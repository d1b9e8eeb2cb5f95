import type { IngestLimits } from '../ingest/limits.js';
import type { MediaType } from '../ingest/media-type.js';
import type { PublicServiceError } from '../errors.js';
import type { ExtractionOutcome } from '../schemas/document.schema.js';
import type { Hints } from '../schemas/hints.schema.js';
import type { ModelFile } from './fields/choice/model.js';
import type { PlacedCandidates } from './fields/placed-candidates.js';
import type { StageSeconds } from './stage-timings.js';

/** What each extraction thread is started with. */
export interface ExtractionWorkerData {
  /** A learned field choice to use instead of the shipped models/field-choice.json. */
  fieldModel: ModelFile | undefined;
}

/** A request as the extraction pool hands it to a thread, with the task's control (task-control.ts). */
export interface ThreadTask<Request> {
  request: Request;
  control: SharedArrayBuffer;
}

/** One document handed to the pipeline. It crosses a thread boundary, so it is plain data. */
export interface ExtractionRequest {
  bytes: Uint8Array;
  mediaType: MediaType;
  filename: string;
  hints: Hints;
  limits: IngestLimits;
  /** Take fields from the page even when the PDF embeds an e-invoice (measuring the page reader). */
  ignoreEmbeddedXml: boolean;
}

/**
 * What the worker sends back: the public outcome, where the values that could be its total, number
 * and issue date stand (for a known vendor's learned places), the first page's perceptual hash for
 * duplicate detection, and the seconds each stage took (for /metrics), also when the file was refused.
 */
export type ExtractionReply =
  | { ok: true; outcome: ExtractionOutcome; placed: PlacedCandidates; pageHash: string | null; pageViews: PageViews; stages: StageSeconds }
  | { ok: false; error: PublicServiceError; stages: StageSeconds };

/** The pages read other than as pictured, by page number (PageView). */
export type PageViews = Record<string, PageView>;

export type ExtractionResult = Extract<ExtractionReply, { ok: true }>;

/** One page of a stored document to picture for the dashboard; crosses to a worker thread like an extraction. */
export interface PageImageRequest {
  bytes: Uint8Array;
  mediaType: MediaType;
  /** 1-based. */
  page: number;
  limits: IngestLimits;
}

export type PageImageReply = { ok: true; png: Uint8Array } | { ok: false; error: PublicServiceError };

/** A page's words for the review desk (dashboard/page-words.ts). */
export type PageWordsReply = { ok: true; words: Word[] } | { ok: false; error: PublicServiceError };

/** The text of one page in reading order, as the reading stage hands it on. */
export interface PageText {
  page: number;
  text: string;
}

/** A word on a page, wherever it was read from. Boxes are [x0, y0, x1, y1] on 0..1000 of the page, origin top left. */
export interface Word {
  text: string;
  box: [number, number, number, number];
  /** 0..1: OCR's own confidence; 1 for a PDF text layer. */
  confidence: number;
}

/**
 * How the page OCR read lies on the page as pictured (the image upright by its EXIF orientation, or
 * the PDF page as rendered): the part of it that was cut out, on 0..1000 of the pictured page, then
 * turned clockwise by `rotation` degrees, the canvas growing to hold the turned corners. Word boxes
 * are on 0..1000 of that turned canvas. Absent when the page was read as pictured.
 */
export interface PageView {
  crop: [number, number, number, number];
  rotation: number;
}

/** The words of one page, in the order the source gave them; layout analysis orders them for reading. */
export interface PageWords {
  page: number;
  /** Page size in points (PDF) or pixels (images), for aspect-aware layout. */
  width: number;
  height: number;
  source: 'text-layer' | 'ocr';
  words: Word[];
  view?: PageView;
}
