import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers/promises';
import { test } from 'node:test';
import { ThreadTurns } from './thread-turns.js';

/** Takes a turn and records, under `name`, when it starts. */
function taker(turns: ThreadTurns, started: string[]) {
  return (name: string, large: boolean) => void turns.take(large).then(() => started.push(name));
}

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
  turns.give(false);
  await setImmediate();
  assert.deepEqual(started, ['a', 'b', 'c']);
  turns.give(false);
  turns.give(false);
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
  turns.give(false); // small 1 done: large 2 still may not start beside large 1
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2']);
  turns.give(false); // small 2 done: a thread is free, nothing may take it
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2']);
  turns.give(true); // large 1 done: the larges follow in their order
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2', 'large 2']);
  turns.give(true);
  await setImmediate();
  assert.deepEqual(started, ['large 1', 'small 1', 'small 2', 'large 2', 'large 3']);
});
