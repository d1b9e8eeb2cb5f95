import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { isStopped, recordProcess, runControlled, TaskControl, TaskStopped } from './task-control.js';

test("stopping a task kills the processes it recorded, refuses new ones, and tells whoever helps it", async () => {
  const control = new TaskControl();
  await runControlled(control.shared, async () => {
    const child = spawn('sleep', ['600'], { stdio: 'ignore' });
    const exited = once(child, 'exit');
    child.once('exit', recordProcess(child.pid!));
    assert.equal(isStopped(control.shared), false);
    control.stop();
    const [, signal] = await exited;
    assert.equal(signal, 'SIGKILL');
    assert.equal(isStopped(control.shared), true);
    assert.throws(() => recordProcess(child.pid!), TaskStopped);
  });
});

test('a process that ended is forgotten, and nothing is recorded outside a task', async () => {
  const control = new TaskControl();
  // More processes, one after another, than a task has slots: each is forgotten when it ends.
  await runControlled(control.shared, async () => {
    for (let i = 0; i < 6; i++) {
      const child = spawn('true', { stdio: 'ignore' });
      const exited = once(child, 'exit');
      child.once('exit', recordProcess(child.pid!));
      await exited;
    }
  });
  assert.doesNotThrow(() => recordProcess(process.pid)());
});
