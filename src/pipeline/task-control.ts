// What the main thread and the thread running a task of the extraction pool share about that task,
// in memory both see: which thread took it, whether it was stopped, and the processes it started.
// Terminating a thread ends its JavaScript but not the processes it started: a native Tesseract
// read its page to the end (up to its own 120 CPU seconds and ~600 MB) after the document had been
// answered 422. So the main thread, stopping a task, kills them itself; and threads helping the task
// (idle-help.ts) see the stop and take no more of its items.
import { threadId } from 'node:worker_threads';

const STOPPED = 0;
const THREAD = 1;
const FIRST_CHILD = 2;
/** A task runs one process at a time (a Tesseract page); room for a few. */
const CHILD_SLOTS = 4;
const CELLS = FIRST_CHILD + CHILD_SLOTS;

/** The main thread's hold on one task. */
export class TaskControl {
  readonly shared = new SharedArrayBuffer(CELLS * Int32Array.BYTES_PER_ELEMENT);
  private readonly cells = new Int32Array(this.shared);

  /** The thread that took the task; 0 until one has. */
  get threadId(): number {
    return Atomics.load(this.cells, THREAD);
  }

  /** Marks the task stopped and kills the processes it started. */
  stop(): void {
    Atomics.store(this.cells, STOPPED, 1);
    this.killProcesses();
  }

  /** Kills the processes the task started and still runs; again after its thread is gone, for one started meanwhile. */
  killProcesses(): void {
    for (let slot = FIRST_CHILD; slot < CELLS; slot++) {
      const pid = Atomics.exchange(this.cells, slot, 0);
      if (pid === 0) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // it ended on its own meanwhile
      }
    }
  }
}

// ---- the side of the thread that runs the task ----

/** The task this thread is running; a thread runs one at a time. */
let current: Int32Array | null = null;

/** Runs `work` as the task `shared` controls (TaskControl.shared, handed over with the task). */
export async function runControlled<T>(shared: SharedArrayBuffer, work: () => Promise<T>): Promise<T> {
  const cells = new Int32Array(shared);
  Atomics.store(cells, THREAD, threadId);
  current = cells;
  try {
    return await work();
  } finally {
    current = null;
  }
}

/** The control of the task this thread is running, for the threads that help with it; undefined outside one. */
export function currentTask(): SharedArrayBuffer | undefined {
  return current?.buffer as SharedArrayBuffer | undefined;
}

/** Whether the task `shared` controls was stopped (by its time limit or the service stopping). */
export function isStopped(shared: SharedArrayBuffer | undefined): boolean {
  return shared !== undefined && Atomics.load(new Int32Array(shared), STOPPED) === 1;
}

export class TaskStopped extends Error {
  constructor() {
    super('the task was stopped');
  }
}

/**
 * Records a process this thread's task started, so stopping the task kills it; returns what to call
 * once the process has ended. Throws when the task was stopped: the caller kills the process it has
 * just started. Outside a task (the offline CLI) nothing is recorded.
 */
export function recordProcess(pid: number): () => void {
  const cells = current;
  if (!cells) return () => {};
  for (let slot = FIRST_CHILD; slot < CELLS; slot++) {
    if (Atomics.compareExchange(cells, slot, 0, pid) !== 0) continue;
    const forget = () => void Atomics.compareExchange(cells, slot, pid, 0);
    // Looked at after the pid is in place: a stop either finds the pid or is seen here.
    if (Atomics.load(cells, STOPPED) === 1) {
      forget();
      throw new TaskStopped();
    }
    return forget;
  }
  throw new Error(`a task may run at most ${CHILD_SLOTS} processes at once`);
}
