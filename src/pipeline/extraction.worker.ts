// Entry points of an extraction worker thread (piscina): a document's extraction (the default export)
// and a page image for the dashboard (renderPage), each under the document's decoding budget and the
// control the pool keeps of it (task-control.ts). Errors the client caused come back as data, because
// class instances do not survive the trip between threads.
import { workerData } from 'piscina';
import sharp from 'sharp';
import { renderPageImage } from '../dashboard/page-image.js';
import { readPageWords } from '../dashboard/page-words.js';
import { ServiceError } from '../errors.js';
import { withDecodeBudget } from '../ingest/pdf-decode-budget.js';
import { extractPlaced } from './extract.js';
import { asOwnTask, offerIdleHelp } from './idle-help.js';
import { fromFile, setChoiceModel } from './fields/choice/model.js';
import { readDocument } from './read-document.js';
import { collectGarbage, releaseAfterDocument, returnFreedMemory } from './release-memory.js';
import { StageTimings } from './stage-timings.js';
import { runControlled } from './task-control.js';
import type { ExtractionReply, ExtractionRequest, ExtractionWorkerData, PageImageReply, PageImageRequest, PageWordsReply, ThreadTask } from './types.js';

// libvips keeps the results of recent operations (up to 50 MB) for reuse; no two documents share
// an image, so here that is memory held for nothing.
sharp.cache(false);

const { fieldModel } = (workerData ?? {}) as Partial<ExtractionWorkerData>;
if (fieldModel) setChoiceModel(fromFile(fieldModel));
// Between its own tasks the thread recognises lines of a page another thread reads (idle-help.ts).
offerIdleHelp();

/** This thread's own task, which the pool can stop: the thread helps no other meanwhile. */
const ownTask = <T>(control: SharedArrayBuffer, work: () => Promise<T>): Promise<T> => asOwnTask(() => runControlled(control, work));

export default function runExtraction({ request, control }: ThreadTask<ExtractionRequest>): Promise<ExtractionReply> {
  return ownTask(control, () => extraction(request));
}

async function extraction(request: ExtractionRequest): Promise<ExtractionReply> {
  const timings = new StageTimings();
  try {
    const read = await withDecodeBudget(request.limits, request.bytes.length, () => readDocument(request, timings, { pageHash: true }));
    const { outcome, placed } = extractPlaced(read, request.hints, timings);
    const pageViews = Object.fromEntries(read.pages.flatMap((p) => (p.view ? [[String(p.page), p.view]] : [])));
    return { ok: true, outcome, placed, pageHash: read.pageHash ?? null, pageViews, stages: timings.seconds };
  } catch (error) {
    return { ok: false, error: (await refusal(error)).toPublic(), stages: timings.seconds };
  } finally {
    releaseAfterDocument();
  }
}

/** A page for the dashboard, under the same decoding budget as its extraction. */
export function renderPage({ request, control }: ThreadTask<PageImageRequest>): Promise<PageImageReply> {
  return ownTask(control, () => pageImage(request));
}

async function pageImage(request: PageImageRequest): Promise<PageImageReply> {
  try {
    const png = await withDecodeBudget(request.limits, request.bytes.length, () => renderPageImage(request.bytes, request.mediaType, request.page, request.limits));
    return { ok: true, png };
  } catch (error) {
    return { ok: false, error: (await refusal(error)).toPublic() };
  } finally {
    returnFreedMemory();
  }
}

/** A page's words for the review desk, under the same decoding budget. */
export function readWords({ request, control }: ThreadTask<PageImageRequest>): Promise<PageWordsReply> {
  return ownTask(control, () => pageWords(request));
}

async function pageWords(request: PageImageRequest): Promise<PageWordsReply> {
  try {
    return { ok: true, words: await withDecodeBudget(request.limits, request.bytes.length, () => readPageWords(request)) };
  } catch (error) {
    return { ok: false, error: (await refusal(error)).toPublic() };
  } finally {
    releaseAfterDocument();
  }
}

/** The client's error, to send back as data; anything else is ours and crashes the task. */
async function refusal(error: unknown): Promise<ServiceError> {
  if (!(error instanceof ServiceError)) throw error;
  // A refused bomb leaves up to the decoding budget in dropped buffers.
  if (error.code === 'file_too_large') await collectGarbage();
  return error;
}
