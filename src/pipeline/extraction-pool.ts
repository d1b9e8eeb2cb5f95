// The main-thread side of extraction: a pool of worker threads sized to the cores, a time limit and
// a heap limit per document, so one hostile or huge file cannot stall or crash the service. The
// dashboard's page images are rendered here too, under the same limits: pdfjs drawing a hostile page
// on the event loop held every other request for as long as it took.
//
// A task past its time limit is stopped, not left behind: the processes it started are killed
// (task-control.ts), its thread is terminated and replaced, and its turn (thread-turns.ts) comes back
// only once that thread has exited, so the next document never runs beside a thread still at work.
// Closing the pool stops every task the same way; their callers are told the service is stopping.
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { ServiceError } from '../errors.js';
import { isLargePage } from './large-page.js';
import { keepLargeBuffersOutOfArenas, returnFreedMemory } from './release-memory.js';
import type { StageSeconds } from './stage-timings.js';
import { TaskControl } from './task-control.js';
import { PAGE_LANE, ThreadTurns, UPLOAD_LANE, type Lane } from './thread-turns.js';
import type { ExtractionReply, ExtractionRequest, ExtractionResult, ExtractionWorkerData, PageImageReply, PageImageRequest, PageWordsReply, ThreadTask, Word } from './types.js';
import type { ModelFile } from './fields/choice/model.js';

export interface ExtractionPoolOptions {
  /** Threads batch tasks may hold at once; the pool has one more, for uploads and page images. */
  threads: number;
  timeoutMs: number;
  /** Old-generation heap of one worker thread, in MB. */
  heapMb?: number;
  /** Young-generation heap of one worker thread, in MB. */
  youngHeapMb?: number;
  /** Told of every document's result ("ok" or the error code) and stage times (metrics). */
  observe?: (result: string, stages: StageSeconds) => void;
  /** This installation's learned field choice (src/learning), used by every thread in place of the shipped one. */
  fieldModel?: ModelFile | undefined;
}

/** A processed document and its own processing time, from its turn on a thread (not its wait for one). */
export type TimedExtraction = ExtractionResult & { processingMs: number };

/** The file each worker thread loads (extraction.worker.entry.cts says why it is CommonJS). */
export const WORKER_ENTRY = new URL('./extraction.worker.entry.cjs', import.meta.url);

export class ExtractionPool {
  private readonly pool: Piscina;
  private readonly turns: ThreadTurns;
  /** The tasks running in threads now. */
  private readonly running = new Set<TaskControl>();
  private closing = false;

