// Who of the tasks given to the extraction pool may run now. The time limit is for processing: a
// task waiting for a free thread behind a busy queue has not started yet, so it waits here, outside
// the pool, and its clock starts with its turn.

interface Waiting {
  large: boolean;
  start: () => void;
}

/**
 * At most one task per thread, in the order they came. Two pages larger than OCR reads
 * (large-page.ts), read at once, were the memory peak of every bench run (two 35 MP receipt scans:
 * 604 MB of process and Tesseract children; docs/engine.md, Memory and time), so a large one also
 * waits while another large one runs, and the tasks behind it that are not large go first meanwhile.
 */
export class ThreadTurns {
  private running = 0;
  private runningLarge = 0;
  private readonly waiting: Waiting[] = [];

  constructor(private readonly threads: number) {}

  /** Resolves when the task may start; every turn taken must be given back with `give`. */
  async take(large: boolean): Promise<void> {
    if (this.mayStart(large)) this.start(large);
    else await new Promise<void>((start) => this.waiting.push({ large, start }));
  }

  give(large: boolean): void {
    this.running--;
    if (large) this.runningLarge--;
    for (let next = this.nextStartable(); next; next = this.nextStartable()) {
      this.start(next.large);
      next.start();
    }
  }

  private mayStart(large: boolean): boolean {
    return this.running < this.threads && !(large && this.runningLarge > 0);
  }

  private start(large: boolean): void {
    this.running++;
    if (large) this.runningLarge++;
  }

  /** The first waiting task that may start now, taken out of the queue. */
  private nextStartable(): Waiting | undefined {
    const index = this.waiting.findIndex((task) => this.mayStart(task.large));
    return index < 0 ? undefined : this.waiting.splice(index, 1)[0];
  }
}
