import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, passwordMatches, passwordProblem } from './password.js';

test('a hashed password matches itself only, and two hashes of it differ by salt', async () => {
  const stored = await hashPassword('correct horse battery');
  assert.match(stored, /^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  assert.ok(!stored.includes('correct horse'));
  assert.equal(await passwordMatches('correct horse battery', stored), true);
  assert.equal(await passwordMatches('correct horse batterY', stored), false);
  assert.notEqual(await hashPassword('correct horse battery'), stored);
});

test('a malformed stored hash never matches', async () => {
  assert.equal(await passwordMatches('anything at all', 'plain-text'), false);
  assert.equal(await passwordMatches('anything at all', 'bcrypt$1$2$3$x$y'), false);
});

test('short and overlong passwords are refused with a reason', () => {
  assert.match(passwordProblem('short')!, /at least 12/);
  assert.match(passwordProblem('x'.repeat(201))!, /at most 200/);
  assert.equal(passwordProblem('twelve chars'), null);
});
