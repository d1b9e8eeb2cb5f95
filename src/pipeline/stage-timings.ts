// How long each stage of one document took, measured in the worker thread and sent back with the
// outcome (plain data, as everything that crosses the thread boundary), for the stage histogram of
// /metrics. A stage that runs once per page (text layer, OCR) adds up over the pages.

export const STAGES = ['open', 'text_layer', 'ocr', 'layout', 'fields', 'reconcile', 'page_hash'] as const;
export type Stage = (typeof STAGES)[number];
export type StageSeconds = Partial<Record<Stage, number>>;

export class StageTimings {
  readonly seconds: StageSeconds = {};

  async time<T>(stage: Stage, work: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.seconds[stage] = (this.seconds[stage] ?? 0) + (performance.now() - started) / 1000;
    }
  }

  /** For synchronous stages, so the pipeline's pure steps stay synchronous. */
  timeSync<T>(stage: Stage, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.seconds[stage] = (this.seconds[stage] ?? 0) + (performance.now() - started) / 1000;
    }
  }
}
