// Who of the tasks given to the extraction pool may run now. The time limit is for processing: a
// task waiting for a free thread behind a busy queue has not started yet, so it waits here, outside
// the pool, and its clock starts with its turn.

/**
 * Who is waiting for a task: a person looking at a page of a stored document on the dashboard, a
 * client holding its upload's request open, or nobody yet (a business's batch job).
 */
export type Lane = { readonly kind: 'page' } | { readonly kind: 'upload' } | { readonly kind: 'batch'; readonly business: string };

export const PAGE_LANE: Lane = { kind: 'page' };
export const UPLOAD_LANE: Lane = { kind: 'upload' };

/** Pages first (a person waits on a quick render), then uploads, then batch jobs. */
const RANK: Record<Lane['kind'], number> = { page: 0, upload: 1, batch: 2 };

/** Requests are coming while one came this recently: batch tasks then leave them a thread more. */
export const REQUESTS_RECENT_MS = 30_000;

interface Waiting {
  large: boolean;
  lane: Lane;
  start: () => void;
}

/**
 * At most one task per thread. One business's batch sent all at once used to hold every thread for as
 * long as it lasted, with other businesses' uploads and the dashboard's page images queued behind it,
 * first come first served. Now:
 * - a page, then an upload, go before any batch task that waits;
 * - batch tasks take turns between businesses: the business whose batch task started least recently
 *   goes next, in the order its own tasks came;
 * - batch tasks hold at most `batchThreads` threads, so with `threads` above it a page or an upload
 *   finds a thread without waiting for a batch task to end;
 * - while requests are coming (a page or an upload in the last REQUESTS_RECENT_MS), batch tasks hold
 *   one thread fewer (one at least): two batch tasks reading scans keep two cores busy, and an upload
 *   beside them would get a third of the processor. With no request for that long, the next batch
 *   task to start takes every thread again.
 * Two pages larger than OCR reads (large-page.ts), read at once, were the memory peak of every bench
 * run (two 35 MP receipt scans: 604 MB of process and Tesseract children; docs/engine.md, Memory and
 * time), so a large one also waits while another large one runs, and the tasks behind it that are
 * not large go first meanwhile.
 */
export class ThreadTurns {
  private running = 0;
  private runningLarge = 0;
  private runningBatch = 0;
  private readonly waiting: Waiting[] = [];
  /** Batch starts counted; a business's entry is the count at its last one. */
  private batchStarts = 0;
  private readonly lastBatchStart = new Map<string, number>();
  private lastRequest = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly threads: number,
    private readonly batchThreads = threads,
    /** Milliseconds on a monotonic clock. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Resolves when the task may start; every turn taken must be given back with `give`, with the same arguments. */
  async take(large: boolean, lane: Lane): Promise<void> {
    // No waiting task may start (each give starts all that may), so one that may start goes now.
    const task = { large, lane, start: () => {} };
    if (lane.kind !== 'batch') this.lastRequest = this.now();
    if (this.mayStart(task)) this.start(task);
    else await new Promise<void>((start) => this.waiting.push({ ...task, start }));
  }

  give(large: boolean, lane: Lane): void {
    this.running--;
    if (large) this.runningLarge--;
    if (lane.kind === 'batch') this.runningBatch--;
    for (let next = this.nextStartable(); next; next = this.nextStartable()) {
      this.start(next);
      next.start();
    }
  }

  private mayStart({ large, lane }: Waiting): boolean {
    if (this.running >= this.threads) return false;
    if (large && this.runningLarge > 0) return false;
    return lane.kind !== 'batch' || this.runningBatch < this.batchLimit();
  }

  private batchLimit(): number {
    const requestsComing = this.now() - this.lastRequest < REQUESTS_RECENT_MS;
    return requestsComing ? Math.max(1, this.batchThreads - 1) : this.batchThreads;
  }

  private start({ large, lane }: Waiting): void {
    this.running++;
    if (large) this.runningLarge++;
    if (lane.kind === 'batch') {
      this.runningBatch++;
      this.lastBatchStart.set(lane.business, ++this.batchStarts);
    }
  }

  /** Whether `a` goes before `b`, which came earlier (the queue is in the order tasks came). */
  private before(a: Waiting, b: Waiting): boolean {
    if (RANK[a.lane.kind] !== RANK[b.lane.kind]) return RANK[a.lane.kind] < RANK[b.lane.kind];
    if (a.lane.kind === 'batch' && b.lane.kind === 'batch') return this.lastStart(a.lane.business) < this.lastStart(b.lane.business);
    return false;
  }

  private lastStart(business: string): number {
    return this.lastBatchStart.get(business) ?? 0;
  }

  /** The waiting task that goes first among those that may start now, taken out of the queue. */
  private nextStartable(): Waiting | undefined {
    let best = -1;
    this.waiting.forEach((task, index) => {
      if (this.mayStart(task) && (best < 0 || this.before(task, this.waiting[best]!))) best = index;
    });
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0];
  }
}
