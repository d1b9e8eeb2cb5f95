// How long each stage of one document took, measured in the worker thread and sent back with the
// outcome (plain data, as everything that crosses the thread boundary), for the stage histogram of
// /metrics. A stage that runs once per page (text layer, OCR) adds up over the pages. A stage timed
// inside another (the page hash taken from the first page OCR prepared) counts for itself only, so
// no second is counted twice. Stages of one document run one after another, never side by side.

export const STAGES = ['open', 'text_layer', 'ocr', 'layout', 'fields', 'reconcile', 'page_hash'] as const;
export type Stage = (typeof STAGES)[number];
export type StageSeconds = Partial<Record<Stage, number>>;

export class StageTimings {
  readonly seconds: StageSeconds = {};
  /** Seconds of the stages timed inside each stage being timed, innermost last. */
  private readonly inner: number[] = [];

  async time<T>(stage: Stage, work: () => Promise<T> | T): Promise<T> {
    const started = this.begin();
    try {
      return await work();
    } finally {
      this.end(stage, started);
    }
  }

  /** For synchronous stages, so the pipeline's pure steps stay synchronous. */
  timeSync<T>(stage: Stage, work: () => T): T {
    const started = this.begin();
    try {
      return work();
    } finally {
      this.end(stage, started);
    }
  }

  private begin(): number {
    this.inner.push(0);
    return performance.now();
  }

  private end(stage: Stage, started: number): void {
    const elapsed = (performance.now() - started) / 1000;
    const nested = this.inner.pop() ?? 0;
    this.seconds[stage] = (this.seconds[stage] ?? 0) + elapsed - nested;
    if (this.inner.length) this.inner[this.inner.length - 1]! += elapsed;
  }
}
