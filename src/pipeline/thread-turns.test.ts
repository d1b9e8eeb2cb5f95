import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers/promises';
import { test } from 'node:test';
import { PAGE_LANE, REQUESTS_RECENT_MS, ThreadTurns, UPLOAD_LANE, type Lane } from './thread-turns.js';

/** Takes a turn and records, under `name`, when it starts. */
function taker(turns: ThreadTurns, started: string[]) {
  return (name: string, large: boolean, lane: Lane = UPLOAD_LANE) => void turns.take(large, lane).then(() => started.push(name));
}

const batchOf = (business: string): Lane => ({ kind: 'batch', business });

test('tasks start one per thread, in the order they came', async () => {
  const turns = new ThreadTurns(2);
  const started: string[] = [];
  const take = taker(turns, started);
  take('a', false);
  take('b', false);
  take('c', false);
  take('d', false);
  await setImmediate();
  assert.deepEqual(started, ['a', 'b']);
  turns.give(false, UPLOAD_LANE);
  await setImmediate();
  assert.deepEqual(started, ['a', 'b', 'c']);
  turns.give(false, UPLOAD_LANE);
  turns.give(false, UPLOAD_LANE);
  await setImmediate();
  assert.deepEqual(started, ['a', 'b', 'c', 'd']);
});

test('a large page waits while another runs, and smaller documents behind it go first', async () => {
  const turns = new ThreadTurns(2);
  const started: string[] = [];
  const take = taker(turns, started);
  take('large 1', true);
  take('large 2', true);
  take('small 1', false);
  take('large 3', true);
  take('small 2', false);
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1']);
  turns.give(false, UPLOAD_LANE); // small 1 done: large 2 still may not start beside large 1
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2']);
  turns.give(false, UPLOAD_LANE); // small 2 done: a thread is free, nothing may take it
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2']);
  turns.give(true, UPLOAD_LANE); // large 1 done: the larges follow in their order
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2', 'large 2']);
  turns.give(true, UPLOAD_LANE);
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2', 'large 2', 'large 3']);
});

test('a page, then an upload, go before the batch tasks that came earlier', async () => {
  const turns = new ThreadTurns(1);
  const started: string[] = [];
  const take = taker(turns, started);
  for (const name of ['A1', 'A2', 'A3']) take(name, false, batchOf('A'));
  take('upload', false, UPLOAD_LANE);
  take('page', false, PAGE_LANE);
  await setImmediate();
  assert.deepEqual(started, ['A1']);
  turns.give(false, batchOf('A'));
  await setImmediate();
  turns.give(false, PAGE_LANE);
  await setImmediate();
  turns.give(false, UPLOAD_LANE);
  await setImmediate();
  assert.deepEqual(started, ['A1', 'page', 'upload', 'A2']);
});

test("batch tasks take turns between businesses, each business's in the order they came", async () => {
  const turns = new ThreadTurns(1);
  const started: string[] = [];
  const take = taker(turns, started);
  for (const name of ['A1', 'A2', 'A3', 'A4']) take(name, false, batchOf(name[0]!));
  for (const name of ['B1', 'B2']) take(name, false, batchOf(name[0]!));
  take('C1', false, batchOf('C'));
  await setImmediate();
  for (let i = 0; i < 6; i++) {
    turns.give(false, batchOf(started.at(-1)![0]!));
    await setImmediate();
  }
  assert.deepEqual(started, ['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'A4']);
});

test('batch tasks hold at most their share of threads, one fewer while requests come: an upload and a page find one free', async () => {
  let now = 0;
  const turns = new ThreadTurns(3, 2, () => now);
  const started: string[] = [];
  const take = taker(turns, started);
  for (const name of ['A1', 'A2', 'A3', 'B1']) take(name, false, batchOf(name[0]!));
  await setImmediate();
  assert.deepEqual(started, ['A1', 'A2'], 'the third thread is not for batch tasks');
  take('upload', false, UPLOAD_LANE);
  await setImmediate();
  assert.deepEqual(started, ['A1', 'A2', 'upload']);
  turns.give(false, UPLOAD_LANE);
  take('page', false, PAGE_LANE);
  await setImmediate();
  assert.deepEqual(started, ['A1', 'A2', 'upload', 'page']);
  turns.give(false, batchOf('A'));
  await setImmediate();
  assert.deepEqual(started, ['A1', 'A2', 'upload', 'page'], 'requests are coming: batch tasks keep to one thread');
  now += REQUESTS_RECENT_MS;
  turns.give(false, PAGE_LANE);
  await setImmediate();
  assert.deepEqual(started, ['A1', 'A2', 'upload', 'page', 'B1'], 'no request for a while: batch tasks take both threads again');
});
