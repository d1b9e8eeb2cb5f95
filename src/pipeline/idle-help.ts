// Work one extraction thread shares with the pool's idle threads. A receipt read alone
// left one of the machine's two cores idle while its ~56 lines were recognised one after another on
// the other; two intra-op threads per model cost the service a fifth of its throughput under load
// and a second set of sessions cost ~30 MB per process (docs/ocr-engines.md). Here a thread with
// independent items (a page's lines) posts them once on a channel every thread of the process
// hears; an idle thread that knows the kind of work takes items one at a time from a counter in
// shared memory, as the poster does, and sends each result back. A thread that has a task of its own
// takes no more items, so under load nothing changes, and nothing is held twice: the helper uses the
// models it already has. A poster's task that is stopped (task-control.ts) stops its helpers too:
// its thread is gone and would never take the results.
import { BroadcastChannel, threadId } from 'node:worker_threads';
import { currentTask, isStopped } from './task-control.js';

/** Prepares a helper for one posted job (e.g. loads its models); null when this thread cannot help. */
type Helper = (payload: unknown) => Promise<((index: number) => Promise<unknown>) | null>;

interface JobMessage {
  kind: string;
  job: string;
  payload: unknown;
  items: number;
  /** The next item to take, shared by the poster and its helpers. */
  next: Int32Array;
  /** The control of the poster's task (task-control.ts), when it runs in one. */
  task: SharedArrayBuffer | undefined;
}

type ResultMessage = { job: string; index: number; result: unknown } | { job: string; index: number; failed: true };

/** The channel's name: every BroadcastChannel of the process by that name hears jobs and results. */
export const IDLE_HELP_CHANNEL = 'ledgerlens:idle-help';
/**
 * How long a poster that has run out of items waits for the ones helpers took before it does them
 * itself: a helper whose thread died or got stuck must not hold a page. A helper takes one item at a
 * time (a line: ~20 ms, the widest ~300 ms), and a task of its own can keep its event loop from the
 * result's post for a moment.
 */
const WAIT_FOR_HELPERS_MS = 1000;

const helpers = new Map<string, Helper>();
let channel: BroadcastChannel | undefined;
let jobs = 0;
let ownTasks = 0;
let helping = false;

function sharedChannel(): BroadcastChannel {
  if (!channel) {
    channel = new BroadcastChannel(IDLE_HELP_CHANNEL);
    // A thread or process does not stay alive for the channel.
    channel.unref();
  }
  return channel;
}

/** Declares that this thread can do items of `kind` for others (the module that knows the work calls it). */
export function canHelpWith(kind: string, helper: Helper): void {
  helpers.set(kind, helper);
}

/** Makes this thread take items of the kinds it knows when it has no task of its own (pool threads). */
export function offerIdleHelp(): void {
  sharedChannel().onmessage = (event) => {
    const message = (event as MessageEvent).data as JobMessage | ResultMessage;
    if ('kind' in message) void help(message);
  };
}

/** Runs `task` as this thread's own: while it runs the thread takes no items for others. */
export async function asOwnTask<T>(task: () => Promise<T>): Promise<T> {
  ownTasks++;
  try {
    return await task();
  } finally {
    ownTasks--;
  }
}

async function help(message: JobMessage): Promise<void> {
  const prepare = helpers.get(message.kind);
  if (!prepare || ownTasks > 0 || helping) return;
  helping = true;
  try {
    const work = await prepare(message.payload);
    if (!work) return;
    for (let index: number; ownTasks === 0 && !isStopped(message.task) && (index = Atomics.add(message.next, 0, 1)) < message.items; ) {
      let reply: ResultMessage;
      try {
        reply = { job: message.job, index, result: await work(index) };
      } catch {
        reply = { job: message.job, index, failed: true };
      }
      sharedChannel().postMessage(reply);
    }
  } catch {
    // The poster does whatever was not sent back.
  } finally {
    helping = false;
  }
}

/**
 * `work(0 … items-1)`, done by this thread and by idle threads that can help with `kind`, each item
 * once (taken from a shared counter), results in item order. `payload` goes to the helpers (cloned;
 * a SharedArrayBuffer in it is shared, not copied). Items are taken in index order, so the costly ones
 * should come first.
 */
export async function shareWithIdleThreads<R>(kind: string, payload: unknown, items: number, work: (index: number) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items);
  const done = new Uint8Array(items);
  let left = items;
  // Items a helper could not do: the poster does them without waiting for them.
  let failed = 0;
  const next = new Int32Array(new SharedArrayBuffer(4));
  const job = `${process.pid}:${threadId}:${++jobs}`;
  let settled: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (settled = resolve));
  const keep = (index: number, result: R) => {
    if (done[index]) return;
    done[index] = 1;
    results[index] = result;
    if (--left === failed) settled();
  };
  const listener = (event: Event) => {
    const reply = (event as MessageEvent).data as JobMessage | ResultMessage;
    if ('kind' in reply || reply.job !== job) return;
    if (!('failed' in reply)) keep(reply.index, reply.result as R);
    else if (!done[reply.index] && ++failed === left) settled();
  };
  const bus = sharedChannel();
  bus.addEventListener('message', listener);
  try {
    if (items > 1) bus.postMessage({ kind, job, payload, items, next, task: currentTask() } satisfies JobMessage);
    for (let index: number; (index = Atomics.add(next, 0, 1)) < items; ) {
      signal?.throwIfAborted();
      keep(index, await work(index));
    }
    if (left > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([arrived, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_FOR_HELPERS_MS)))]);
      clearTimeout(timer);
    }
    for (let index = 0; index < items; index++) {
      if (done[index]) continue;
      signal?.throwIfAborted();
      keep(index, await work(index));
    }
    return results;
  } finally {
    // Helpers still looping take nothing more.
    Atomics.store(next, 0, items);
    bus.removeEventListener('message', listener);
  }
}
