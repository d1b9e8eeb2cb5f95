import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule.js';

test('retries follow 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, and the eighth failure is final', () => {
  const failedAt = new Date('2026-01-01T00:00:00Z');
  const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => (nextAttemptAt(attempt, failedAt)!.getTime() - failedAt.getTime()) / 1000);
  assert.deepEqual(delays, [60, 300, 900, 3600, 10800, 21600, 43200]);
  assert.equal(MAX_ATTEMPTS, 8);
  assert.equal(nextAttemptAt(8, failedAt), null);
});
