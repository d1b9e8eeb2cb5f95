// Work shared with idle threads (idle-help.ts), with real worker threads as the helpers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { countHelpedItems } from '../../tests/helpers/helped-items.js';
import { until } from '../../tests/helpers/wait.js';
import { shareWithIdleThreads } from './idle-help.js';
import { TaskControl } from './task-control.js';

const HELP_MODULE = new URL('./idle-help.js', import.meta.url).href;
const CONTROL_MODULE = new URL('./task-control.js', import.meta.url).href;
const ITEM_MS = 20;

/**
 * A worker thread that offers help with 'square' items: `answers` squares the item after ITEM_MS,
 * `keeps` takes an item and never answers, `fails` takes items and fails each, `busy` is inside a
 * task of its own for `busyMs`.
 */
async function helperThread(mode: 'answers' | 'keeps' | 'fails' | 'busy', busyMs = 0): Promise<Worker> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.module).then(({ canHelpWith, offerIdleHelp, asOwnTask }) => {
      canHelpWith('square', async (payload) => (index) =>
        workerData.mode === 'keeps' ? new Promise(() => {})
          : workerData.mode === 'fails' ? Promise.reject(new Error('no models'))
          : new Promise((done) => setTimeout(() => done(payload.values[index] ** 2), workerData.itemMs)));
      offerIdleHelp();
      // A pool's thread is kept alive by its pool; this one by a timer.
      setInterval(() => {}, 1 << 30);
      if (workerData.mode === 'busy') void asOwnTask(() => new Promise((done) => setTimeout(done, workerData.busyMs)));
      parentPort.postMessage('ready');
    });`,
    { eval: true, workerData: { module: HELP_MODULE, mode, itemMs: ITEM_MS, busyMs } },
  );
  await new Promise((ready) => worker.once('message', ready));
  return worker;
}

/** Squares of 1 … n, and how many of them this thread worked out itself. */
async function squares(n: number): Promise<{ results: number[]; ownItems: number }> {
  const values = Array.from({ length: n }, (_, i) => i + 1);
  let ownItems = 0;
  const results = await shareWithIdleThreads('square', { values }, n, async (index) => {
    ownItems++;
    await new Promise((done) => setTimeout(done, ITEM_MS));
    return values[index]! ** 2;
  });
  return { results, ownItems };
}

const expected = (n: number) => Array.from({ length: n }, (_, i) => (i + 1) ** 2);

test('without helpers the poster does every item itself, in order', async () => {
  const { results, ownItems } = await squares(12);
  assert.deepEqual(results, expected(12));
  assert.equal(ownItems, 12);
});

test('an idle thread takes items, each is done once, results come back in item order', async (t) => {
  const helper = await helperThread('answers');
  const helped = countHelpedItems();
  t.after(() => Promise.all([helper.terminate(), helped.close()]));
  const { results, ownItems } = await squares(40);
  assert.deepEqual(results, expected(40));
  // Both take an item every ~20 ms: the helper does a good share of them, and none twice.
  assert.ok(ownItems < 34 && ownItems > 0, `this thread did ${ownItems} of 40`);
  assert.equal(ownItems + (await helped.count()), 40);
});

test('an item a helper took and never sent back is done by the poster', async (t) => {
  const helper = await helperThread('keeps');
  t.after(() => helper.terminate());
  const { results, ownItems } = await squares(10);
  assert.deepEqual(results, expected(10));
  // The helper took one item and stopped there.
  assert.equal(ownItems, 10);
});

test('items a helper could not do are done by the poster without waiting for the helper', async (t) => {
  const helper = await helperThread('fails');
  t.after(() => helper.terminate());
  const started = performance.now();
  const { results, ownItems } = await squares(6);
  assert.deepEqual(results, expected(6));
  assert.equal(ownItems, 6);
  // Waiting for a result that will never come would take WAIT_FOR_HELPERS_MS (1 s) more.
  assert.ok(performance.now() - started < 900, `${Math.round(performance.now() - started)} ms`);
});

test('a thread inside a task of its own takes no items', async (t) => {
  const helper = await helperThread('busy', 60_000);
  t.after(() => helper.terminate());
  const { results, ownItems } = await squares(10);
  assert.deepEqual(results, expected(10));
  assert.equal(ownItems, 10);
});

test('an aborted share stops taking items and rejects', async () => {
  const controller = new AbortController();
  let ownItems = 0;
  const shared = shareWithIdleThreads('square', {}, 10, async (index) => {
    if (++ownItems === 3) controller.abort(new Error('page timed out'));
    return index;
  }, controller.signal);
  await assert.rejects(shared, /page timed out/);
  assert.equal(ownItems, 3);
});

/** A pool thread's task that posts `items` squares and stays in its own first item: helpers do the rest. */
async function posterThread(control: TaskControl, items: number): Promise<Worker> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    Promise.all([import(workerData.help), import(workerData.control)]).then(([{ shareWithIdleThreads }, { runControlled }]) => {
      const values = Array.from({ length: workerData.items }, (_, i) => i + 1);
      void runControlled(workerData.shared, () => shareWithIdleThreads('square', { values }, workerData.items, () => new Promise(() => {})));
      parentPort.postMessage('posted');
    });`,
    { eval: true, workerData: { help: HELP_MODULE, control: CONTROL_MODULE, shared: control.shared, items } },
  );
  await new Promise((posted) => worker.once('message', posted));
  return worker;
}

test("a stopped task's helpers take no more of its items", async (t) => {
  const helper = await helperThread('answers');
  const helped = countHelpedItems();
  const control = new TaskControl();
  // Enough items to keep the helper busy for 20 s.
  const poster = await posterThread(control, 1000);
  t.after(() => Promise.all([helper.terminate(), poster.terminate(), helped.close()]));
  await until(async () => (await helped.count()) >= 3, () => 'the helper took none of the items');
  // As the pool stops a task past its time limit: the stop first, then the thread's end.
  control.stop();
  await poster.terminate();
  const atStop = await helped.count();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // The item the helper had in hand at the stop may still come back; no other.
  assert.ok((await helped.count()) <= atStop + 1, `${(await helped.count()) - atStop} items helped after the stop`);
});