  constructor(private readonly options: ExtractionPoolOptions) {
    // Before the threads start, so their page buffers never settle in arenas (release-memory.ts).
    keepLargeBuffersOutOfArenas();
    // One thread more than batch jobs may hold: an upload or a page image never waits for a batch
    // task to end (thread-turns.ts).
    const threads = options.threads + 1;
    this.turns = new ThreadTurns(threads, options.threads);
    this.pool = new Piscina({
      filename: WORKER_ENTRY.href,
      // Every thread from the start: an idle one recognises lines of a receipt another reads
      // (idle-help.ts), and a second thread made only when two documents come at once never would.
      minThreads: threads,
      // An idle thread waits for its next task on its event loop, not in Atomics.wait: piscina's
      // default stops all of an idle thread's work, and a helper must hear the other threads.
      atomics: 'disabled',
      maxThreads: threads,
      workerData: { fieldModel: options.fieldModel } satisfies ExtractionWorkerData,
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb ?? 1024,
        // V8's default young generation (two 16 MB semi-spaces, both touched) held 30 MB per thread
        // that a document's short-lived objects never needed: 8 MB took 48 MB off two idle threads'
        // RSS and left the text-PDF pages as fast (bench/engine-bench.mjs, docs/engine.md).
        maxYoungGenerationSizeMb: options.youngHeapMb ?? 8,
      },
    });
  }

  /** `lane`: who waits for the document, which decides its turn (thread-turns.ts). */
  async extract(request: ExtractionRequest, lane: Lane = UPLOAD_LANE): Promise<TimedExtraction> {
    let reply: ExtractionReply;
    let ms: number;
    try {
      ({ reply, ms } = await this.runTask<ExtractionReply>(request, 'default', lane));
    } catch (error) {
      this.options.observe?.((error as ServiceError).code, {});
      throw error;
    }
    this.options.observe?.(reply.ok ? 'ok' : reply.error.code, reply.stages);
    if (!reply.ok) throw new ServiceError(reply.error.code, reply.error.message);
    return { ...reply, processingMs: ms };
  }

  /** One page of a document as a PNG (extraction.worker.ts, renderPage). */
  async renderPage(request: PageImageRequest): Promise<Uint8Array> {
    const { reply } = await this.runTask<PageImageReply>(request, 'renderPage', PAGE_LANE);
    if (!reply.ok) throw new ServiceError(reply.error.code, reply.error.message);
    return reply.png;
  }

  /** One page's words with their boxes, for the review desk (extraction.worker.ts, readWords). */
  async readPageWords(request: PageImageRequest): Promise<Word[]> {
    const { reply } = await this.runTask<PageWordsReply>(request, 'readWords', PAGE_LANE);
    if (!reply.ok) throw new ServiceError(reply.error.code, reply.error.message);
    return reply.words;
  }

  /**
   * Runs the worker's export `name` on its turn, within the time limit; a crash becomes a
   * ServiceError. `ms` is the task's own time, from its turn on a thread (not its wait for one).
   */
  private async runTask<Reply>(request: ExtractionRequest | PageImageRequest, name: string, lane: Lane): Promise<{ reply: Reply; ms: number }> {
    const large = isLargePage(request.bytes, request.mediaType);
    await this.turns.take(large, lane);
    if (this.closing) {
      this.turns.give(large, lane);
      throw stopping();
    }
    const control = new TaskControl();
    const abort = new AbortController();
    let threadGone: Promise<void> | undefined;
    const limit = setTimeout(() => (threadGone = this.stop(control, abort)), this.options.timeoutMs);
    this.running.add(control);
    const started = performance.now();
    try {
      const task: ThreadTask<typeof request> = { request, control: control.shared };
      const reply = (await this.pool.run(task, { name, signal: abort.signal })) as Reply;
      return { reply, ms: Math.round(performance.now() - started) };
    } catch (error) {
      // A thread that crashed (out of memory) leaves the processes it started behind too.
      control.stop();
      throw this.closing ? stopping() : this.describeCrash(error);
    } finally {
      clearTimeout(limit);
      this.running.delete(control);
      if (threadGone) void threadGone.then(() => this.turns.give(large, lane));
      else this.turns.give(large, lane);
    }
  }

  /**
   * Stops a task past its time limit: its processes killed, its thread terminated (piscina starts
   * another). Resolves once that thread has exited and the memory it freed is back with the system.
   */
  private stop(control: TaskControl, abort: AbortController): Promise<void> {
    control.stop();
    // The task writes its thread's id when it starts; a task still loading has none yet, and nothing to wait for.
    const thread = control.threadId ? this.pool.threads.find((t) => t.threadId === control.threadId) : undefined;
    const exited = thread ? once(thread, 'exit').then(() => undefined) : Promise.resolve();
    abort.abort();
    return exited.then(() => {
      control.killProcesses();
      returnFreedMemory();
    });
  }

  private describeCrash(error: unknown): ServiceError {
    const { name, code } = error as { name?: string; code?: string };
    if (name === 'AbortError') {
      return new ServiceError('processing_failed', `the document took longer than ${this.options.timeoutMs} ms to process`);
    }
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new ServiceError('processing_failed', 'the document needs more memory than one document may use');
    }
    return new ServiceError('processing_failed', 'the document could not be processed');
  }

  /** Stops every running task (its caller gets 503 service_unavailable) and ends the threads. */
  async close(): Promise<void> {
    this.closing = true;
    for (const control of this.running) control.stop();
    const running = [...this.running];
    await this.pool.destroy();
    // A process started between the stop and the thread's end.
    for (const control of running) control.killProcesses();
  }
}

const stopping = () => new ServiceError('service_unavailable', 'the service is stopping and did not finish this document; send it again');
